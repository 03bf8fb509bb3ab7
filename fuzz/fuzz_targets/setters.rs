//! An arbitrary sequence of setter calls on an arbitrary URL: after every step the offset
//! invariants hold (debug assertions in weburl-core) and the href re-parses to the same URL,
//! component by component. A failed setter leaves the URL unchanged.
//!
//! Besides the `URL` class's setters, the record-level editors (set_query, set_fragment,
//! path_segments_mut, query_pairs_mut, set_ip_host, set_scheme, set_port_number), the
//! builder, file paths (both rules), parse_utf16, Position slicing and make_relative (which
//! must join back) are in the sequence.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use weburl::{PathStyle, Position, SearchParams, SetterError, Url};
use weburl_fuzz::assert_reparses;

/// Starting points when the fuzzed URL does not parse: one per kind of URL.
const STARTS: [&str; 8] = [
    "http://user:pass@example.org:81/a/b?q=1#f",
    "https://example.com/",
    "file:///C:/dir/file",
    "file://host/share",
    "sc://h:1/p?q#f",
    "sc:opaque path ?q#f",
    "sc:/.//p",
    "blob:https://a.com/uuid",
];

#[derive(Arbitrary, Debug)]
enum Op {
    Href(String),
    Protocol(String),
    Username(String),
    Password(String),
    Host(String),
    Hostname(String),
    Port(String),
    Pathname(String),
    Search(String),
    Hash(String),
    SearchParams(String),
    SortSearchParams,
    AppendSearchParam(String, String),
    SetQuery(Option<String>),
    SetFragment(Option<String>),
    PathSegments(Vec<SegmentOp>),
    QueryPairs(Vec<(String, Option<String>)>, bool),
    IpHost(bool, u128),
    Scheme(String),
    PortNumber(Option<u16>),
    Build(Box<BuildParts>),
    FilePath(Vec<u8>, bool, bool),
    Utf16(Vec<u16>),
    Relative(String),
    Slice(u8, u8),
}

#[derive(Arbitrary, Debug)]
enum SegmentOp {
    Push(String),
    Pop,
    PopIfEmpty,
    Extend(Vec<String>),
    Clear,
}

#[derive(Arbitrary, Debug)]
struct BuildParts {
    scheme: String,
    username: Option<String>,
    password: Option<String>,
    host: Option<String>,
    port: Option<u16>,
    segments: Vec<String>,
    query: Option<String>,
    pairs: Vec<(String, String)>,
    fragment: Option<String>,
}

const POSITIONS: [Position; 16] = [
    Position::BeforeScheme,
    Position::AfterScheme,
    Position::BeforeUsername,
    Position::AfterUsername,
    Position::BeforePassword,
    Position::AfterPassword,
    Position::BeforeHost,
    Position::AfterHost,
    Position::BeforePort,
    Position::AfterPort,
    Position::BeforePath,
    Position::AfterPath,
    Position::BeforeQuery,
    Position::AfterQuery,
    Position::BeforeFragment,
    Position::AfterFragment,
];

#[derive(Arbitrary, Debug)]
struct Input {
    url: String,
    start: u8,
    ops: Vec<Op>,
}

fuzz_target!(|input: Input| {
    let mut url = match Url::parse(&input.url) {
        Ok(u) => u,
        Err(_) => {
            let start = STARTS
                .get(usize::from(input.start) % STARTS.len())
                .copied()
                .unwrap_or(STARTS[0]);
            match Url::parse(start) {
                Ok(u) => u,
                Err(e) => panic!("start URL {start:?} fails: {}", e.name()),
            }
        }
    };
    for op in input.ops.iter().take(32) {
        let before = url.href().to_owned();
        // Whether the setter failed, and whether its failure may still have changed the URL:
        // the host setter sets the host before it refuses an invalid port, as the spec does.
        let (failed, partial) = match op {
            Op::Host(v) => match url.set_host(v) {
                Ok(()) => (false, false),
                Err(e) => (true, is_port_error(&e)),
            },
            op => (apply(&mut url, op), false),
        };
        if failed && !partial {
            assert_eq!(url.href(), before, "a failed {op:?} changed the URL");
        }
        assert_reparses(&url, &(&before, op));
    }
});

fn is_port_error(e: &SetterError) -> bool {
    match e {
        SetterError::InvalidPort => true,
        SetterError::Invalid(kind) => kind.name() == "port-out-of-range",
        _ => false,
    }
}

/// Applies `op`; returns whether the setter failed.
fn apply(url: &mut Url, op: &Op) -> bool {
    match op {
        Op::Href(v) => url.set_href(v).is_err(),
        Op::Protocol(v) => url.set_protocol(v).is_err(),
        Op::Username(v) => url.set_username(v).is_err(),
        Op::Password(v) => url.set_password(v).is_err(),
        Op::Host(v) => url.set_host(v).is_err(),
        Op::Hostname(v) => url.set_hostname(v).is_err(),
        Op::Port(v) => url.set_port(v).is_err(),
        Op::Pathname(v) => url.set_pathname(v).is_err(),
        Op::Search(v) => url.set_search(v).is_err(),
        Op::Hash(v) => url.set_hash(v).is_err(),
        Op::SearchParams(v) => url.set_search_params(&SearchParams::parse(v)).is_err(),
        Op::SortSearchParams => {
            let mut p = url.search_params();
            p.sort();
            url.set_search_params(&p).is_err()
        }
        Op::AppendSearchParam(n, v) => {
            let mut p = url.search_params();
            p.append(n.as_str(), v.as_str());
            url.set_search_params(&p).is_err()
        }
        Op::SetQuery(q) => {
            let failed = url.set_query(q.as_deref()).is_err();
            if !failed {
                assert_eq!(
                    url.query().is_some(),
                    q.is_some(),
                    "set_query({q:?}): {url}"
                );
            }
            failed
        }
        Op::SetFragment(f) => {
            let failed = url.set_fragment(f.as_deref()).is_err();
            if !failed {
                assert_eq!(
                    url.fragment().is_some(),
                    f.is_some(),
                    "set_fragment({f:?}): {url}"
                );
            }
            failed
        }
        Op::PathSegments(ops) => {
            let opaque = url.has_opaque_path();
            let Ok(mut editor) = url.path_segments_mut() else {
                assert!(opaque, "path_segments_mut refused a list path");
                return true;
            };
            for op in ops.iter().take(16) {
                match op {
                    SegmentOp::Push(s) => editor.push(s),
                    SegmentOp::Pop => editor.pop(),
                    SegmentOp::PopIfEmpty => editor.pop_if_empty(),
                    SegmentOp::Extend(v) => editor.extend(v.iter().take(8)),
                    SegmentOp::Clear => editor.clear(),
                };
            }
            let expected = editor.as_str().to_owned();
            match editor.finish() {
                Ok(url) => {
                    // The pathname setter kept the path as the editor made it.
                    let path = url.pathname();
                    assert!(
                        path == expected || (expected.is_empty() && path == "/"),
                        "path_segments_mut wrote {expected:?}, the URL has {path:?}"
                    );
                    false
                }
                Err(_) => true,
            }
        }
        Op::QueryPairs(pairs, clear) => {
            let mut editor = url.query_pairs_mut();
            if *clear {
                editor.clear();
            }
            for (name, value) in pairs.iter().take(8) {
                match value {
                    Some(v) => editor.append_pair(name, v),
                    None => editor.append_key_only(name),
                };
            }
            // The editor gives the URL a query at once, so even a refused write (too long)
            // may have changed it: not a failure that leaves the URL as it was.
            let _ = editor.finish();
            false
        }
        Op::IpHost(v6, bits) => {
            let ip = if *v6 {
                std::net::IpAddr::V6(std::net::Ipv6Addr::from(*bits))
            } else {
                std::net::IpAddr::V4(std::net::Ipv4Addr::from(*bits as u32))
            };
            url.set_ip_host(ip).is_err()
        }
        Op::Scheme(v) => url.set_scheme(v).is_err(),
        Op::PortNumber(p) => url.set_port_number(*p).is_err(),
        Op::Build(parts) => {
            let mut b = Url::builder(&parts.scheme);
            if let Some(v) = &parts.username {
                b = b.username(v);
            }
            if let Some(v) = &parts.password {
                b = b.password(v);
            }
            if let Some(v) = &parts.host {
                b = b.host(v);
            }
            if let Some(v) = parts.port {
                b = b.port(v);
            }
            b = b.path_segments(parts.segments.iter().take(8));
            if let Some(v) = &parts.query {
                b = b.query(v);
            }
            for (n, v) in parts.pairs.iter().take(8) {
                b = b.query_pair(n, v);
            }
            if let Some(v) = &parts.fragment {
                b = b.fragment(v);
            }
            match b.build() {
                Ok(built) => {
                    assert_reparses(&built, &parts);
                    *url = built;
                    false
                }
                Err(_) => true,
            }
        }
        Op::FilePath(bytes, windows, directory) => {
            let style = if *windows {
                PathStyle::Windows
            } else {
                PathStyle::Unix
            };
            let made = if *directory {
                Url::from_directory_path_with(bytes, style)
            } else {
                Url::from_file_path_with(bytes, style)
            };
            // Whatever URL a path makes converts back to a path under the same rules.
            if let Ok(made) = made {
                if let Err(e) = made.to_file_path_with(style) {
                    panic!(
                        "{made} from {bytes:?} ({style:?}) has no path: {}",
                        e.name()
                    );
                }
            }
            // Any URL converts or names why not.
            let _ = url.to_file_path_with(style);
            true
        }
        Op::Utf16(units) => {
            let lossy = String::from_utf16_lossy(units);
            let a = Url::parse_utf16(units).map(|u| u.href().to_owned());
            let b = Url::parse(&lossy).map(|u| u.href().to_owned());
            assert_eq!(
                a.ok(),
                b.ok(),
                "parse_utf16 differs from parse of {lossy:?}"
            );
            true
        }
        Op::Relative(other) => {
            if let Ok(target) = url.join(other) {
                if let Some(rel) = url.make_relative(&target) {
                    match url.join(&rel) {
                        Ok(j) if j == target => {}
                        j => panic!("{url} -> {target}: {rel:?} joins to {j:?}"),
                    }
                }
            }
            true
        }
        Op::Slice(a, b) => {
            let a = POSITIONS[usize::from(*a) % 16];
            let b = POSITIONS[usize::from(*b) % 16];
            let _ = &url[a..b];
            let _ = (url.authority(), url.domain(), url.ip(), url.host_and_port());
            let _ = url.query_pairs().count();
            true
        }
    }
}
