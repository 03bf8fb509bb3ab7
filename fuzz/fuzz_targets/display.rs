//! `url.display()` (weburl::display, the URL Standard's URL rendering) under several option
//! sets: no panic, the ranges on character boundaries, no bidi control or
//! default-ignorable code point in the text but the optional left-to-right wrapping, the
//! registrable domain always shown whole at the end of an elided host, and the unelided
//! rendering of a URL without credentials parsing back to the URL (when its
//! percent-encoded bytes are in uppercase hex, as the parser writes them again); also with
//! the input itself as the top-domains list.
#![no_main]

use icu_properties::props::{BidiControl, DefaultIgnorableCodePoint};
use icu_properties::CodePointSetData;
use libfuzzer_sys::fuzz_target;
use weburl::display::{ElisionOrder, LtrWrap, Rendered, SpoofChecker, WidthUnit};
use weburl::{HostKind, Url, UrlDisplay};
use weburl_fuzz::utf8;

/// Whether `href` has a percent-encoded byte in lowercase hex.
fn has_lowercase_escape(href: &str) -> bool {
    href.as_bytes().windows(3).any(|w| {
        w[0] == b'%'
            && w[1..].iter().all(u8::is_ascii_hexdigit)
            && w[1..].iter().any(u8::is_ascii_lowercase)
    })
}

fn check(url: &Url, r: &Rendered, wrapped: bool, what: &str) {
    let mut text = r.text.as_str();
    if wrapped {
        let mut chars = text.chars();
        let (open, close) = (chars.next(), chars.next_back());
        assert!(
            matches!(
                (open, close),
                (Some('\u{2066}'), Some('\u{2069}')) | (Some('\u{202A}'), Some('\u{202C}'))
            ),
            "{what}: not wrapped: {:?}",
            r.text
        );
        text = chars.as_str();
    }
    let di = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let bc = CodePointSetData::new::<BidiControl>();
    if let Some(c) = text.chars().find(|&c| di.contains(c) || bc.contains(c)) {
        panic!(
            "{what}: U+{:04X} in {:?} ({})",
            u32::from(c),
            r.text,
            url.href()
        );
    }
    for range in [
        &r.scheme,
        &r.host,
        &r.registrable_domain,
        &r.port,
        &r.path,
        &r.query,
        &r.fragment,
    ]
    .into_iter()
    .flatten()
    {
        assert!(
            r.text.get(range.clone()).is_some(),
            "{what}: range {range:?} in {:?}",
            r.text
        );
    }
    if url.host_kind() == Some(HostKind::Domain) {
        if let Some(reg) = weburl::psl::registrable_domain(url.hostname()) {
            let shown = r.registrable_domain.clone().and_then(|g| r.text.get(g));
            let shown = shown.unwrap_or_else(|| panic!("{what}: {reg} not shown in {:?}", r.text));
            let host = r
                .host
                .clone()
                .and_then(|h| r.text.get(h))
                .unwrap_or_default();
            assert!(
                host.ends_with(shown),
                "{what}: host {host:?} does not end with {shown:?}"
            );
            assert_eq!(
                shown.split('.').count(),
                reg.split('.').count(),
                "{what}: registrable domain {reg} shown as {shown:?}"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    let Ok(url) = Url::parse(input) else { return };
    let width = input.len() % 48;

    let r = url.display().mark_registrable_domain(true).render();
    check(&url, &r, false, "default");
    let r = url
        .display()
        .ltr(LtrWrap::Isolate)
        .mark_registrable_domain(true)
        .render();
    check(&url, &r, true, "isolate");
    if !url.includes_credentials() && !has_lowercase_escape(url.href()) {
        let inner = &r.text[3..r.text.len() - 3];
        match Url::parse(inner) {
            Ok(again) => assert_eq!(again.href(), url.href(), "round trip of {inner:?}"),
            Err(e) => panic!("rendering {inner:?} of {} does not parse: {e}", url.href()),
        }
    }
    let r = url.display().max_width(width).render();
    check(&url, &r, false, "max_width");
    let r = url
        .display()
        .max_width(width)
        .width_unit(WidthUnit::Columns)
        .elision_order(ElisionOrder::PathFirst)
        .omit_scheme(true)
        .omit_trivial_subdomains(true)
        .omit_trailing_slash(true)
        .ltr(LtrWrap::Embedding)
        .render();
    check(&url, &r, true, "path first, simplified");
    let r = url.display().host_only(true).max_width(width / 4).render();
    check(&url, &r, false, "host only");
    // The input as a top-domains list (`weburl display --top-domains FILE`): any text makes
    // a checker, and a rendering with it keeps the invariants.
    let checker = SpoofChecker::from_top_domains_text(input);
    let r = url
        .display()
        .spoof_checker(&checker)
        .mark_registrable_domain(true)
        .render();
    check(&url, &r, false, "own top domains");
});
