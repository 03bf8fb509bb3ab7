//! The public suffix and registrable domain of hosts and URLs, against the URL Standard's
//! table (read from `url.bs` at test time), every `checkPublicSuffix` line of the list's own
//! `test_psl.txt`, a literal implementation of the list's formal algorithm on every host of
//! the URL corpora, and runtime lists against the compiled one.
//!
//! Each part prints a named summary line, "<name>: N passed, M failed".
// Test helpers panic on unexpected input, as tests do.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;

use weburl::host::{parse_host, Host};
use weburl::psl::{List, ListErrorKind, Sections};
use weburl::Url;
use weburl_wpt::Runner;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn show(v: Option<&str>) -> String {
    v.map_or_else(|| "null".to_owned(), |s| format!("{s:?}"))
}

fn check(what: &str, expected: Option<&str>, got: Option<&str>) -> Result<(), String> {
    if expected == got {
        Ok(())
    } else {
        Err(format!(
            "{what}: expected {}, got {}",
            show(expected),
            show(got)
        ))
    }
}

/// The cells of the table after `#host-registrable-domain` (`id=example-host-psl`): host
/// input, public suffix, registrable domain (`None` for null).
fn spec_rows(spec: &str) -> Vec<[Option<String>; 3]> {
    let start = spec
        .find("id=example-host-psl")
        .expect("url.bs: no example-host-psl table");
    let end = start
        + spec[start..]
            .find("</table>")
            .expect("url.bs: table not ended");
    let table = &spec[start..end];
    let mut rows = Vec::new();
    for row in table.split("<tr>").skip(1) {
        let cells: Vec<Option<String>> = row
            .split("<td>")
            .skip(1)
            .map(|cell| {
                let cell = cell.trim();
                let code = cell
                    .strip_prefix("<code>")
                    .and_then(|c| c.split_once("</code>"))
                    .map(|(c, _)| c.to_owned());
                match code {
                    Some(c) => Some(c),
                    None => {
                        assert_eq!(cell, "null", "url.bs: unexpected cell {cell:?}");
                        None
                    }
                }
            })
            .collect();
        if cells.is_empty() {
            continue; // the header row
        }
        rows.push(cells.try_into().expect("url.bs: a row of three cells"));
    }
    rows
}

fn spec_table() -> ExitCode {
    let spec = read(root().join("../shared/spec/url.bs"));
    let rows = spec_rows(&spec);
    assert!(rows.len() >= 12, "url.bs: only {} rows", rows.len());
    let mut runner = Runner::new("url.bs #example-host-psl");
    for [input, suffix, registrable] in rows {
        let input = input.expect("url.bs: a null host input");
        let outcome = (|| {
            let url = Url::parse(&format!("https://{input}/")).map_err(|e| e.to_string())?;
            check("Url::public_suffix", suffix.as_deref(), url.public_suffix())?;
            check(
                "Url::registrable_domain",
                registrable.as_deref(),
                url.registrable_domain(),
            )?;
            let host = parse_host(&input, false, &mut ()).map_err(|e| e.to_string())?;
            check(
                "Host::public_suffix",
                suffix.as_deref(),
                host.public_suffix(),
            )?;
            check(
                "Host::registrable_domain",
                registrable.as_deref(),
                host.registrable_domain(),
            )
        })();
        runner.case(input, outcome);
    }
    runner.finish()
}

/// One `checkPublicSuffix(input, expected);` line: `None` for `null`.
fn psl_test_line(line: &str) -> Option<(Option<String>, Option<String>)> {
    let args = line
        .trim()
        .strip_prefix("checkPublicSuffix(")?
        .strip_suffix(");")?;
    let (a, b) = args.split_once(", ")?;
    let arg = |s: &str| {
        if s == "null" {
            None
        } else {
            Some(s.trim_matches('\'').to_owned())
        }
    };
    Some((arg(a), arg(b)))
}

fn test_psl(runtime: &List) -> ExitCode {
    let text = read(root().join("crates/psl/data/test_psl.txt"));
    let mut runner = Runner::new("test_psl.txt");
    for line in text.lines() {
        let Some((input, expected)) = psl_test_line(line) else {
            assert!(
                !line.trim_start().starts_with("checkPublicSuffix"),
                "test_psl.txt: unreadable line {line:?}"
            );
            continue;
        };
        let outcome = (|| {
            let Some(input) = input else {
                // `checkPublicSuffix(null, null)`: no domain at all. A URL's host may be null
                // (`about:blank`), and then it has no registrable domain.
                let url = Url::parse("about:blank").map_err(|e| e.to_string())?;
                return check("about:blank", None, url.registrable_domain());
            };
            // The inputs are hosts as a user would write them (mixed case, Unicode): they go
            // through the host parser, as in a URL; so do the expected values, which the list
            // writes in Unicode where the input was. Every input here is a valid host
            // (`.com`: the host parser keeps empty labels, and the lookup then finds no
            // registrable domain, as the list's test expects).
            let url = Url::parse(&format!("http://{input}/")).map_err(|e| e.to_string())?;
            let expected = expected.map(|e| {
                weburl::host::domain_to_ascii(&e, false, &mut ())
                    .expect("test_psl.txt: an expected value that is not a domain")
                    .into_owned()
            });
            check(
                "Url::registrable_domain",
                expected.as_deref(),
                url.registrable_domain(),
            )?;
            check(
                "runtime list",
                expected.as_deref(),
                url.registrable_domain_in(runtime, Sections::All),
            )
        })();
        runner.case(line.trim(), outcome);
    }
    runner.finish()
}

/// The list's rules, literally: each rule's domain (without `!` or `*.`) in the set of its
/// kind, per section.
struct Rules {
    /// [normal, wildcard, exception] rule domains, ICANN section.
    icann: [HashSet<String>; 3],
    /// The same, PRIVATE section.
    private: [HashSet<String>; 3],
}

impl Rules {
    fn parse(text: &str) -> Rules {
        let mut rules = Rules {
            icann: Default::default(),
            private: Default::default(),
        };
        let mut private = false;
        for line in text.lines() {
            let line = line.trim();
            if line.contains("===BEGIN PRIVATE DOMAINS===") {
                private = true;
            }
            if line.is_empty() || line.starts_with("//") {
                continue;
            }
            let rule = line.split_whitespace().next().unwrap();
            let (kind, domain) = if let Some(d) = rule.strip_prefix('!') {
                (2, d)
            } else if let Some(d) = rule.strip_prefix("*.") {
                (1, d)
            } else {
                (0, rule)
            };
            let domain = weburl::host::domain_to_ascii(domain, false, &mut ())
                .unwrap()
                .into_owned();
            let sets = if private {
                &mut rules.private
            } else {
                &mut rules.icann
            };
            sets[kind].insert(domain);
        }
        rules
    }

    fn has(&self, kind: usize, domain: &str, icann_only: bool) -> bool {
        self.icann[kind].contains(domain) || (!icann_only && self.private[kind].contains(domain))
    }

    /// The [formal algorithm](https://github.com/publicsuffix/list/wiki/Format#formal-algorithm)
    /// as written: every rule that matches the domain noted (each suffix of the domain tried
    /// against the rules of each kind), the prevailing one chosen. Returns the public
    /// suffix's number of labels (without a trailing dot).
    fn suffix_labels(&self, domain: &str, icann_only: bool) -> usize {
        let labels: Vec<&str> = domain.split('.').collect();
        // (labels of the matching rule, is an exception)
        let mut matched: Vec<(usize, bool)> = Vec::new();
        for n in 1..=labels.len() {
            let suffix = labels[labels.len() - n..].join(".");
            if self.has(0, &suffix, icann_only) {
                matched.push((n, false));
            }
            if self.has(2, &suffix, icann_only) {
                matched.push((n, true));
            }
            // An empty label matches no rule, not even a wildcard.
            if labels[labels.len() - n].is_empty() {
                break;
            }
            if n >= 2 {
                let parent = labels[labels.len() - n + 1..].join(".");
                if self.has(1, &parent, icann_only) {
                    matched.push((n, false));
                }
            }
        }
        // "If more than one rule matches, the prevailing rule is the one which is an
        // exception rule. If there is no matching exception rule, the prevailing rule is the
        // one with the most labels. If the prevailing rule is a exception rule, modify it by
        // removing the leftmost label." No match: the rule "*".
        if let Some((n, _)) = matched.iter().find(|m| m.1) {
            return n - 1;
        }
        matched.iter().map(|m| m.0).max().unwrap_or(1)
    }
}

fn corpus_hosts() -> Vec<String> {
    let dir = root().join("../shared/datasets");
    let mut hosts = Vec::new();
    let mut seen = HashSet::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e} (the URL corpora)", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    for file in files {
        for line in read(file).lines() {
            if let Ok(url) = Url::parse(line) {
                if let Some(Host::Domain(d)) = url.host_parsed() {
                    if seen.insert(d.to_owned()) {
                        hosts.push(d.to_owned());
                    }
                }
            }
        }
    }
    hosts
}

/// Every host of the corpora (and some derived from them), by the compiled list, a runtime
/// list and the literal algorithm, both sections and ICANN only.
fn corpus(runtime: &List, rules: &Rules) -> ExitCode {
    let compiled = List::compiled();
    let mut runner = Runner::new("corpus hosts (compiled = runtime = literal algorithm)");
    let mut hosts = corpus_hosts();
    assert!(hosts.len() > 1000, "only {} corpus hosts", hosts.len());
    // Upper case, a trailing dot, and each host's parent domains.
    let extra: Vec<String> = hosts
        .iter()
        .flat_map(|h| {
            let mut v = vec![
                h.to_ascii_uppercase(),
                format!("{h}."),
                format!(".{h}"),
                format!("{h}.."),
                format!("x..{h}"),
                h.replacen('.', "..", 1),
            ];
            let mut rest = h.as_str();
            while let Some((_, r)) = rest.split_once('.') {
                v.push(r.to_owned());
                rest = r;
            }
            v
        })
        .collect();
    hosts.extend(extra);
    for host in &hosts {
        let mut outcome = Ok(());
        for sections in [Sections::All, Sections::IcannOnly] {
            let a = compiled.lookup(host, sections);
            let b = runtime.lookup(host, sections);
            if a != b {
                outcome = Err(format!("{sections:?}: compiled {a:?}, runtime {b:?}"));
                break;
            }
            let lower = host.to_ascii_lowercase();
            let bare = lower.strip_suffix('.').unwrap_or(&lower);
            let labels: Vec<&str> = bare.split('.').collect();
            // A leading dot, or an empty last label: no public suffix.
            let expected = if lower.starts_with('.') || labels.last() == Some(&"") {
                None
            } else {
                let n = rules.suffix_labels(bare, sections == Sections::IcannOnly);
                Some(labels[labels.len() - n..].join(".").len() + (lower.len() - bare.len()))
            };
            let got = a.map(|s| s.as_str().len());
            if expected != got {
                outcome = Err(format!(
                    "{sections:?}: suffix length: literal algorithm {expected:?}, lookup {got:?} ({a:?})"
                ));
                break;
            }
            if sections == Sections::All {
                // The shortcuts without a `Suffix` give the same answers as the lookup.
                let registrable = a.and_then(|s| s.registrable_domain());
                let shortcuts = [
                    ("registrable_domain", weburl::psl::registrable_domain(host)),
                    (
                        "List::registrable_domain",
                        compiled.registrable_domain(host),
                    ),
                    (
                        "runtime registrable_domain",
                        runtime.registrable_domain(host),
                    ),
                ];
                if let Some((name, got)) = shortcuts.iter().find(|(_, got)| *got != registrable) {
                    outcome = Err(format!(
                        "{name}: {got:?}, lookup's registrable domain {registrable:?}"
                    ));
                    break;
                }
            }
        }
        runner.case(host.clone(), outcome);
    }
    runner.finish()
}

/// Malformed list text gives a named error on the right line, never a panic.
fn malformed() -> ExitCode {
    let mut runner = Runner::new("malformed lists");
    let cases: &[(&str, usize, ListErrorKind)] = &[
        ("com\na..b\n", 2, ListErrorKind::EmptyLabel),
        (".com", 1, ListErrorKind::EmptyLabel),
        ("!", 1, ListErrorKind::EmptyLabel),
        ("*.", 1, ListErrorKind::EmptyLabel),
        ("a.*.b", 1, ListErrorKind::MisplacedWildcard),
        ("*", 1, ListErrorKind::MisplacedWildcard),
        ("!*.a", 1, ListErrorKind::MisplacedWildcard),
        ("!com", 1, ListErrorKind::ExceptionTooShort),
        (
            "// ===BEGIN ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===",
            2,
            ListErrorKind::NestedSection,
        ),
        (
            "com\n// ===END ICANN DOMAINS===",
            2,
            ListErrorKind::UnmatchedSectionEnd,
        ),
        (
            "// ===BEGIN PRIVATE DOMAINS===\ncom\n",
            2,
            ListErrorKind::UnterminatedSection,
        ),
    ];
    let long = format!("{}.com", "a".repeat(64));
    let mut all: Vec<(String, usize, ListErrorKind)> = cases
        .iter()
        .map(|(t, l, k)| ((*t).to_owned(), *l, *k))
        .collect();
    all.push((format!("com\n\n{long}"), 3, ListErrorKind::LabelTooLong));
    all.push((
        format!("{}.com", "é".repeat(300)),
        1,
        ListErrorKind::NotAscii,
    ));
    for (text, line, kind) in all {
        let got = List::parse(&text).map(|_| ()).map_err(|e| (e.line, e.kind));
        let outcome = if got == Err((line, kind)) {
            Ok(())
        } else {
            Err(format!("expected line {line} {kind:?}, got {got:?}"))
        };
        runner.case(format!("{text:?}"), outcome);
    }
    // Every prefix and line-mutation of the real list: a list or an error, never a panic.
    let list = read(root().join("crates/psl/data/public_suffix_list.dat"));
    let lines: Vec<&str> = list.lines().collect();
    let mut survived = 0;
    for (i, step) in (0..lines.len()).step_by(1009).enumerate() {
        let mut mutated: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        let junk = [
            "*",
            "!",
            "a..b",
            "*.*.a",
            "\u{0}",
            "é.*",
            "// ===END PRIVATE DOMAINS===",
        ];
        mutated[step] = junk[i % junk.len()].to_owned();
        let _ = List::parse(&mutated.join("\n"));
        let mut cut = (step * 37).min(list.len());
        while !list.is_char_boundary(cut) {
            cut -= 1;
        }
        let _ = List::parse(&list[..cut]);
        survived += 1;
    }
    runner.case(format!("{survived} mutated lists"), Ok(()));
    runner.finish()
}

/// The built-in Punycode conversion of `List::parse` gives the table weburl-host's domain to
/// ASCII gives (the compiled one).
fn conversions(text: &str, runtime: &List) -> ExitCode {
    let mut runner = Runner::new("runtime list tables");
    let mut a = String::new();
    let mut b = String::new();
    runtime.write_rust(&mut a, "");
    List::compiled().write_rust(&mut b, "");
    runner.case(
        "List::parse = compiled",
        if a == b {
            Ok(())
        } else {
            Err("tables differ".into())
        },
    );
    let with_host = List::parse_with(text, |rule| {
        weburl::host::domain_to_ascii(rule, false, &mut ())
            .ok()
            .map(|s| s.into_owned())
    })
    .map_err(|e| e.to_string());
    runner.case(
        "List::parse_with(domain_to_ascii) = compiled",
        match with_host {
            Ok(list) => {
                let mut c = String::new();
                list.write_rust(&mut c, "");
                if c == b {
                    Ok(())
                } else {
                    Err("tables differ".into())
                }
            }
            Err(e) => Err(e),
        },
    );
    runner.case(
        "rule count",
        if runtime.rules() > 9000 {
            Ok(())
        } else {
            Err(format!("{}", runtime.rules()))
        },
    );
    runner.finish()
}

/// Hosts that are not domains, and HTML's same site on origins.
fn hosts_and_origins() -> ExitCode {
    let mut runner = Runner::new("hosts and origins");
    let no_site = [
        "http://127.0.0.1/",
        "http://0x7f.1/",
        "http://[::1]/",
        "file:///etc/hosts",
        "foo://example.com/",
        "foo:///x",
        "data:,x",
        "about:blank",
    ];
    for input in no_site {
        let url = Url::parse(input).unwrap();
        let outcome = check("public suffix", None, url.public_suffix())
            .and_then(|()| check("registrable domain", None, url.registrable_domain()));
        runner.case(input, outcome);
    }
    let host = Host::<&str>::Opaque("example.com");
    runner.case(
        "Host::Opaque",
        check("public suffix", None, host.public_suffix()),
    );
    // (a, b, same site, schemelessly same site)
    let pairs = [
        ("https://example.com", "https://sub.example.com", true, true),
        ("https://example.com", "http://sub.example.com", false, true),
        (
            "https://example.com",
            "https://example.com:8443",
            true,
            true,
        ),
        ("https://a.github.io", "https://b.github.io", false, false),
        ("https://github.io", "https://github.io", true, true),
        ("https://127.0.0.1", "https://127.0.0.1:81", true, true),
        ("https://127.0.0.1", "https://127.0.0.2", false, false),
        ("https://[::1]", "https://[::1]", true, true),
        ("https://example.com", "https://example.com.", false, false),
        ("https://example.com", "https://example.org", false, false),
        ("https://com", "https://com", true, true),
        ("https://example.co.uk", "https://other.co.uk", false, false),
        ("data:,a", "data:,a", false, false),
    ];
    for (a, b, same, schemeless) in pairs {
        let (oa, ob) = (
            Url::parse(a).unwrap().origin(),
            Url::parse(b).unwrap().origin(),
        );
        let got = (oa.same_site(&ob), oa.schemelessly_same_site(&ob));
        let back = (ob.same_site(&oa), ob.schemelessly_same_site(&oa));
        runner.case(
            format!("{a} ~ {b}"),
            if got == (same, schemeless) && back == got {
                Ok(())
            } else {
                Err(format!(
                    "expected {:?}, got {got:?} / {back:?}",
                    (same, schemeless)
                ))
            },
        );
    }
    let opaque = Url::parse("data:,a").unwrap().origin();
    runner.case(
        "an opaque origin is same site with itself",
        if opaque.same_site(&opaque.clone()) && opaque.schemelessly_same_site(&opaque) {
            Ok(())
        } else {
            Err("not same site".into())
        },
    );
    runner.finish()
}

fn main() -> ExitCode {
    let text = read(root().join("crates/psl/data/public_suffix_list.dat"));
    let runtime = List::parse(&text).expect("the committed list parses");
    let rules = Rules::parse(&text);
    let results = [
        spec_table(),
        test_psl(&runtime),
        corpus(&runtime, &rules),
        malformed(),
        conversions(&text, &runtime),
        hosts_and_origins(),
    ];
    if results.iter().all(|r| *r == ExitCode::SUCCESS) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
