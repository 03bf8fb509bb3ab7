//! The host of a rendering: [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode),
//! label by label, where the spoof checks allow; the registrable domain's place in it.

use alloc::string::String;
use alloc::vec::Vec;

use weburl_core::{HostKind, Url};

use crate::spoof::{self, SpoofChecker, SpoofReason};

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
pub(crate) struct HostText {
    /// The host as shown.
    pub text: String,
    /// The byte offset in `text` where each label starts (the first is 0); one entry for a
    /// host that is not a domain.
    pub label_starts: Vec<usize>,
    /// The byte offset in `text` where the registrable domain starts, if the host has one.
    pub registrable: Option<usize>,
    /// The labels shown in `xn--` form.
    pub ace: Vec<AceLabel>,
    /// Whether the host is a domain.
    pub is_domain: bool,
}

/// How to find a host's registrable domain: returns the byte offset in the (ASCII,
/// serialized) host where it starts, or `None` when the host has none.
pub type RegistrableDomainFn<'a> = &'a (dyn Fn(&str) -> Option<usize> + 'a);

/// Renders `url`'s host (the URL has one).
pub(crate) fn render(
    url: &Url,
    checker: Option<&SpoofChecker>,
    registrable: &dyn Fn(&str) -> Option<usize>,
) -> HostText {
    let ascii = url.hostname();
    if url.host_kind() != Some(HostKind::Domain) {
        // IPv4, IPv6 (with its brackets), opaque and empty hosts: as serialized.
        return HostText {
            text: String::from(ascii),
            label_starts: alloc::vec![0],
            registrable: None,
            ace: Vec::new(),
            is_domain: false,
        };
    }
    let mut out = HostText {
        is_domain: true,
        ..HostText::default()
    };
    let ascii_labels = ascii.split('.').count();
    if ascii.contains("xn--") {
        let unicode = weburl_host::domain_to_unicode(ascii);
        if unicode.split('.').count() == ascii_labels {
            let checker = checker.unwrap_or_else(|| SpoofChecker::shared());
            let tld = unicode
                .trim_end_matches('.')
                .rsplit('.')
                .next()
                .unwrap_or_default();
            let latin_tld = spoof::tld_looks_latin(tld);
            for (a, u) in ascii.split('.').zip(unicode.split('.')) {
                if !out.label_starts.is_empty() {
                    out.text.push('.');
                }
                out.label_starts.push(out.text.len());
                if a == u {
                    out.text.push_str(a);
                    continue;
                }
                match checker.check_unicode_label(u, latin_tld) {
                    Ok(()) => out.text.push_str(u),
                    Err(reason) => {
                        out.text.push_str(a);
                        out.ace.push(AceLabel {
                            label: String::from(a),
                            unicode: String::from(u),
                            reason,
                        });
                    }
                }
            }
        } else {
            // Domain to Unicode failed (it returned the domain) or changed the labels:
            // stay with the serialization.
            ascii_text(ascii, &mut out);
        }
    } else {
        ascii_text(ascii, &mut out);
    }
    // The registrable domain, found in the ASCII host, is the same number of labels at the
    // end of the rendered one.
    if let Some(start) = registrable(ascii) {
        let labels = ascii.get(start..).map_or(0, |r| r.split('.').count());
        out.registrable = out
            .label_starts
            .len()
            .checked_sub(labels)
            .and_then(|i| out.label_starts.get(i).copied());
    }
    out
}

/// The ASCII host as shown, with its label starts.
fn ascii_text(ascii: &str, out: &mut HostText) {
    out.text.push_str(ascii);
    out.label_starts.push(0);
    out.label_starts
        .extend(ascii.match_indices('.').map(|(i, _)| i + 1));
}

/// Drops a leading `www` or `m` label when it is not part of the registrable domain.
pub(crate) fn omit_trivial_subdomain(host: &mut HostText) {
    let (Some(&second), Some(reg)) = (host.label_starts.get(1), host.registrable) else {
        return;
    };
    let first = host
        .text
        .get(..second.saturating_sub(1))
        .unwrap_or_default();
    if second > reg || !(first == "www" || first == "m") {
        return;
    }
    host.text.replace_range(..second, "");
    host.label_starts.remove(0);
    for s in &mut host.label_starts {
        *s -= second;
    }
    host.registrable = Some(reg - second);
}
