//! Properties of every rendering, over every WPT urltestdata input and every corpus line
//! (`../shared/datasets`):
//!
//! - round trip: parsing the unelided rendering (wrapped left-to-right, the wrapping
//!   removed) of a URL without credentials gives the URL back, when every percent-encoded
//!   byte of its href is in uppercase hex (a decoded character is encoded again in
//!   uppercase);
//! - invariants, under several option sets: no bidi control or default-ignorable code
//!   point in the text but the wrapping; the ranges on character boundaries; the
//!   registrable domain always shown whole at the end of the host; an elided rendering no
//!   wider than asked unless it is down to the registrable domain.

#![allow(clippy::panic)]

use std::process::ExitCode;

use icu_properties::props::{BidiControl, DefaultIgnorableCodePoint};
use icu_properties::CodePointSetData;
use weburl_core::{HostKind, Url};
use weburl_display::{
    registrable_domain_start, ElisionOrder, LtrWrap, Rendered, Rendering, UrlDisplay, WidthUnit,
};
use weburl_wpt::Runner;

/// The inputs: WPT urltestdata (resolved against their bases) and the corpora.
fn urls() -> Vec<Url> {
    let mut out = Vec::new();
    let data = weburl_wpt::load("urltestdata.json");
    for case in data.as_array().into_iter().flatten() {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue;
        };
        let base = case
            .get("base")
            .and_then(|v| v.as_str())
            .and_then(|b| Url::parse(b).ok());
        let parsed = match &base {
            Some(b) => b.join(input),
            None => Url::parse(input),
        };
        out.extend(parsed.ok());
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
        out.extend(text.lines().filter_map(|l| Url::parse(l).ok()));
    }
    // Hosts with IDNs and bidi text, so that the Unicode paths are covered.
    for extra in [
        "https://xn--mnchen-3ya.de/a%C3%A9",
        "https://xn--80ak6aa92e.com/",
        "https://www.xn--mgbh0fb.xn--kgbechtv/%D7%A9?x#y",
        "https://a.b.c.d.xn--bcher-kva.example/p/q/r?s=t#u",
        "http://[::1]:8080/%E2%80%AE",
    ] {
        out.extend(Url::parse(extra).ok());
    }
    out
}

/// Whether `href` has a percent-encoded byte in lowercase hex.
fn has_lowercase_escape(href: &str) -> bool {
    let b = href.as_bytes();
    b.windows(3).any(|w| {
        w.first() == Some(&b'%')
            && w.iter().skip(1).all(u8::is_ascii_hexdigit)
            && w.iter().skip(1).any(u8::is_ascii_lowercase)
    })
}

fn round_trip(url: &Url) -> Option<Result<(), String>> {
    if url.includes_credentials() || has_lowercase_escape(url.href()) {
        return None;
    }
    let shown = url.display().ltr(LtrWrap::Isolate).to_string();
    let inner = shown
        .strip_prefix('\u{2066}')
        .and_then(|s| s.strip_suffix('\u{2069}'))
        .unwrap_or(&shown);
    Some(match Url::parse(inner) {
        Ok(again) if again.href() == url.href() => Ok(()),
        Ok(again) => Err(format!("{inner:?} parses to {}", again.href())),
        Err(e) => Err(format!("{inner:?} does not parse: {e}")),
    })
}

/// The option sets the invariants are checked under: (name, options, max width, unit).
type Configure = fn(Rendering<'_>) -> Rendering<'_>;
type OptionSet = (&'static str, Configure, Option<(usize, WidthUnit)>);
const OPTION_SETS: &[OptionSet] = &[
    ("default", |r| r.mark_registrable_domain(true), None),
    (
        "wrapped",
        |r| r.ltr(LtrWrap::Embedding).mark_registrable_domain(true),
        None,
    ),
    (
        "width 12",
        |r| r.max_width(12),
        Some((12, WidthUnit::Graphemes)),
    ),
    (
        "width 30 columns path first",
        |r| {
            r.max_width(30)
                .width_unit(WidthUnit::Columns)
                .elision_order(ElisionOrder::PathFirst)
                .ltr(LtrWrap::Isolate)
        },
        Some((30, WidthUnit::Columns)),
    ),
    (
        "simplified width 40",
        |r| {
            r.omit_scheme(true)
                .omit_trivial_subdomains(true)
                .omit_trailing_slash(true)
                .max_width(40)
        },
        Some((40, WidthUnit::Graphemes)),
    ),
    (
        "host only width 8",
        |r| r.host_only(true).max_width(8),
        Some((8, WidthUnit::Graphemes)),
    ),
];

fn invariants(
    url: &Url,
    r: &Rendered,
    wrapped: bool,
    width: Option<(usize, WidthUnit)>,
) -> Result<(), String> {
    let text = if wrapped {
        let mut chars = r.text.chars();
        chars.next();
        chars.next_back();
        chars.as_str()
    } else {
        r.text.as_str()
    };
    let di = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let bc = CodePointSetData::new::<BidiControl>();
    if let Some(c) = text.chars().find(|&c| di.contains(c) || bc.contains(c)) {
        return Err(format!("U+{:04X} in {:?}", u32::from(c), r.text));
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
        if r.text.get(range.clone()).is_none() {
            return Err(format!("range {range:?} not in {:?}", r.text));
        }
    }
    let host_text = r.host.clone().and_then(|h| r.text.get(h));
    if url.host_kind() == Some(HostKind::Domain) {
        let ascii = url.hostname();
        if let Some(start) = registrable_domain_start(ascii) {
            let reg = r
                .registrable_domain
                .clone()
                .and_then(|g| r.text.get(g))
                .ok_or_else(|| format!("no registrable domain in {:?}", r.text))?;
            let host_text = host_text.ok_or("no host")?;
            if !host_text.ends_with(reg) {
                return Err(format!("host {host_text:?} does not end with {reg:?}"));
            }
            let want = ascii.get(start..).map_or(0, |s| s.split('.').count());
            if reg.split('.').count() != want {
                return Err(format!("registrable domain {reg:?} cut"));
            }
        }
    }
    if let Some((max, unit)) = width {
        let w = unit.width(text);
        let minimal = host_text.is_some_and(|h| {
            let reg = r.registrable_domain.clone().and_then(|g| r.text.get(g));
            text == h || reg.is_some_and(|reg| text == format!("\u{2026}{reg}"))
        });
        if w > max && !minimal {
            return Err(format!("{:?} is {w} wide, over {max}", r.text));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let urls = urls();
    let mut trip = Runner::new("display round trip");
    let mut inv = Runner::new("display invariants");
    let mut skipped = 0;
    for url in &urls {
        match round_trip(url) {
            Some(outcome) => trip.case(url.href(), outcome),
            None => skipped += 1,
        }
        for (name, configure, width) in OPTION_SETS {
            let r = configure(url.display()).render();
            let wrapped = name.contains("wrapped") || name.contains("columns");
            inv.case(
                format!("{name}: {}", url.href()),
                invariants(url, &r, wrapped, *width),
            );
        }
    }
    println!("round trip: {skipped} URLs with credentials or lowercase escapes not tried");
    let a = trip.finish();
    let b = inv.finish();
    if a == ExitCode::SUCCESS && b == ExitCode::SUCCESS {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
