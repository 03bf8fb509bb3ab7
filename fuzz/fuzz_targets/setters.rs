//! An arbitrary sequence of setter calls on an arbitrary URL: after every step the offset
//! invariants hold (debug assertions in weburl-core) and the href re-parses to the same URL,
//! component by component. A failed setter leaves the URL unchanged.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use weburl::{SearchParams, SetterError, Url};
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
}

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
    }
}
