//! The host of a rendering: [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode),
//! label by label, where the spoof checks allow; the registrable domain's place in it.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use weburl_core::{HostKind, Url};

use crate::reason::SpoofReason;
use crate::spoof::SpoofChecker;

/// A label shown in its `xn--` form, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AceLabel {
    /// The label as shown (`xn--...`).
    pub label: String,
    /// Its Unicode form, which was not shown.
    pub unicode: String,
    /// Why.
    pub reason: SpoofReason,
}

/// A rendered host.
#[derive(Clone, Debug, Default)]
pub(crate) struct HostText<'u> {
    /// The host as shown (borrowed from the URL unless a label is shown in Unicode).
    pub text: Cow<'u, str>,
    /// The byte offset in `text` where the registrable domain starts, if the host has one.
    pub registrable: Option<usize>,
    /// The labels shown in `xn--` form.
    pub ace: Vec<AceLabel>,
    /// Whether the host is a domain.
    pub is_domain: bool,
}

impl HostText<'_> {
    /// The byte offsets where the labels start, the first (0) included; only 0 for a host
    /// that is not a domain.
    pub(crate) fn label_starts(&self) -> Vec<usize> {
        let mut starts = alloc::vec![0];
        if self.is_domain {
            starts.extend(
                self.text
                    .bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'.')
                    .map(|(i, _)| i + 1),
            );
        }
        starts
    }
}

/// How to find a host's registrable domain: returns the byte offset in the (ASCII,
/// serialized) host where it starts, or `None` when the host has none.
pub type RegistrableDomainFn<'a> = &'a (dyn Fn(&str) -> Option<usize> + 'a);

/// The number of labels of a domain.
fn label_count(domain: &str) -> usize {
    1 + domain.bytes().filter(|&b| b == b'.').count()
}

/// Renders `url`'s host (the URL has one).
pub(crate) fn render<'u>(
    url: &'u Url,
    checker: Option<&SpoofChecker>,
    registrable: &dyn Fn(&str) -> Option<usize>,
) -> HostText<'u> {
    let ascii = url.hostname();
    if url.host_kind() != Some(HostKind::Domain) {
        // IPv4, IPv6 (with its brackets), opaque and empty hosts: as serialized.
        return HostText {
            text: Cow::Borrowed(ascii),
            ..HostText::default()
        };
    }
    let mut out = HostText {
        text: Cow::Borrowed(ascii),
        is_domain: true,
        ..HostText::default()
    };
    // (A `-` first: most hosts have none, and finding one costs less than finding `xn--`.)
    if weburl_bytes::swar::has_byte(ascii.as_bytes(), b'-') && ascii.contains("xn--") {
        unicode_labels(ascii, checker, &mut out);
    }
    // The registrable domain, found in the ASCII host, is the same number of labels at the
    // end of the rendered one.
    if let Some(start) = registrable(ascii) {
        out.registrable = if matches!(out.text, Cow::Borrowed(_)) {
            Some(start)
        } else {
            let labels = ascii.get(start..).map_or(0, label_count);
            let starts = out.label_starts();
            starts
                .len()
                .checked_sub(labels)
                .and_then(|i| starts.get(i).copied())
        };
    }
    out
}

/// Shows in Unicode the `xn--` labels of `ascii` that pass the spoof checks.
fn unicode_labels(ascii: &str, checker: Option<&SpoofChecker>, out: &mut HostText<'_>) {
    let unicode = weburl_host::domain_to_unicode(ascii);
    if label_count(&unicode) != label_count(ascii) {
        // Domain to Unicode changed the labels: stay with the serialization.
        return;
    }
    let checker = checker.unwrap_or_else(|| SpoofChecker::shared());
    let tld = unicode
        .trim_end_matches('.')
        .rsplit('.')
        .next()
        .unwrap_or_default();
    let tld_ascii = ascii
        .trim_end_matches('.')
        .rsplit('.')
        .next()
        .unwrap_or_default();
    let mut text = String::with_capacity(unicode.len().max(ascii.len()));
    for (i, (a, u)) in ascii.split('.').zip(unicode.split('.')).enumerate() {
        if i > 0 {
            text.push('.');
        }
        if a == u {
            text.push_str(a);
            continue;
        }
        // Show the Unicode form only if it is what leads back to this host: a label whose
        // Unicode form encodes to another `xn--` form would send a reader who types it
        // elsewhere.
        let back = weburl_host::domain_to_ascii(u, false, &mut ());
        let outcome = if back.as_deref() == Ok(a) {
            checker.check_unicode_label(u, tld_ascii, tld)
        } else {
            Err(SpoofReason::NotIdna)
        };
        match outcome {
            Ok(()) => text.push_str(u),
            Err(reason) => {
                text.push_str(a);
                out.ace.push(AceLabel {
                    label: String::from(a),
                    unicode: String::from(u),
                    reason,
                });
            }
        }
    }
    if text == ascii {
        return;
    }
    // The whole host against the top domains (its skeleton, diacritics removed): a
    // lookalike is shown in `xn--` form, every label.
    if let Err(reason) = checker.check_host(&text) {
        for (a, u) in ascii.split('.').zip(unicode.split('.')) {
            if a != u && !out.ace.iter().any(|l| l.label == a) {
                out.ace.push(AceLabel {
                    label: String::from(a),
                    unicode: String::from(u),
                    reason: reason.clone(),
                });
            }
        }
        return;
    }
    out.text = Cow::Owned(text);
}

/// Drops a leading `www` or `m` label when it is not part of the registrable domain.
pub(crate) fn omit_trivial_subdomain(host: &mut HostText<'_>) {
    let Some(reg) = host.registrable else {
        return;
    };
    let Some(dot) = host.text.find('.') else {
        return;
    };
    let second = dot + 1;
    let first = host.text.get(..dot).unwrap_or_default();
    if second > reg || !(first == "www" || first == "m") {
        return;
    }
    host.text = match core::mem::take(&mut host.text) {
        Cow::Borrowed(s) => Cow::Borrowed(s.get(second..).unwrap_or_default()),
        Cow::Owned(s) => Cow::Owned(String::from(s.get(second..).unwrap_or_default())),
    };
    host.registrable = Some(reg - second);
}
