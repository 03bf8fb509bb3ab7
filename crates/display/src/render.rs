//! [URL rendering](https://url.spec.whatwg.org/#url-rendering): the `Rendering` builder and
//! its output.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use weburl_core::{HostKind, Url};

use crate::decode::{self, Part};
use crate::elide::{self, ElisionOrder};
use crate::host::{self, HostText, RegistrableDomainFn};
use crate::parts::{Parts, Rendered};
use crate::spoof::SpoofChecker;
use crate::width::WidthUnit;

/// How to mark the rendering as left-to-right text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LtrWrap {
    /// No wrapping. A URL with right-to-left text is then shown as its host alone (the
    /// spec: "in this case it is particularly advisable to only render a URL's host").
    #[default]
    None,
    /// U+2066 LEFT-TO-RIGHT ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE: the rendering is
    /// laid out left to right and does not affect the text around it.
    Isolate,
    /// U+202A LEFT-TO-RIGHT EMBEDDING ... U+202C POP DIRECTIONAL FORMATTING: the spec's
    /// "as if it were in a left-to-right embedding", for renderers without isolates.
    Embedding,
}

/// The options of a [`Rendering`] (all off by default: the whole URL, percent-decoded,
/// without credentials).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Options {
    omit_http: bool,
    omit_https: bool,
    omit_file: bool,
    omit_mailto: bool,
    omit_trivial_subdomains: bool,
    trim_after_host: bool,
    omit_trailing_slash: bool,
    host_only: bool,
    keep_percent_encoded: bool,
    mark_registrable_domain: bool,
    max_width: Option<usize>,
    unit: WidthUnit,
    order: ElisionOrder,
    wrap: LtrWrap,
}

/// A URL rendered for a person who makes a trust decision from it: the builder
/// [`UrlDisplay::display`](crate::UrlDisplay::display) returns. Set options, then
/// [`render`](Self::render) (text and component ranges) or format it (`to_string()`).
#[derive(Clone, Copy)]
pub struct Rendering<'a> {
    url: &'a Url,
    options: Options,
    checker: Option<&'a SpoofChecker>,
    registrable: Option<RegistrableDomainFn<'a>>,
}

impl fmt::Debug for Rendering<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rendering")
            .field("url", &self.url.href())
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Rendering<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render().text)
    }
}

impl<'a> Rendering<'a> {
    /// A rendering of `url` with the default options.
    pub fn new(url: &'a Url) -> Self {
        Rendering {
            url,
            options: Options::default(),
            checker: None,
            registrable: None,
        }
    }

    /// Omits `http://` and `https://` (Chromium's `kFormatUrlOmitHTTP` and
    /// `kFormatUrlOmitHTTPS`). The spec allows it only "if the display surface only ever
    /// permits a single scheme". `http://` stays when the host starts with `ftp.`.
    pub fn omit_scheme(mut self, yes: bool) -> Self {
        self.options.omit_http = yes;
        self.options.omit_https = yes;
        self
    }

    /// Omits `http://` (unless the host starts with `ftp.`).
    pub fn omit_http(mut self, yes: bool) -> Self {
        self.options.omit_http = yes;
        self
    }

    /// Omits `https://`.
    pub fn omit_https(mut self, yes: bool) -> Self {
        self.options.omit_https = yes;
        self
    }

    /// Omits `file://` from a `file:` URL with an empty host (`file:///etc/hosts` shows as
    /// `/etc/hosts`).
    pub fn omit_file_scheme(mut self, yes: bool) -> Self {
        self.options.omit_file = yes;
        self
    }

    /// Omits `mailto:` (`mailto:someone@example.com` shows as `someone@example.com`).
    pub fn omit_mailto_scheme(mut self, yes: bool) -> Self {
        self.options.omit_mailto = yes;
        self
    }

    /// Omits a leading `www.` or `m.` label when it is not part of the registrable domain
    /// (`www.example.com` shows as `example.com`; `www.co.uk` stays).
    pub fn omit_trivial_subdomains(mut self, yes: bool) -> Self {
        self.options.omit_trivial_subdomains = yes;
        self
    }

    /// Drops the path, query and fragment (Chromium's `kFormatUrlTrimAfterHost`).
    pub fn trim_after_host(mut self, yes: bool) -> Self {
        self.options.trim_after_host = yes;
        self
    }

    /// Omits the path `/` of a URL with a host and no query or fragment
    /// (`https://example.com/` shows as `https://example.com`).
    pub fn omit_trailing_slash(mut self, yes: bool) -> Self {
        self.options.omit_trailing_slash = yes;
        self
    }

    /// Shows the host alone (for a URL without a host: `scheme:`). The spec: "browsers may
    /// render only a URL's host in places where it is important for end users to
    /// distinguish between the host and other parts of the URL".
    pub fn host_only(mut self, yes: bool) -> Self {
        self.options.host_only = yes;
        self
    }

    /// Leaves the path, query and fragment percent-encoded as serialized.
    pub fn keep_percent_encoded(mut self, yes: bool) -> Self {
        self.options.keep_percent_encoded = yes;
        self
    }

    /// Elides the rendering to at most `width` (in [`width_unit`](Self::width_unit)s):
    /// lowest-level domain labels go first (`…com.evil.com`), the registrable domain is
    /// always kept whole, then the path, query and fragment are shortened from the end with
    /// `…` (the order can be changed with [`elision_order`](Self::elision_order)). When even
    /// the registrable domain alone is wider, the rendering is wider than `width`.
    pub fn max_width(mut self, width: usize) -> Self {
        self.options.max_width = Some(width);
        self
    }

    /// The unit of [`max_width`](Self::max_width): grapheme clusters (the default) or
    /// terminal columns.
    pub fn width_unit(mut self, unit: WidthUnit) -> Self {
        self.options.unit = unit;
        self
    }

    /// Which of host labels and path [`max_width`](Self::max_width) elides first.
    pub fn elision_order(mut self, order: ElisionOrder) -> Self {
        self.options.order = order;
        self
    }

    /// Wraps the rendering as left-to-right text (the spec: "browsers should render
    /// bidirectional text as if it were in a left-to-right embedding"). Without it a URL
    /// with right-to-left text is shown as its host alone.
    pub fn ltr(mut self, wrap: LtrWrap) -> Self {
        self.options.wrap = wrap;
        self
    }

    /// Checks `xn--` labels with `checker` (for example one with your own list of
    /// well-known domains) instead of the built-in one.
    pub fn spoof_checker(mut self, checker: &'a SpoofChecker) -> Self {
        self.checker = Some(checker);
        self
    }

    /// Finds the host's registrable domain even when no other option needs it, for
    /// [`Rendered::registrable_domain`] (a UI may emphasize it). It costs a Public Suffix
    /// List lookup, about as much as the rest of a rendering.
    pub fn mark_registrable_domain(mut self, yes: bool) -> Self {
        self.options.mark_registrable_domain = yes;
        self
    }

    /// Finds the registrable domain with `f` (given the serialized host, returning the byte
    /// offset where the registrable domain starts, or `None`) instead of the built-in
    /// rule.
    pub fn registrable_domain_with(mut self, f: RegistrableDomainFn<'a>) -> Self {
        self.registrable = Some(f);
        self
    }

    /// Renders the URL.
    pub fn render(&self) -> Rendered {
        if let Some(r) = self.render_as_href() {
            return r;
        }
        self.render_general()
    }

    /// The rendering when it is the href as it is, or `None`. Most URLs of every corpus in
    /// the bench are this case: default options, a host with no `xn--` label (nothing to
    /// show in Unicode or check), no credentials and no `%` after the host (nothing to
    /// decode, nothing right-to-left). The general path then only borrows every part from
    /// the href and copies it whole, after building and dropping its intermediate parts
    /// (most of `display()`'s cost on such URLs: `docs/performance.md`); this gives the
    /// same `Rendered` with one exact-size copy and the ranges read off the URL's offsets.
    fn render_as_href(&self) -> Option<Rendered> {
        let url = self.url;
        if self.options != Options::default() || !url.has_host() || url.includes_credentials() {
            return None;
        }
        let host = url.hostname();
        if url.host_kind() == Some(HostKind::Domain)
            && has_byte(host, b'-')
            && host.contains("xn--")
        {
            return None;
        }
        let href = url.href();
        let pathname = url.pathname();
        let query = url.query();
        let fragment = url.fragment();
        let rest = query.map_or(0, |q| q.len() + 1) + fragment.map_or(0, |f| f.len() + 1);
        let path_end = href.len().checked_sub(rest)?;
        let path_start = path_end.checked_sub(pathname.len())?;
        if has_byte(href.get(path_start..)?, b'%') {
            return None;
        }
        let scheme = url.scheme().len();
        let host_start = scheme + 3;
        let host_end = host_start + host.len();
        let port = url.port();
        let mut r = Rendered {
            text: String::from(href),
            scheme: Some(0..scheme),
            host: Some(host_start..host_end),
            port: (!port.is_empty()).then(|| host_end + 1..host_end + 1 + port.len()),
            ..Rendered::default()
        };
        if path_start == href.len() {
            // No path, query or fragment (`foo://`): none shown, as `elide::assemble` has it.
            return Some(r);
        }
        r.path = Some(path_start..path_end);
        let mut at = path_end;
        if let Some(q) = query {
            r.query = Some(at + 1..at + 1 + q.len());
            at += 1 + q.len();
        }
        if let Some(f) = fragment {
            r.fragment = Some(at + 1..at + 1 + f.len());
        }
        Some(r)
    }

    /// Renders the URL, every option and every host.
    fn render_general(&self) -> Rendered {
        let url = self.url;
        let o = &self.options;
        let none = |_: &str| None;
        let registrable: &dyn Fn(&str) -> Option<usize> = match self.registrable {
            _ if !(o.max_width.is_some()
                || o.omit_trivial_subdomains
                || o.mark_registrable_domain) =>
            {
                &none
            }
            Some(f) => f,
            None => &crate::registrable::registrable_domain_start,
        };
        let mut host = url
            .has_host()
            .then(|| host::render(url, self.checker, registrable));
        if o.omit_trivial_subdomains {
            if let Some(h) = host.as_mut() {
                host::omit_trivial_subdomain(h);
            }
        }
        let mut parts = Parts::default();
        let mut host_only = o.host_only;
        if !host_only && !o.trim_after_host {
            tail(url, o, !o.keep_percent_encoded, &mut parts);
        }
        let mut host_only_for_bidi = false;
        if o.wrap == LtrWrap::None {
            // What is borrowed from the href is ASCII: only a host shown in Unicode or a
            // decoded tail can have right-to-left text.
            let rtl = |s: &Cow<'_, str>| matches!(s, Cow::Owned(s) if !s.is_ascii() && s.chars().any(crate::unicode::is_rtl));
            let host_rtl = host.as_ref().is_some_and(|h| rtl(&h.text));
            if host_rtl || rtl(&parts.tail) {
                if host.is_some() {
                    host_only_for_bidi = !host_only;
                    host_only = true;
                } else {
                    // No host to fall back on: keep the rest percent-encoded (ASCII).
                    parts = Parts::default();
                    if !o.trim_after_host {
                        tail(url, o, false, &mut parts);
                    }
                }
            }
        }
        if host_only {
            parts = Parts::default();
        }
        prefix(url, o, host_only, host.as_ref(), &mut parts);
        if !host_only {
            parts.port = url.port();
        }
        let ace = host
            .as_mut()
            .map(|h| core::mem::take(&mut h.ace))
            .unwrap_or_default();
        parts.host = host;
        parts.source = whole_href(url, &parts);
        let mut rendered = match o.max_width {
            Some(width) => elide::elide(&parts, width, o.unit, o.order),
            None => elide::assemble(&parts, &elide::Plan::whole()),
        };
        rendered.host_only_for_bidi = host_only_for_bidi;
        rendered.ace_labels = ace;
        wrap(&mut rendered, o.wrap);
        rendered
    }
}

/// The href, if `parts` shown whole are it: scheme, `//`, host, port and tail as the URL
/// has them (nothing omitted, decoded or shown in Unicode) and no credentials, which the
/// href has and a rendering never shows.
fn whole_href<'u>(url: &'u Url, parts: &Parts<'_>) -> Option<&'u str> {
    let host = parts.host.as_ref()?;
    let Cow::Borrowed(tail) = &parts.tail else {
        return None;
    };
    let href = url.href();
    let unchanged = parts.slashes
        && parts.scheme.len() == url.scheme().len()
        && matches!(host.text, Cow::Borrowed(h) if h.len() == url.hostname().len())
        && parts.port.len() == url.port().len()
        && url.username().is_empty()
        && url.password().is_empty();
    let port = if parts.port.is_empty() {
        0
    } else {
        1 + parts.port.len()
    };
    let len = parts.scheme.len() + 3 + host.text.len() + port + tail.len();
    (unchanged && len == href.len()).then_some(href)
}

/// Whether `c` is in `s`, eight bytes at a time without a branch (`weburl-bytes`' SWAR
/// helper): for the short strings of a URL, cheaper than `contains`, whose search stops at
/// the first `c`.
pub(crate) fn has_byte(s: &str, c: u8) -> bool {
    weburl_bytes::swar::has_byte(s.as_bytes(), c)
}

/// The scheme prefix, unless omitted.
fn prefix<'u>(
    url: &'u Url,
    o: &Options,
    host_only: bool,
    host: Option<&HostText<'_>>,
    parts: &mut Parts<'u>,
) {
    let scheme = url.scheme();
    let host_text = host.map_or("", |h| &*h.text);
    if host_only && host.is_some() {
        return;
    }
    let omit = match scheme {
        "http" => o.omit_http && !host_text.starts_with("ftp."),
        "https" => o.omit_https,
        "file" => o.omit_file && host_text.is_empty(),
        "mailto" => o.omit_mailto,
        _ => false,
    };
    if !omit {
        parts.scheme = scheme;
        parts.slashes = host.is_some();
    }
}

/// The path (with a `/.` before it when the serialization has one), query and fragment,
/// decoded unless `decode` is false; borrowed from the href when nothing is decoded.
fn tail<'u>(url: &'u Url, o: &Options, decode: bool, parts: &mut Parts<'u>) {
    let href = url.href();
    let pathname = url.pathname();
    let query = url.query();
    let fragment = url.fragment();
    let rest = query.map_or(0, |q| q.len() + 1) + fragment.map_or(0, |f| f.len() + 1);
    let path_end = href.len().saturating_sub(rest);
    let path_start = path_end.saturating_sub(pathname.len());
    let dot = !url.has_host() && href.get(..path_start).is_some_and(|h| h.ends_with("/."));
    let start = if dot { path_start - 2 } else { path_start };
    let bare = url.has_host() && pathname == "/" && query.is_none() && fragment.is_none();
    if bare && o.omit_trailing_slash {
        return;
    }
    let region = href.get(start..).unwrap_or_default();
    if !decode || !has_byte(region, b'%') {
        // Nothing to decode: the href's own text, with its ranges.
        parts.tail = Cow::Borrowed(region);
        let p = path_start - start;
        parts.path = Some(p..p + pathname.len());
        let mut at = p + pathname.len();
        if let Some(q) = query {
            parts.query = Some(at + 1..at + 1 + q.len());
            at += 1 + q.len();
        }
        if let Some(f) = fragment {
            parts.fragment = Some(at + 1..at + 1 + f.len());
        }
        return;
    }
    let mut out = String::with_capacity(region.len());
    if dot {
        out.push_str("/.");
    }
    let part = if url.has_opaque_path() {
        Part::OpaquePath
    } else {
        Part::Normal
    };
    let s = out.len();
    decode::decode_into(pathname, part, &mut out);
    parts.path = Some(s..out.len());
    if let Some(q) = query {
        out.push('?');
        let s = out.len();
        decode::decode_into(q, Part::Normal, &mut out);
        parts.query = Some(s..out.len());
    }
    if let Some(f) = fragment {
        out.push('#');
        let s = out.len();
        decode::decode_into(f, Part::Normal, &mut out);
        parts.fragment = Some(s..out.len());
    }
    parts.tail = Cow::Owned(out);
}

/// Wraps the text in LRI/PDI or LRE/PDF, shifting the ranges.
fn wrap(r: &mut Rendered, wrap: LtrWrap) {
    let (open, close) = match wrap {
        LtrWrap::None => return,
        LtrWrap::Isolate => ('\u{2066}', '\u{2069}'),
        LtrWrap::Embedding => ('\u{202A}', '\u{202C}'),
    };
    let shift = open.len_utf8();
    r.text.insert(0, open);
    r.text.push(close);
    for range in [
        &mut r.scheme,
        &mut r.host,
        &mut r.registrable_domain,
        &mut r.port,
        &mut r.path,
        &mut r.query,
        &mut r.fragment,
    ]
    .into_iter()
    .flatten()
    {
        *range = range.start + shift..range.end + shift;
    }
}

#[cfg(test)]
mod tests {
    use super::has_byte;
    use weburl_core::Url;

    /// The href fast path gives what the general path gives, on every URL it takes: WPT
    /// urltestdata inputs, the corpora, and URLs at its edges (credentials, `xn--`, `%`,
    /// ports, IP and opaque and empty hosts, empty query and fragment).
    #[test]
    #[allow(clippy::panic)]
    fn href_fast_path_is_general_path() {
        let mut inputs: Vec<String> = [
            "https://example.com/",
            "https://example.com",
            "https://user:pw@example.com/a",
            "https://user@example.com/a",
            "https://example.com:8080/a?b#c",
            "https://example.com/?#",
            "https://example.com/a?#b",
            "https://ex-ample.com/a-b?c-d#e-f",
            "https://xn--mnchen-3ya.de/a",
            "https://xn--80ak6aa92e.com/",
            "https://example.com/%E2%9C%93",
            "https://example.com/a?%20",
            "https://example.com/a#%",
            "http://[::1]:8080/a",
            "http://1.2.3.4/a",
            "foo://xn--abc/p?q#f",
            "foo://h-xn--/p",
            "file:///etc/hosts",
            "file://host/share",
            "mailto:someone@example.com",
            "foo:/.//p",
            "sc://%41/",
        ]
        .iter()
        .map(|s| String::from(*s))
        .collect();
        let data = weburl_wpt::load("urltestdata.json");
        for case in data.as_array().into_iter().flatten() {
            if let Some(input) = case.get("input").and_then(|v| v.as_str()) {
                let base = case.get("base").and_then(|v| v.as_str()).unwrap_or("");
                let url = Url::parse(base).and_then(|b| b.join(input));
                inputs.extend(url.ok().map(|u| String::from(u.href())));
                inputs.push(String::from(input));
            }
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/datasets");
        for name in [
            "node_files.txt",
            "isaacs_files.txt",
            "kasztp.txt",
            "userbait.txt",
        ] {
            let text = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| {
                panic!("corpus {name} not readable ({e}): needs ../shared/datasets")
            });
            inputs.extend(text.lines().map(String::from));
        }
        let mut fast = 0;
        for input in &inputs {
            let Ok(url) = Url::parse(input) else {
                continue;
            };
            let r = super::Rendering::new(&url);
            if let Some(f) = r.render_as_href() {
                fast += 1;
                assert_eq!(f, r.render_general(), "{input}");
            }
        }
        assert!(fast > 1000, "{fast}");
    }

    /// `has_byte` against `contains`: every length, every position, bytes around the ones
    /// the word trick could confuse (0x00, 0x01, 0x7F, 0x80, 0xFF around `c`).
    #[test]
    fn has_byte_is_contains() {
        for c in [b'%', b'-', 0x01, 0x7F] {
            for len in 0..40 {
                for fill in [b'a', 0x00, c.wrapping_add(1), c.wrapping_sub(1), c ^ 0x80] {
                    let fill = if fill == c { b'a' } else { fill };
                    for at in 0..=len {
                        let mut s = alloc::vec![fill; len];
                        if let Some(x) = s.get_mut(at) {
                            *x = c;
                        }
                        // Non-ASCII fill bytes are not UTF-8: check on the bytes as text
                        // when they are, else on ASCII-only inputs.
                        if let Ok(text) = core::str::from_utf8(&s) {
                            assert_eq!(has_byte(text, c), s.contains(&c), "{c} {len} {at}");
                        }
                    }
                }
            }
        }
    }
}
