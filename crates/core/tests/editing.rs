//! Record-level editing, slicing and the rust-url-named helpers: set_query, set_fragment,
//! path_segments_mut, query_pairs(_mut), set_ip_host, set_scheme, UrlBuilder, Position,
//! make_relative (property-tested over the WPT URLs: base.join(base.make_relative(u)) == u).
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::borrow::Cow;

use weburl_core::{BuildError, Position, SetterError, Url};
use weburl_wpt::{load, Value};

fn url(s: &str) -> Url {
    Url::parse(s).unwrap()
}

#[test]
fn set_query_and_fragment_distinguish_none_and_empty() {
    let mut u = url("foo:opaque");
    u.set_query(Some("")).unwrap();
    assert_eq!(u.href(), "foo:opaque?");
    u.set_fragment(Some("")).unwrap();
    assert_eq!(u.href(), "foo:opaque?#");
    u.set_query(Some("?x#y")).unwrap();
    assert_eq!(u.href(), "foo:opaque??x%23y#");
    assert_eq!(u.query(), Some("?x%23y"));
    u.set_fragment(Some("#a b")).unwrap();
    assert_eq!(u.fragment(), Some("#a%20b"));
    u.set_fragment(None).unwrap();
    u.set_query(None).unwrap();
    assert_eq!(u.href(), "foo:opaque");
    // Special URLs percent-encode `'` in the query.
    let mut u = url("https://h/");
    u.set_query(Some("a'b")).unwrap();
    assert_eq!(u.href(), "https://h/?a%27b");
    // The URL's max_length holds.
    let mut u = Url::options().max_length(12).parse("https://h/").unwrap();
    assert_eq!(u.set_query(Some("abc")), Err(SetterError::TooLong));
    assert_eq!(u.href(), "https://h/");
}

#[test]
fn path_segments_mut_like_rust_url() {
    let mut u = url("https://h/a/b/?q#f");
    u.path_segments_mut().unwrap().push("c");
    assert_eq!(u.href(), "https://h/a/b//c?q#f");
    u.path_segments_mut().unwrap().pop().pop_if_empty();
    assert_eq!(u.href(), "https://h/a/b?q#f");
    u.path_segments_mut().unwrap().pop();
    assert_eq!(u.href(), "https://h/a?q#f");
    u.path_segments_mut()
        .unwrap()
        .extend(["..", ".", "%2e", "a/b", "c\\d", "é?#"]);
    assert_eq!(u.href(), "https://h/a/%252e/a%2Fb/c%5Cd/%C3%A9%3F%23?q#f");
    u.path_segments_mut().unwrap().clear();
    assert_eq!(u.href(), "https://h/?q#f");
    u.path_segments_mut().unwrap().pop().pop();
    assert_eq!(u.href(), "https://h/?q#f");
    // Non-special: `\` is not a separator; an empty path stays empty until pushed to.
    let mut u = url("foo://h");
    u.path_segments_mut().unwrap().pop();
    assert_eq!(u.href(), "foo://h");
    u.path_segments_mut().unwrap().push("a\\b");
    assert_eq!(u.href(), "foo://h/a\\b");
    // A null host and a path starting with an empty segment: the `/.` marker.
    let mut u = url("foo:/.//a/b");
    u.path_segments_mut().unwrap().pop();
    assert_eq!(u.href(), "foo:/.//a");
    u.path_segments_mut().unwrap().push("x");
    assert_eq!(u.pathname(), "//a/x");
    // As in rust-url, `/` is one empty segment, which a push replaces.
    let mut u = url("foo:/");
    u.path_segments_mut().unwrap().push("").push("x");
    assert_eq!(u.href(), "foo:/x");
    u.path_segments_mut().unwrap().clear().push("y");
    assert_eq!(u.href(), "foo:/y");
    // Opaque paths are refused.
    assert_eq!(
        url("mailto:a@b").path_segments_mut().err(),
        Some(SetterError::OpaquePath)
    );
    // Too long: finish says so and the URL keeps its path.
    let mut u = Url::options().max_length(12).parse("https://h/").unwrap();
    let mut e = u.path_segments_mut().unwrap();
    assert_eq!(
        e.push("abcdef").finish().map(|u| u.href().to_owned()),
        Err(SetterError::TooLong)
    );
    drop(e);
    assert_eq!(u.href(), "https://h/");
}

#[test]
fn query_pairs_borrow_and_editor_serializes() {
    let u = url("https://h/?a=1&b=%20&c+d=&&e");
    let pairs: Vec<_> = u.query_pairs().collect();
    assert!(matches!(pairs[0], (Cow::Borrowed("a"), Cow::Borrowed("1"))));
    assert_eq!(
        pairs,
        [
            ("a".into(), "1".into()),
            ("b".into(), " ".into()),
            ("c d".into(), "".into()),
            ("e".into(), "".into())
        ]
    );
    let mut u = url("https://h/#f");
    drop(u.query_pairs_mut());
    assert_eq!(u.href(), "https://h/?#f");
    u.query_pairs_mut()
        .append_pair("a b", "c+d")
        .append_key_only("k y")
        .extend_keys(["z"]);
    assert_eq!(u.href(), "https://h/?a+b=c%2Bd&k+y&z#f");
}

#[test]
fn set_ip_host_and_set_scheme() {
    let mut u = url("https://example.com/");
    u.set_ip_host("10.0.0.1".parse().unwrap()).unwrap();
    assert_eq!(u.href(), "https://10.0.0.1/");
    assert_eq!(u.ip(), Some("10.0.0.1".parse().unwrap()));
    assert_eq!(
        url("data:,x").set_ip_host("10.0.0.1".parse().unwrap()),
        Err(SetterError::OpaquePath)
    );
    let mut u = url("http://h:443/");
    assert_eq!(u.set_scheme(""), Err(SetterError::InvalidScheme));
    assert_eq!(u.set_scheme("https:"), Err(SetterError::InvalidScheme));
    assert_eq!(u.set_scheme("foo"), Err(SetterError::SpecialnessChange));
    u.set_scheme("HTTPS").unwrap();
    assert_eq!(u.href(), "https://h/");
    u.set_scheme("file").unwrap();
    assert_eq!(u.href(), "file://h/");
    let mut u = url("http://u@h/");
    assert_eq!(
        u.set_scheme("file"),
        Err(SetterError::FileWithCredentialsOrPort)
    );
}

#[test]
fn builder_parts_and_errors() {
    let u = Url::builder("HTTP")
        .username("us er")
        .password("p@ss")
        .host("EXAMPLE.com")
        .port(80)
        .path_segments(["a", "b/c"])
        .query("x=1")
        .query_pair("y", "2 3")
        .fragment("f g")
        .build()
        .unwrap();
    assert_eq!(
        u.href(),
        "http://us%20er:p%40ss@example.com/a/b%2Fc?x=1&y=2+3#f%20g"
    );
    let u = Url::builder("file")
        .path_segment("C:")
        .path_segment("x")
        .build()
        .unwrap();
    assert_eq!(u.href(), "file:///C:/x");
    let u = Url::builder("foo").path_segment("x").build().unwrap();
    assert_eq!(u.href(), "foo:/x");
    let u = Url::builder("foo")
        .host("")
        .path_segment("x")
        .build()
        .unwrap();
    assert_eq!(u.href(), "foo:///x");
    assert_eq!(Url::builder("1x").build(), Err(BuildError::InvalidScheme));
    assert_eq!(Url::builder("https").build(), Err(BuildError::MissingHost));
    assert!(matches!(
        Url::builder("https").host("a/b").build(),
        Err(BuildError::Host(_))
    ));
    assert!(matches!(
        Url::builder("https").host("a b").build(),
        Err(BuildError::Host(_))
    ));
    assert_eq!(
        Url::builder("file").username("u").build(),
        Err(BuildError::CannotHaveUsernamePasswordPort)
    );
    assert_eq!(
        Url::builder("foo").port(1).build(),
        Err(BuildError::CannotHaveUsernamePasswordPort)
    );
}

#[test]
fn positions_slice_every_component() {
    let u = url("https://user:pass@example.com:8080/a/b?q=1#frag");
    let parts = [
        (Position::BeforeScheme, Position::AfterScheme, "https"),
        (Position::BeforeUsername, Position::AfterUsername, "user"),
        (Position::BeforePassword, Position::AfterPassword, "pass"),
        (Position::BeforeHost, Position::AfterHost, "example.com"),
        (Position::BeforePort, Position::AfterPort, "8080"),
        (Position::BeforePath, Position::AfterPath, "/a/b"),
        (Position::BeforeQuery, Position::AfterQuery, "q=1"),
        (Position::BeforeFragment, Position::AfterFragment, "frag"),
    ];
    for (a, b, expected) in parts {
        assert_eq!(&u[a..b], expected, "{a:?}..{b:?}");
    }
    assert_eq!(&u[Position::AfterPath..Position::BeforePath], "");
    let u = url("web+demo:/.//not-a-host/");
    assert_eq!(&u[Position::BeforePath..], "//not-a-host/");
    assert_eq!(u.authority(), "");
    assert_eq!(u.host_str(), None);
}

/// Every position, for every URL of urltestdata.json, agrees with the getters.
#[test]
fn positions_agree_with_getters_over_wpt() {
    for u in wpt_urls() {
        let checks: [(Position, Position, &str); 6] = [
            (Position::BeforeScheme, Position::AfterScheme, u.scheme()),
            (
                Position::BeforeUsername,
                Position::AfterUsername,
                u.username(),
            ),
            (
                Position::BeforePassword,
                Position::AfterPassword,
                u.password(),
            ),
            (Position::BeforeHost, Position::AfterHost, u.hostname()),
            (Position::BeforePort, Position::AfterPort, u.port()),
            (Position::BeforePath, Position::AfterPath, u.pathname()),
        ];
        for (a, b, expected) in checks {
            assert_eq!(&u[a..b], expected, "{a:?}..{b:?} of {u}");
        }
        assert_eq!(
            &u[Position::BeforeQuery..Position::AfterQuery],
            u.query().unwrap_or("")
        );
        assert_eq!(&u[Position::BeforeFragment..], u.fragment().unwrap_or(""));
        assert_eq!(&u[..], u.href());
    }
}

fn wpt_urls() -> Vec<Url> {
    let data: Value = load("urltestdata.json");
    let mut urls = Vec::new();
    for case in data.as_array().into_iter().flatten() {
        if let Some(href) = case.get("href").and_then(Value::as_str) {
            if let Ok(u) = Url::parse(href) {
                urls.push(u);
            }
        }
    }
    urls
}

#[test]
fn make_relative_examples() {
    let cases = [
        ("https://h/a/b/c", "https://h/a/b/c", ""),
        ("https://h/a/b/c", "https://h/a/b/c#f", "#f"),
        ("https://h/a/b/c?q", "https://h/a/b/c", "c"),
        ("https://h/a/b/c", "https://h/a/b/c?q", "?q"),
        ("https://h/a/b/c", "https://h/a/b/", "./"),
        ("https://h/a/b/c", "https://h/a/x:y", "../x:y"),
        ("https://h/a/b/c", "https://h/a/b/x:y", "./x:y"),
        ("https://h/a/b/c", "https://h/x", "/x"),
        ("https://h/a/b/c", "https://h/a//x", "..//x"),
        ("file:///C:/a/b", "file:///D:/x", "/D:/x"),
    ];
    for (base, target, expected) in cases {
        let (base, target) = (url(base), url(target));
        let rel = base.make_relative(&target).unwrap();
        assert_eq!(rel, expected, "{base} -> {target}");
        assert_eq!(base.join(&rel).unwrap(), target);
    }
    assert_eq!(url("https://h/").make_relative(&url("http://h/")), None);
    assert_eq!(url("https://h/").make_relative(&url("https://h:1/")), None);
    assert_eq!(url("mailto:a").make_relative(&url("mailto:a")), None);
}

/// The property: for all pairs of WPT URLs with the same scheme and authority, the relative
/// reference joins back to the URL.
#[test]
fn make_relative_joins_back_over_wpt() {
    let urls = wpt_urls();
    let (mut pairs, mut some) = (0, 0);
    for base in &urls {
        for u in &urls {
            pairs += 1;
            if let Some(rel) = base.make_relative(u) {
                some += 1;
                let joined = base.join(&rel);
                assert!(
                    joined.as_ref().is_ok_and(|j| j == u),
                    "{base} -> {u}: {rel:?} joins to {joined:?}"
                );
                assert!(rel.len() <= u.href().len());
            } else {
                let same_authority = !base.has_opaque_path()
                    && !u.has_opaque_path()
                    && base[..Position::AfterPort] == u[..Position::AfterPort];
                assert!(!same_authority, "{base} -> {u}: None");
            }
        }
    }
    assert!(some > 1000, "{some} of {pairs}");
}

#[test]
fn helpers() {
    let u = url("https://u:p@EXAMPLE.com:8443/a");
    assert_eq!(u.domain(), Some("example.com"));
    assert_eq!(u.authority(), "u:p@example.com:8443");
    assert_eq!(u.port_or_known_default(), Some(8443));
    assert_eq!(url("foo://h/").domain(), Some("h"));
    assert_eq!(url("foo://h/").host_and_port(), None);
    assert_eq!(url("file:///").authority(), "");
    assert_eq!(url("file:///").host_str(), Some(""));
    let mut u = url("https://h/");
    u.set_port_number(Some(65535)).unwrap();
    assert_eq!(u.port_number(), Some(65535));
    u.set_port_number(Some(0)).unwrap();
    assert_eq!(u.href(), "https://h:0/");
    u.set_port_number(None).unwrap();
    assert_eq!(u.href(), "https://h/");
    let addrs = url("http://127.0.0.1/").socket_addrs(|| None).unwrap();
    assert_eq!(addrs, ["127.0.0.1:80".parse().unwrap()]);
    assert!(url("foo://h/").socket_addrs(|| None).is_err());
}

/// A small deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random editor sequences over every WPT URL: the path the editor makes is the path the URL
/// gets (nothing the pathname setter re-reads changes it), pushed segments decode back to what
/// was pushed, and the query editor's pairs parse back.
#[test]
fn editors_keep_what_they_write_over_wpt() {
    const PIECES: &[&str] = &[
        "", ".", "..", "%2e", "%2E%2e", "a", "C|", "C:", "c|", "/", "\\", "?", "#", "%", " ", "é",
        "\t", "a/b", "x\\y", "|", "~", "[]", "^", "%00",
    ];
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for base in wpt_urls() {
        for _ in 0..8 {
            let mut u = base.clone();
            let Ok(mut editor) = u.path_segments_mut() else {
                assert!(base.has_opaque_path());
                continue;
            };
            let mut pushed = Vec::new();
            for _ in 0..rng.below(6) {
                match rng.below(5) {
                    0 => {
                        editor.pop();
                        pushed.clear();
                    }
                    1 => {
                        editor.pop_if_empty();
                        pushed.clear();
                    }
                    2 => {
                        editor.clear();
                        pushed.clear();
                    }
                    _ => {
                        let seg = format!(
                            "{}{}",
                            PIECES[rng.below(PIECES.len())],
                            PIECES[rng.below(PIECES.len())]
                        );
                        editor.push(&seg);
                        pushed.push(seg);
                    }
                }
            }
            let expected = editor.as_str().to_owned();
            let path = editor.finish().unwrap().pathname().to_owned();
            drop(editor);
            assert!(
                path == expected || (expected.is_empty() && path == "/"),
                "{base}: editor made {expected:?}, URL has {path:?} (pushed {pushed:?})"
            );
            assert_eq!(Url::parse(u.href()).unwrap().pathname(), u.pathname());
            if let Some(last) = pushed.last().filter(|s| !matches!(s.as_str(), "." | "..")) {
                let seg = u.path_segments().unwrap().next_back().unwrap();
                let decoded = weburl_percent::percent_decode_str(seg);
                assert_eq!(&*decoded, last.as_bytes(), "{u}");
            }
            let pairs: Vec<(String, String)> = (0..rng.below(4))
                .map(|_| {
                    (
                        PIECES[rng.below(PIECES.len())].to_owned(),
                        PIECES[rng.below(PIECES.len())].to_owned(),
                    )
                })
                .collect();
            let before: Vec<(String, String)> = u
                .query_pairs()
                .map(|(a, b)| (a.into_owned(), b.into_owned()))
                .collect();
            u.query_pairs_mut().extend_pairs(&pairs);
            let after: Vec<(String, String)> = u
                .query_pairs()
                .map(|(a, b)| (a.into_owned(), b.into_owned()))
                .collect();
            let mut wanted = before.clone();
            wanted.extend(
                pairs
                    .iter()
                    .filter(|(n, v)| !(n.is_empty() && v.is_empty()))
                    .cloned(),
            );
            // (An empty name and value serialize as `=`, which parses back as ("", "").)
            if pairs.iter().all(|(n, v)| !n.is_empty() || !v.is_empty()) {
                assert_eq!(after, wanted, "{u}");
            }
        }
    }
}
