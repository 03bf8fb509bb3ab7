//! `display(url, options)`: weburl-display's rendering for people, with each label shown in
//! its `xn--` form and the spoof rule that refused its Unicode form.

use weburl::display::Rendering;
use weburl::Url;

use crate::json;
use crate::Utf16Offsets;

/// The option bits the wrapper sends, in this order (bit 0 first).
pub(crate) const OPTION_NAMES: [&str; 9] = [
    "omitScheme",
    "omitHttp",
    "omitHttps",
    "omitTrivialSubdomains",
    "trimAfterHost",
    "omitTrailingSlash",
    "hostOnly",
    "keepPercentEncoded",
    "markRegistrableDomain",
];

/// Option `bit` of [`OPTION_NAMES`] set to `yes`.
fn option(r: Rendering<'_>, bit: usize, yes: bool) -> Rendering<'_> {
    match bit {
        0 => r.omit_scheme(yes),
        1 => r.omit_http(yes),
        2 => r.omit_https(yes),
        3 => r.omit_trivial_subdomains(yes),
        4 => r.trim_after_host(yes),
        5 => r.omit_trailing_slash(yes),
        6 => r.host_only(yes),
        7 => r.keep_percent_encoded(yes),
        _ => r.mark_registrable_domain(yes),
    }
}

/// The rendering as JSON: `{text, host, registrableDomain, elided, aceLabels: [{label,
/// unicode, rule, reason}]}`, ranges as UTF-16 `[start, end]` in `text`. `max_width` 0 is no
/// limit.
pub(crate) fn render(url: &Url, flags: u32, max_width: usize) -> String {
    let mut rendering = Rendering::new(url);
    for bit in 0..OPTION_NAMES.len() {
        if flags & (1 << bit) != 0 {
            rendering = option(rendering, bit, true);
        }
    }
    if max_width > 0 {
        rendering = rendering.max_width(max_width);
    }
    let r = rendering.render();
    let mut out = String::from("{");
    json::key(&mut out, true, "text");
    json::string(&mut out, &r.text);
    let offsets = Utf16Offsets::new(&r.text);
    for (name, part) in [
        ("scheme", &r.scheme),
        ("host", &r.host),
        ("registrableDomain", &r.registrable_domain),
        ("port", &r.port),
        ("path", &r.path),
        ("query", &r.query),
        ("fragment", &r.fragment),
    ] {
        json::key(&mut out, false, name);
        match part {
            Some(p) => out.push_str(&format!(
                "[{},{}]",
                offsets.get(p.start),
                offsets.get(p.end)
            )),
            None => out.push_str("null"),
        }
    }
    json::key(&mut out, false, "elided");
    out.push_str(if r.elided { "true" } else { "false" });
    json::key(&mut out, false, "aceLabels");
    out.push('[');
    for (i, ace) in r.ace_labels.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        json::key(&mut out, true, "label");
        json::string(&mut out, &ace.label);
        json::key(&mut out, false, "unicode");
        json::string(&mut out, &ace.unicode);
        json::key(&mut out, false, "rule");
        json::string(&mut out, ace.reason.name());
        json::key(&mut out, false, "reason");
        json::string(&mut out, &ace.reason.to_string());
        out.push('}');
    }
    out.push_str("]}");
    out
}
