//! `weburl explain`: a diagram of a URL's components and their byte offsets in its href.

use std::io::Write;
use std::ops::Range;

use weburl::display::SpoofChecker;
use weburl::{Host, Url, ValidationError};

use crate::columns;
use crate::output::{report, CliError, Out, Status};

/// The byte range of `part` in `href`, when `part` is a non-empty slice of it (every getter
/// returns a slice of the serialization).
fn span(href: &str, part: &str) -> Option<Range<usize>> {
    if part.is_empty() {
        return None;
    }
    let start = (part.as_ptr() as usize).checked_sub(href.as_ptr() as usize)?;
    let end = start.checked_add(part.len())?;
    (href.get(start..end) == Some(part)).then_some(start..end)
}

/// What kind of host the URL has.
fn host_type(url: &Url) -> &'static str {
    match url.host_parsed() {
        None => "null (no host)",
        Some(Host::Domain(_)) => "domain",
        Some(Host::Ipv4(_)) => "IPv4 address",
        Some(Host::Ipv6(_)) => "IPv6 address",
        Some(Host::Opaque(_)) => "opaque host",
        Some(Host::Empty) => "empty host",
    }
}

/// Writes the host's public suffix (and the rule that gave it) and registrable domain, for a
/// URL with a host.
fn write_site(out: &mut impl Write, url: &Url) -> std::io::Result<()> {
    let Some(host) = url.host_parsed() else {
        return Ok(());
    };
    let Host::Domain(domain) = host else {
        writeln!(out, "public suffix      null (not a domain)")?;
        return writeln!(out, "registrable domain null");
    };
    let Some(found) = weburl::psl::lookup(domain, weburl::psl::Sections::All) else {
        writeln!(out, "public suffix      null (an empty label)")?;
        return writeln!(out, "registrable domain null");
    };
    let rule = match found.section() {
        Some(weburl::psl::Section::Icann) => format!("ICANN rule {}", found.rule()),
        Some(weburl::psl::Section::Private) => format!("PRIVATE rule {}", found.rule()),
        None => "no rule: the implicit *".to_owned(),
    };
    writeln!(out, "public suffix      {}  ({rule})", found.as_str())?;
    match found.registrable_domain() {
        Some(site) => writeln!(out, "registrable domain {site}"),
        None => writeln!(out, "registrable domain null (the host is a public suffix)"),
    }
}

/// Writes the explanation of `url`, parsed from `input` with `errors`.
pub fn write(
    out: &mut impl Write,
    input: &str,
    url: &Url,
    errors: &[ValidationError],
    checker: Option<&SpoofChecker>,
) -> std::io::Result<()> {
    let href = url.href();
    if input != href {
        writeln!(out, "input     {}", columns::display(input))?;
    }
    writeln!(out, "href      {href}")?;
    writeln!(out, "origin    {}", url.origin())?;
    writeln!(out, "host type {}", host_type(url))?;
    write_site(out, url)?;
    crate::display::explain(out, url, checker)?;
    if url.has_opaque_path() {
        writeln!(out, "path      opaque")?;
    }
    if !errors.is_empty() {
        let names: Vec<&str> = errors.iter().map(|e| e.kind.name()).collect();
        writeln!(out, "errors    {} (see `weburl check`)", names.join(", "))?;
    }
    writeln!(out)?;

    let components: [(&str, &str); 8] = [
        ("protocol", url.protocol()),
        ("username", url.username()),
        ("password", url.password()),
        ("hostname", url.hostname()),
        ("port", url.port()),
        ("pathname", url.pathname()),
        ("search", url.search()),
        ("hash", url.hash()),
    ];
    let width = href.chars().count();
    let digits = href.len().to_string().len();
    let mut empty = Vec::new();
    writeln!(out, "{href}")?;
    for (name, value) in components {
        let Some(range) = span(href, value) else {
            empty.push(name);
            continue;
        };
        let carets = columns::caret_line(href, &range);
        let range_text = format!("{}..{}", range.start, range.end);
        write!(
            out,
            "{carets:<width$}  {name:<8}  {range_text:>w$}  {value}",
            width = width,
            w = 2 * digits + 2
        )?;
        if name == "hostname" {
            write!(out, "  ({})", host_type(url))?;
        }
        writeln!(out)?;
    }
    if !empty.is_empty() {
        writeln!(out, "empty: {}", empty.join(", "))?;
    }
    Ok(())
}

/// Explains one URL (parsed against `base`, if given).
pub fn run(
    input: &str,
    base: Option<&Url>,
    checker: Option<&SpoofChecker>,
) -> Result<Status, CliError> {
    let mut status = Status::default();
    let mut errors: Vec<ValidationError> = Vec::new();
    let options = crate::input::options(base);
    let mut out = Out::stdout();
    match options.parse_with_sink(input, &mut errors) {
        Ok(url) => write(&mut out, input, &url, &errors, checker)?,
        Err(err) => {
            status.fail();
            report!("{input}: {err}");
        }
    }
    out.finish()?;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explain(input: &str) -> String {
        let mut errors = Vec::new();
        let url = Url::options().parse_with_sink(input, &mut errors).unwrap();
        let mut buf = Vec::new();
        write(&mut buf, input, &url, &errors, None).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn spans_of_every_component() {
        let url = Url::parse("https://user:pass@example.com:8080/a/b?q=1#frag").unwrap();
        let href = url.href();
        assert_eq!(span(href, url.protocol()), Some(0..6));
        assert_eq!(span(href, url.username()), Some(8..12));
        assert_eq!(span(href, url.password()), Some(13..17));
        assert_eq!(span(href, url.hostname()), Some(18..29));
        assert_eq!(span(href, url.port()), Some(30..34));
        assert_eq!(span(href, url.pathname()), Some(34..38));
        assert_eq!(span(href, url.search()), Some(38..42));
        assert_eq!(span(href, url.hash()), Some(42..47));
        // A string that is not a slice of the href has no span.
        assert_eq!(span(href, "https:"), None);
    }

    #[test]
    fn diagram() {
        let text = explain("https://user:pass@example.com:8080/a/b?q=1#frag");
        assert!(text.contains("origin    https://example.com:8080\n"));
        assert!(text.contains("host type domain\n"));
        assert!(text.contains(
            "                  ^^^^^^^^^^^                    hostname  18..29  example.com  (domain)\n"
        ));
        assert!(text.contains(
            "                                          ^^^^^  hash      42..47  #frag\n"
        ));
        assert!(!text.contains("empty:"));
        assert!(text.contains("public suffix      com  (ICANN rule com)\n"));
        assert!(text.contains("registrable domain example.com\n"));
    }

    #[test]
    fn sites() {
        let text = explain("https://a.b.whatwg.github.io./");
        assert!(text.contains("public suffix      github.io.  (PRIVATE rule github.io)\n"));
        assert!(text.contains("registrable domain whatwg.github.io.\n"));
        let text = explain("https://city.kobe.jp/");
        assert!(text.contains("public suffix      kobe.jp  (ICANN rule !city.kobe.jp)\n"));
        let text = explain("http://localhost/");
        assert!(text.contains("public suffix      localhost  (no rule: the implicit *)\n"));
        assert!(text.contains("registrable domain null (the host is a public suffix)\n"));
        let text = explain("http://127.0.0.1/");
        assert!(text.contains("public suffix      null (not a domain)\n"));
        assert!(!explain("mailto:x@example.com").contains("public suffix"));
    }

    #[test]
    fn empty_components_hosts_and_opaque_paths() {
        let text = explain("HTTP://192.168.0.1");
        assert!(text.contains("input     HTTP://192.168.0.1\n"));
        assert!(text.contains("host type IPv4 address\n"));
        assert!(text.contains("empty: username, password, port, search, hash\n"));

        let text = explain("mailto:someone@example.org");
        assert!(text.contains("host type null (no host)\n"));
        assert!(text.contains("path      opaque\n"));
        assert!(text.contains("origin    null\n"));

        assert!(explain("http://[::1]/").contains("host type IPv6 address\n"));
        assert!(explain("foo://host/").contains("host type opaque host\n"));
        assert!(explain("file:///etc").contains("host type empty host\n"));
    }
}
