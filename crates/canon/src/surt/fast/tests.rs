//! Tests of the one-pass SURT key: where it gives a key, the general way gives the same.

use super::super::{general, Options};

/// Each input takes the way written beside it (`true`: this way), and where this way gives a
/// key, the general way gives the same.
#[test]
fn same_as_general() {
    let inputs = [
        ("http://www.Example.com/A/b/?b=2&a=1&A=0#f", true),
        ("https://www12.example.com:443/x/", true),
        ("http://example.com:8080", true),
        ("http://example.com:0/", true),
        ("HTTPS://EXAMPLE.COM/?", true),
        ("http://user:pw@example.com:81/x?y", true),
        ("file://node.gypi", true),
        ("file:///Users/A/x.js/", true),
        ("node:url", true),
        ("mailto:?to=x", true),
        ("ftp://a.b.c/d.e/f?=&=1&a&a=", true),
        ("http://example.com./a", true),
        ("http://.example.com/a", true),
        ("http://www./a", true),
        ("http://a/b/c/./d", false),
        ("http://a/b//c", true),
        ("http://a//b//", true),
        ("http://a///", true),
        ("http://a//./b", false),
        ("http://a//(S(x))/b", false),
        ("http://a//%41b//c%2e/?q", false),
        ("http://a/(S(0123456789abcdefghijklmn))/x.aspx", false),
        ("http://a/?jsessionid=0123456789abcdef0123456789abcdef", false),
        ("http://a/?x=1&sid=0123456789abcdef0123456789abcdef", false),
        ("http://1.2.3.4/", true),
        ("http://[::1]/", false),
        ("http://http://example.com/", false),
        ("https://http://a/", false),
        ("http://https://a/", false),
        ("https://https:/a/", true),
        ("http:/http://a/", false),
        ("http://HTTP://a/", true),
        ("HTTP://http://a/", true),
        ("http://httpx://a/", true),
        ("http:/example.com/a", false),
        ("http://a.com:99999/", false),
        ("http://a.com:00080/", true),
        ("dns:www.example.com", false),
        ("http://a/?b&a&c=1&c", true),
        ("file://tools/node_modules/%40types/x", true),
        ("http://a/%7Euser/%41b/%c4%97/%20x%23/?q=%41&b=%c4%97&a=%20", true),
        ("http://a/%2Fb", false),
        ("http://a/%2e%2e/b", false),
        ("http://a/%28S(x)", false),
        ("http://a/x%28y%29/z.pdf", true),
        ("http://a/x%28S(0123456789abcdefghijklmn))/x.aspx", true),
        ("http://a/x/%28S(0123456789abcdefghijklmn))/x.aspx", false),
        ("http://a/x//y%28z//", true),
        ("http://a/x//%28z//", false),
        ("http://a/x/.b%28c", true),
        ("mailto:%28x", false),
        ("mailto:x%28x", true),
        ("http://a/?a%3D1&b", true),
        ("http://a/?a%261&b", true),
        ("http://a/%2541", false),
        ("http://a/%zz", false),
        ("http://a/x%", false),
        ("http://a/x%4", false),
        ("http://%41.com/", false),
        ("node:%41b", true),
        ("http://a/?x=%73id=0123456789abcdef0123456789abcdef", false),
        // The scheme shortcut's and the host checks' boundaries (found in review).
        ("http:", true),
        ("file:", true),
        ("file:x", true),
        ("file:/x/", true),
        ("FILE:///X", true),
        ("files:x", true),
        ("http:x", false),
        ("HTTP://HTTP://a/", true),
        ("https:\\\\a", false),
        ("http://256.1.1.1/", true),
        ("http://0.1.2.3/", true),
        ("http://0.1.2.9/", true),
        ("http://1.2.3.4./", true),
        ("http://www.1.2.3.4/", true),
        ("http://www..com/", false),
        ("http://wwwx.a/", true),
        ("http://www1/", true),
        ("http://./a", true),
        // Nothing to lowercase but a scheme, a decoded capital or a `%XX` kept.
        ("NODE:abc", true),
        ("http://a.b/c?d=%4a&e=%4A", true),
        ("http://a.b/%4A%2f", false),
        ("http://a.b/%20", true),
        // No scheme: read with `http://` in front.
        ("\"http://www.Example.com/a/", true),
        ("\"http://a.b/x?b=1&a=2", true),
        ("\"http:80//a/", true),
        ("\"x", true),
        ("www.a.b/c", true),
        ("a.b:8080", true),
        ("1abc:x/y", false),
        ("?x", false),
        ("/x", false),
        ("//a/b", false),
        ("@a.b/c", true),
        ("./x/y", false),
        ("..:1/y", false),
        (".a./b", true),
        // Decoded `&` and `=` in a query; more arguments than fit.
        ("http://a/?x=%3D&y=%26z&a%3d1&b%3D", true),
        ("http://a/?q=%3D%2541", false),
        ("http://a/?t=19&s=18&r=17&q=16&p=15&o=14&n=13&m=12&l=11&k=10&j=9&i=8&h=7&g=6&f=5&e=4&d=3&c=2&b=1&a=0", true),
        ("http://a/?a&b&c&d&e&f&g&h&i&j&k&l&m&n&o&p&q&r&s&t&u&v&w&x&y&z&a&b&c&d&e&f&g&h", false),
        // Hosts that took the general way while the dots were an array of 16 offsets: more
        // than 16 dots, over 64 bytes (behind a `www1.`), a userinfo with more than 16 dots.
        ("http://a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r/", true),
        (
            "http://www1.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.b/x",
            true,
        ),
        ("http://a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r@h.c/", true),
        // Empty arguments at either end and between.
        ("http://a/?b&", true),
        ("http://a/?&", true),
        ("http://a/?&&b=1&a=", true),
        ("http://a/?b=1=2&b=1&b", true),
    ];
    // Exactly `MAX_ARGS` arguments (sorted here) and one more (the general way), in reverse.
    let args = |n: usize| {
        let args: Vec<String> = (0..n).rev().map(|i| format!("a{i:02}=1")).collect();
        format!("http://a/?{}", args.join("&"))
    };
    let boundary = [
        (args(super::query::MAX_ARGS), true),
        (args(super::query::MAX_ARGS + 1), false),
    ];
    let o = Options::default();
    let inputs = inputs
        .iter()
        .copied()
        .chain(boundary.iter().map(|(input, fast)| (input.as_str(), *fast)));
    for (input, fast) in inputs {
        let key = super::key(input);
        // Each input takes the way it is written down for (found in review: a count of
        // inputs taking this way did not see one that silently went the general way).
        assert_eq!(key.is_some(), fast, "{input:?}");
        if let Some(k) = key {
            assert_eq!(Ok(k), general(input, &o), "{input:?}");
        }
    }
}

/// Where this way gives a key for a corpus line, or for the line with a piece inserted
/// at each of a few places, the general way gives the same (skipped without the corpora).
#[test]
fn same_as_general_on_corpora() {
    const PIECES: &[&str] = &[
        "",
        ".",
        "..",
        "/",
        "//",
        "/./",
        "/../",
        "?",
        "&",
        "=",
        "#",
        "%41",
        "%2e",
        "%25",
        "%2F",
        "@",
        ":",
        ":80",
        "www.",
        "www1.",
        "1.2.3.4",
        "01.2.3.4",
        "(",
        "id=",
        "sid=",
        "A",
        "\\",
        "&a&b=1&a=0",
        "cfid=1&cftoken=2",
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = [
        std::env::var_os("WEBURL_DATASETS").map(std::path::PathBuf::from),
        Some(root.join("../shared/datasets")),
    ]
    .into_iter()
    .flatten()
    .find(|d| d.is_dir());
    let Some(data) = data else {
        return;
    };
    let o = Options::default();
    let (mut checked, mut fast) = (0, 0);
    for corpus in ["node_files", "isaacs_files", "kasztp", "userbait"] {
        let Ok(text) = std::fs::read_to_string(data.join(format!("{corpus}.txt"))) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            let piece = PIECES.get(n % PIECES.len()).copied().unwrap_or_default();
            let mut inputs = vec![line.to_owned()];
            for at in [n % 11, n % 23 + 8, line.len().saturating_sub(n % 7)] {
                if line.is_char_boundary(at) && at <= line.len() {
                    let mut m = line.to_owned();
                    m.insert_str(at, piece);
                    inputs.push(m);
                }
            }
            for input in inputs {
                checked += 1;
                if let Some(k) = super::key(&input) {
                    fast += 1;
                    assert_eq!(Ok(k), general(&input, &o), "{input:?}");
                }
            }
        }
    }
    println!("{fast} of {checked} inputs took this way, each the general way's key");
}

/// The netloc scan's table stops at exactly the bytes it handles (found in review).
#[test]
fn netloc_bytes() {
    for b in 0..=u8::MAX {
        assert_eq!(
            super::NETLOC_BYTES.get(usize::from(b)).copied(),
            Some(matches!(b, b'/' | b'?' | b'.' | b'@' | b':' | b'[' | b'%')),
            "{b:#04x}"
        );
    }
}

/// `has_slash_pair` (16-byte blocks 15 apart) agrees with the fold over the pairs, for every
/// range of strings of 0 to 40 bytes holding `/` then `/`, `.` or another byte at each place
/// (pairs across the blocks' edges, at the ranges' ends, in strings under 16 bytes).
#[test]
fn has_slash_pair_by_pairs() {
    for len in 0..40 {
        for at in 0..len.max(1) {
            for second in [b'/', b'.', b'a'] {
                let mut s = vec![b'a'; len];
                if let Some(b) = s.get_mut(at) {
                    *b = b'/';
                }
                if let Some(b) = s.get_mut(at + 1) {
                    *b = second;
                }
                for start in 0..=len {
                    for end in start..=len {
                        let part = s.get(start..end).unwrap_or_default();
                        let want = super::super::session::has_pair(part, |a, b| {
                            (a == b'/') & ((b == b'/') | (b == b'.'))
                        });
                        assert_eq!(
                            super::has_slash_pair(&s, start..end),
                            want,
                            "{:?} {start}..{end}",
                            String::from_utf8_lossy(&s)
                        );
                    }
                }
            }
        }
    }
}

/// The netloc found 16 bytes at a time is the one found byte by byte: hosts of 0 to 39 and 60
/// to 69 bytes with dots at each place (up to and past the dots' bits' 64 bytes), ended by
/// `/`, `?` or the string (with `.`, `@` and `:` after that end, which are not the netloc's),
/// after prefixes of several lengths, with and without a `@`, `:`, `[` or `%`.
#[test]
fn netloc_by_blocks_as_bytewise() {
    let mut checked = 0;
    for prefix in ["", "http://", "https://ab"] {
        for host_len in (0..40).chain(60..70) {
            for dot_every in [0, 1, 2, 3, 7] {
                for tail in [
                    "", "/", "/x/y", "?q", ":80/", ":8.0/", "@h.c/", "/a.b@c:d", "?x.y@z",
                    "%41.b/", "[::1]/", "/%41[",
                ] {
                    let host: String = (0..host_len)
                        .map(|i| match dot_every {
                            0 => 'a',
                            n if i % n == n - 1 => '.',
                            _ => 'b',
                        })
                        .collect();
                    let s = format!("{prefix}{host}{tail}");
                    let at = prefix.len();
                    let by_blocks = super::netloc_after_slashes(s.as_bytes(), at, b"http");
                    let bytewise = super::netloc_bytewise(s.as_bytes(), at, b"http");
                    let view = |n: &Option<super::Netloc>| {
                        n.as_ref().map(|n| (n.host.clone(), n.port, n.end, n.dots))
                    };
                    assert_eq!(view(&by_blocks), view(&bytewise), "{s:?}");
                    // The dots' bits are the host's dots (all of them, for a host the key
                    // reverses).
                    if let Some(n) = &bytewise {
                        if n.host.len() <= super::MAX_HOST {
                            assert_eq!(n.dots, dot_bits(&s[n.host.clone()]), "{s:?}");
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    println!("{checked} netlocs, 0 differences");
}

/// Bit `i` for a `.` at `host`'s byte `i` (the first 64 bytes).
fn dot_bits(host: &str) -> u64 {
    host.bytes()
        .take(64)
        .enumerate()
        .filter(|&(_, b)| b == b'.')
        .fold(0, |bits, (i, _)| bits | 1 << i)
}

/// The host's massage and reversal by its dots' bits (`massaged_host_range`,
/// `push_reversed`) give what the same steps on a list of its dots' offsets gave (the key's
/// way before the bits: the reference below): every host of 0 to 8 bytes of `a`, `w`, `1`
/// and `.`, the same behind a `www`, labels of 13 to 18 bytes, and longer hosts around the
/// 64-byte limit.
#[test]
fn host_by_dot_bits_as_by_offsets() {
    let mut hosts = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..8 {
        last = last
            .iter()
            .flat_map(|h| ["a", "w", "1", "."].map(|c| format!("{h}{c}")))
            .collect();
        hosts.extend(last.iter().cloned());
    }
    let www: Vec<String> = hosts.iter().map(|h| format!("wWw{h}")).collect();
    let long = (55..75).chain(125..135).flat_map(|n| {
        [
            "a".repeat(n),
            format!("{}.b", "a".repeat(n)),
            format!(".{}.b.", "a".repeat(n)),
            format!("www1.{}", "a.".repeat(n / 2)),
            format!("www1..{}", "a.".repeat(n / 2)),
            format!("...{}a.b", "a.".repeat(n / 2)),
            format!("{}1", "1.".repeat(n / 2)),
        ]
    });
    // Labels around the 16 bytes copied at once.
    let labels = (13..19).flat_map(|n| {
        let a = "a".repeat(n);
        [
            format!("x.{a}.y"),
            format!("{a}.y"),
            format!("x.{a}"),
            format!("{a}.{a}"),
        ]
    });
    let mut checked = 0;
    for host in hosts.into_iter().chain(www).chain(long).chain(labels) {
        // Behind a scheme and within a longer string (the 16-byte copies of `push_part`),
        // and at the string's end.
        for tail in ["", "/path/to/somewhere/x"] {
            let s = format!("http://{host}{tail}");
            let range = 7..7 + host.len();
            let by_bits = super::massaged_host_range(s.as_bytes(), range.clone(), dot_bits(&host))
                .and_then(|(h, dots)| {
                    let mut out = Vec::new();
                    super::push_reversed(&mut out, s.as_bytes(), h.clone(), dots)?;
                    Some((h, out))
                });
            assert_eq!(by_bits, by_offsets(s.as_bytes(), range), "{s:?}");
            checked += 1;
        }
    }
    println!("{checked} hosts, 0 differences");
}

/// The reference: the host's massage and reversal by a list of its dots' offsets in `s`
fn by_offsets(s: &[u8], host: std::ops::Range<usize>) -> Option<(std::ops::Range<usize>, Vec<u8>)> {
    let all: Vec<usize> = host.clone().filter(|&i| s.get(i) == Some(&b'.')).collect();
    let mut dots = all.as_slice();
    let mut host = host;
    while let [first, rest @ ..] = dots {
        if *first != host.start {
            break;
        }
        host.start += 1;
        dots = rest;
    }
    while let [rest @ .., last] = dots {
        if *last + 1 != host.end {
            break;
        }
        host.end -= 1;
        dots = rest;
    }
    let name = s.get(host.clone())?;
    if name.last().is_some_and(u8::is_ascii_digit)
        && name.iter().all(|&b| b.is_ascii_digit() || b == b'.')
        && !super::canonical_dotted_quad(name)
    {
        return None;
    }
    if name.len() > 3 && matches!(name, [b'w' | b'W', b'w' | b'W', b'w' | b'W', ..]) {
        if let [first, rest @ ..] = dots {
            let digits = name.get(3..*first - host.start)?;
            if digits.iter().all(u8::is_ascii_digit) {
                host.start = *first + 1;
                dots = rest;
            }
        }
    }
    if host.is_empty() {
        return Some((host, Vec::new()));
    }
    let mut out = Vec::new();
    let mut end = host.end;
    for &dot in dots.iter().rev() {
        if dot + 1 == end {
            return None;
        }
        out.extend_from_slice(s.get(dot + 1..end)?);
        out.push(b',');
        end = dot;
    }
    if host.start == end && !dots.is_empty() {
        return None;
    }
    out.extend_from_slice(s.get(host.start..end)?);
    Some((host, out))
}

/// `starts_with_www` against a byte-by-byte test, for every first byte with each of the
/// others `w`, `W` or a byte either side of them, and every fourth byte.
#[test]
fn starts_with_www_bytewise() {
    let near = [
        b'w',
        b'W',
        b'v',
        b'x',
        b'V',
        b'X',
        0x77 ^ 0x80,
        0x57 ^ 0x80,
        b'.',
        0,
    ];
    for a in 0..=255u8 {
        for &b in &near {
            for &c in &near {
                for d in [b'.', b'w', b'1', 0, 0xff] {
                    let head = [a, b, c, d];
                    let want = head[..3].iter().all(|&x| x == b'w' || x == b'W');
                    assert_eq!(super::starts_with_www(&head), want, "{head:?}");
                }
            }
        }
    }
    for b in 0..=255u8 {
        for at in 0..4 {
            let mut head = *b"www.";
            if let Some(x) = head.get_mut(at) {
                *x = b;
            }
            let want = head[..3].iter().all(|&x| x == b'w' || x == b'W');
            assert_eq!(super::starts_with_www(&head), want, "{head:?}");
        }
    }
}
