//! `surt`'s session-id rules: ASP.NET's cookieless session segments in the path, and the
//! `jsessionid`, `phpsessid`, `sid`, `ASPSESSIONID...` and ColdFusion `cfid`/`cftoken`
//! arguments in the query (the IA canonicalizer's `path_strip_session_id` and
//! `query_strip_session_id`). Each search starts with a branch-free pass for what every form
//! holds (`/(` in a path, `id` in a query): most strings have none and are done there. The
//! one-pass key, which splits the query at each `&` anyway, tests only the arguments' ends
//! ([`session_id_in_arg`]).

use core::ops::Range;

use super::fast::classes::any_byte;

/// Whether `s` has two adjacent bytes for which `pair` holds: a branch-free fold over the
/// pairs that the compiler vectorizes.
pub(super) fn has_pair(s: &[u8], pair: impl Fn(u8, u8) -> bool) -> bool {
    s.iter()
        .zip(s.iter().skip(1))
        .fold(false, |found, (&a, &b)| found | pair(a, b))
}

/// Whether `s` holds `id` in any case, as every query session-id form does: first whether it
/// has an `i` at all (a test of each 16-byte block, which the compiler vectorizes, cheaper
/// than the pair test on a query without one).
fn has_id(s: &[u8]) -> bool {
    any_byte(s, |b| (b | 0x20) == b'i')
        && has_pair(s, |a, b| ((a | 0x20) == b'i') & ((b | 0x20) == b'd'))
}

/// Whether a query session-id argument ends at the end of the argument `arg` of `query` (the
/// query split at each `&`; `next_end`: where the argument after it ends, `None` for the last):
/// when none ends at any argument's end, [`strip_query_session_id`] leaves the query as it is.
/// Every form ends at a `&` or the query's end (no value holds a `&`), and all but ColdFusion's
/// with a value of a fixed length after its `=`: the byte that far back is tested first, and a
/// form is tried only where it is `=`. ColdFusion's `cfid=` value `&cftoken=` value spans this
/// argument and the next: tried only where the next starts with `c`.
#[inline]
pub(super) fn session_id_in_arg(query: &[u8], arg: Range<usize>, next_end: Option<usize>) -> bool {
    let end = arg.end;
    let equals_back = |n: usize| end.checked_sub(n).and_then(|i| query.get(i)) == Some(&b'=');
    // A name and `=` then 32 alphanumerics; ASP.NET's name, 8 letters, `=` then 24 letters.
    let (named, asp) = (equals_back(33), equals_back(25));
    let cold_fusion = next_end.is_some() && query.get(end + 1).is_some_and(|&b| (b | 0x20) == b'c');
    (named | asp | cold_fusion) && session_id_tried(query, arg, next_end, named, asp)
}

/// [`session_id_in_arg`] where its first tests leave a form possible.
#[inline(never)]
fn session_id_tried(
    query: &[u8],
    arg: Range<usize>,
    next_end: Option<usize>,
    named: bool,
    asp: bool,
) -> bool {
    let end = arg.end;
    if named | asp {
        let fixed = QUERY_FORMS.iter().any(|&form| {
            let len = match form {
                QuerySession::Named(name) if named => name.len() + 32,
                QuerySession::Asp if asp => 45,
                _ => return false,
            };
            end.checked_sub(len)
                .is_some_and(|i| form.len(query, i, &mut None) == Some(len))
        });
        if fixed {
            return true;
        }
    }
    let Some(next_end) = next_end else {
        return false;
    };
    // `cfid=` and at least one byte in this argument, `cftoken=` and at least one byte the
    // next.
    let next = end + 1;
    next_end > next + 8
        && query
            .get(next..)
            .is_some_and(|s| starts_with_ci(s, b"cftoken="))
        && query
            .get(arg.start..end.saturating_sub(1))
            .is_some_and(|s| s.windows(5).any(|w| w.eq_ignore_ascii_case(b"cfid=")))
}

/// Whether a query session-id argument starts anywhere in `query` (what [`session_id_in_arg`]
/// tells argument by argument; the tests compare the two). A branch-free pass for `id` first,
/// then the forms are tried only where an `id` is.
#[cfg(test)]
fn query_has_session_id(query: &[u8]) -> bool {
    if !has_id(query) {
        return false;
    }
    let mut amps = None;
    id_positions(query).any(|at| {
        QUERY_FORMS.iter().any(|&form| {
            at.checked_sub(form.id_offset())
                .is_some_and(|i| form.len(query, i, &mut amps).is_some())
        })
    })
}

/// Where `id` (any case) starts in `s`, in order: each form's name holds it once, at
/// [`QuerySession::id_offset`], so only these places can start one.
#[cfg(test)]
fn id_positions(s: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut at = 0;
    core::iter::from_fn(move || loop {
        let i = at + s.get(at..)?.iter().position(|&b| (b | 0x20) == b'i')?;
        at = i + 1;
        if s.get(at).is_some_and(|&b| (b | 0x20) == b'd') {
            return Some(i);
        }
    })
}

/// Where `id` (any case) starts in `s`, from the last to the first: each form's name holds it
/// once, at [`QuerySession::id_offset`], so only these places can start one (the tests check
/// that these are the places the forward search finds: `id` cannot overlap itself).
fn id_positions_rev(s: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut end = s.len();
    core::iter::from_fn(move || loop {
        let d = s.get(..end)?.iter().rposition(|&b| (b | 0x20) == b'd')?;
        end = d;
        let i = d.checked_sub(1)?;
        if s.get(i).is_some_and(|&b| (b | 0x20) == b'i') {
            end = i;
            return Some(i);
        }
    })
}

/// ASCII case-insensitive `starts_with`.
fn starts_with_ci(s: &[u8], prefix: &[u8]) -> bool {
    s.get(..prefix.len())
        .is_some_and(|h| h.eq_ignore_ascii_case(prefix))
}

/// ASP.NET cookieless session segments: the last `/` + `(X(24 alphanumerics)...)` + `/` (or
/// `/` + `(24 alphanumerics)` + `/`) followed by a rest that contains `.aspx` after its first
/// byte, removed. Both forms are tried, in that order.
pub(super) fn strip_path_session_id(path: &mut String) {
    // Both forms start with `/(`.
    if !has_pair(path.as_bytes(), |a, b| (a == b'/') & (b == b'(')) {
        return;
    }
    for form in [PathSession::Letters, PathSession::Plain] {
        let bytes = path.as_bytes();
        // Where the next `?` and the next `.aspx` start at or after each position, built at
        // the first session segment: searching the rest again for each segment was quadratic
        // on many of them (found in review).
        let mut tables: Option<(Vec<usize>, Vec<usize>)> = None;
        let found = (0..bytes.len()).rev().find_map(|slash| {
            if bytes.get(slash) != Some(&b'/') {
                return None;
            }
            let seg_start = slash + 1;
            let len = form.segment_len(bytes.get(seg_start..)?)?;
            let rest = seg_start + len;
            if rest > bytes.len() {
                return None;
            }
            let (question, aspx) = tables.get_or_insert_with(|| {
                (
                    next_positions(bytes, |r| r.first() == Some(&b'?')),
                    next_positions(bytes, |r| starts_with_ci(r, b".aspx")),
                )
            });
            // `[^?]+\.aspx`: `.aspx` after at least one byte, no `?` before it.
            let before_question = *question.get(rest)?;
            let aspx = aspx.get(rest + 1).is_some_and(|&at| at < before_question);
            aspx.then_some(seg_start..seg_start + len)
        });
        if let Some(range) = found {
            path.replace_range(range, "");
        }
    }
}

/// For each position of `bytes` (and its end), the first position at or after it where
/// `starts` holds of the bytes from there, or `bytes.len()`.
fn next_positions(bytes: &[u8], starts: impl Fn(&[u8]) -> bool) -> Vec<usize> {
    let mut next = Vec::with_capacity(bytes.len() + 1);
    let mut at = bytes.len();
    next.push(at);
    for i in (0..bytes.len()).rev() {
        if bytes.get(i..).is_some_and(&starts) {
            at = i;
        }
        next.push(at);
    }
    next.reverse();
    next
}

#[derive(Clone, Copy)]
enum PathSession {
    /// `(` + one or more `X(24 alphanumerics)` + `)/`
    Letters,
    /// `(24 alphanumerics)/`
    Plain,
}

impl PathSession {
    /// The length of the session segment (with its `/`) at the start of `s`.
    fn segment_len(self, s: &[u8]) -> Option<usize> {
        let id = |s: &[u8]| -> bool {
            s.len() >= 26
                && s.first() == Some(&b'(')
                && s.get(1..25)
                    .is_some_and(|i| i.iter().all(u8::is_ascii_alphanumeric))
                && s.get(25) == Some(&b')')
        };
        match self {
            PathSession::Plain => (id(s) && s.get(26) == Some(&b'/')).then_some(27),
            PathSession::Letters => {
                if s.first() != Some(&b'(') {
                    return None;
                }
                let mut i = 1;
                let mut groups = 0;
                while s.get(i).is_some_and(u8::is_ascii_alphabetic)
                    && s.get(i + 1..).is_some_and(id)
                {
                    i += 27;
                    groups += 1;
                }
                (groups > 0 && s.get(i) == Some(&b')') && s.get(i + 1) == Some(&b'/'))
                    .then_some(i + 2)
            }
        }
    }
}

/// The query session-id arguments `surt` strips, in its order.
#[derive(Clone, Copy)]
enum QuerySession {
    Named(&'static [u8]),
    Asp,
    ColdFusion,
}

impl QuerySession {
    /// Where the `id` in the form's name is (from its start).
    fn id_offset(self) -> usize {
        match self {
            QuerySession::Named(name) => name.len() - 3,
            QuerySession::Asp => 10,
            QuerySession::ColdFusion => 2,
        }
    }

    /// The length of the argument at `i` in `bytes`, if it is one (and is followed by the end
    /// or `&`). `amps` caches, for each position, where the next `&` (or the end) is.
    fn len(self, bytes: &[u8], i: usize, amps: &mut Option<Vec<usize>>) -> Option<usize> {
        let s = bytes.get(i..)?;
        let n = match self {
            QuerySession::Named(name) => {
                if !starts_with_ci(s, name) {
                    return None;
                }
                let id = s.get(name.len()..name.len() + 32)?;
                id.iter()
                    .all(u8::is_ascii_alphanumeric)
                    .then_some(name.len() + 32)?
            }
            QuerySession::Asp => {
                if !starts_with_ci(s, b"aspsessionid") {
                    return None;
                }
                let letters =
                    |r: Option<&[u8]>| r.is_some_and(|r| r.iter().all(u8::is_ascii_alphabetic));
                (letters(s.get(12..20)) && s.get(20) == Some(&b'=') && letters(s.get(21..45)))
                    .then_some(45)?
            }
            QuerySession::ColdFusion => {
                if !starts_with_ci(s, b"cfid=") {
                    return None;
                }
                // The values run to the next `&`, looked up in a table: scanning for it at each
                // `cfid=` was quadratic on `cfid=` × k (found in review).
                let amps =
                    amps.get_or_insert_with(|| next_positions(bytes, |r| r.first() == Some(&b'&')));
                let v1 = amps.get(i + 5)? - (i + 5);
                if v1 == 0 {
                    return None;
                }
                let at = 5 + v1;
                if !starts_with_ci(s.get(at..)?, b"&cftoken=") {
                    return None;
                }
                let v2 = amps.get(i + at + 9)? - (i + at + 9);
                if v2 == 0 {
                    return None;
                }
                at + 9 + v2
            }
        };
        matches!(s.get(n), None | Some(b'&')).then_some(n)
    }
}

/// The query session-id forms, in the order `surt` strips them.
const QUERY_FORMS: [QuerySession; 5] = [
    QuerySession::Named(b"jsessionid="),
    QuerySession::Named(b"phpsessid="),
    QuerySession::Named(b"sid="),
    QuerySession::Asp,
    QuerySession::ColdFusion,
];

/// Removes the last argument of each session-id form (and the `&` after it; everything after
/// it is kept unless it is empty).
pub(super) fn strip_query_session_id(query: &mut String) {
    if !has_id(query.as_bytes()) {
        return;
    }
    for form in QUERY_FORMS {
        let bytes = query.as_bytes();
        let mut amps = None;
        // The last argument of this form (only where its `id` is).
        let found = id_positions_rev(bytes).find_map(|at| {
            let i = at.checked_sub(form.id_offset())?;
            form.len(bytes, i, &mut amps).map(|n| (i, n))
        });
        if let Some((i, n)) = found {
            let end = if bytes.get(i + n) == Some(&b'&') {
                i + n + 1
            } else {
                i + n
            };
            query.replace_range(i..end, "");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{strip_path_session_id, strip_query_session_id};

    const ID: &str = "(0123456789abcdefghijklmn)/";

    fn path(s: &str) -> String {
        let mut s = s.to_owned();
        strip_path_session_id(&mut s);
        s
    }

    fn query(s: &str) -> String {
        let mut s = s.to_owned();
        strip_query_session_id(&mut s);
        s
    }

    #[test]
    fn path_session_ids() {
        assert_eq!(path(&format!("/a/{ID}b.aspx")), "/a/b.aspx");
        assert_eq!(path(&format!("/{ID}{ID}b.aspx")), format!("/{ID}b.aspx"));
        assert_eq!(path(&format!("/a/{ID}.aspx")), format!("/a/{ID}.aspx"));
        assert_eq!(path(&format!("/a/{ID}b?.aspx")), format!("/a/{ID}b?.aspx"));
        assert_eq!(path(&format!("/a/{ID}b.asp")), format!("/a/{ID}b.asp"));
        assert_eq!(path(&format!("/{ID}b.ASPX?x")), "/b.ASPX?x");
        assert_eq!(path("/(X(0123456789abcdefghijklmn))/b.aspx"), "/b.aspx");
    }

    /// Found in review: the rest was searched for `.aspx` at each segment, quadratic
    /// (minutes) on this.
    #[test]
    fn many_path_segments() {
        let s = format!("/{}b.asp", ID.repeat(200_000));
        assert_eq!(path(&s), s);
        let s = format!("/{}b.aspx", ID.repeat(200_000));
        assert_eq!(path(&s), format!("/{}b.aspx", ID.repeat(199_999)));
    }

    #[test]
    fn query_session_ids_found() {
        use super::query_has_session_id;
        let id = "0123456789abcdef0123456789ABCDEF";
        for q in [
            format!("a=1&JSESSIONID={id}"),
            format!("phpsessid={id}&b"),
            format!("x&sid={id}"),
            "ASPSESSIONIDabcdefgh=abcdefghijklmnopqrstuvwx&y".to_owned(),
            "a&cfid=1&cftoken=2".to_owned(),
        ] {
            assert!(query_has_session_id(q.as_bytes()), "{q}");
            assert!(session_id_by_args(q.as_bytes()), "{q}");
            assert_ne!(query(&q), q);
        }
        for q in [
            "sid=1",
            "siteid=2&newsid=3",
            "cfid=1",
            "cfid=&cftoken=2",
            "a=b",
        ] {
            assert!(!query_has_session_id(q.as_bytes()), "{q}");
            assert!(!session_id_by_args(q.as_bytes()), "{q}");
            assert_eq!(query(q), q);
        }
    }

    /// [`super::session_id_in_arg`] on each argument of `q`.
    fn session_id_by_args(q: &[u8]) -> bool {
        let mut ends: Vec<usize> = (0..q.len()).filter(|&i| q.get(i) == Some(&b'&')).collect();
        ends.push(q.len());
        let mut start = 0;
        ends.iter().enumerate().any(|(j, &end)| {
            let arg = start..end;
            start = end + 1;
            super::session_id_in_arg(q, arg, ends.get(j + 1).copied())
        })
    }

    /// The argument-by-argument test finds what the search anywhere finds, on pseudo-random
    /// strings of the forms' pieces (names in both cases, values of the right and wrong
    /// lengths, `&`, `=`, pieces that start a name in the middle of an argument).
    #[test]
    fn session_ids_by_args() {
        use super::query_has_session_id;
        const PIECES: &[&str] = &[
            "jsessionid=",
            "JSessionID=",
            "phpsessid=",
            "sid=",
            "SID=",
            "aspsessionid",
            "ASPSESSIONIDabcdefgh=",
            "abcdefgh",
            "abcdefghijklmnopqrstuvwx",
            "0123456789abcdef0123456789ABCDEF",
            "0123456789abcdef0123456789ABCDE",
            "cfid=",
            "CFID=",
            "&cftoken=",
            "cftoken=",
            "&",
            "=",
            "a",
            "1",
            "id",
            "x_",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let (mut with, mut without) = (0, 0);
        for _ in 0..100_000 {
            let mut q = String::new();
            for _ in 0..1 + next(8) {
                q.push_str(PIECES.get(next(PIECES.len())).copied().unwrap_or_default());
            }
            let want = query_has_session_id(q.as_bytes());
            assert_eq!(session_id_by_args(q.as_bytes()), want, "{q}");
            if want {
                with += 1;
            } else {
                without += 1;
            }
        }
        assert!(with > 1_000 && without > 1_000, "{with} {without}");
    }

    /// `any_byte` sees a byte at every place of strings of 0 to 39 bytes, and none where
    /// there is none.
    #[test]
    fn any_byte_everywhere() {
        for len in 0..40 {
            let none = vec![b'a'; len];
            assert!(!super::any_byte(&none, |b| b == b'i'), "{len}");
            for at in 0..len {
                let mut s = none.clone();
                if let Some(b) = s.get_mut(at) {
                    *b = b'I';
                }
                assert!(super::any_byte(&s, |b| (b | 0x20) == b'i'), "{len} {at}");
            }
        }
    }

    /// The last-to-first search finds the places the first-to-last one does.
    #[test]
    fn id_positions_both_ways() {
        use super::{id_positions, id_positions_rev};
        for s in [
            "",
            "i",
            "d",
            "id",
            "did",
            "iid",
            "idd",
            "xIdiDid",
            "sid=1&ID&iD",
            "di",
        ] {
            let mut forward: Vec<usize> = id_positions(s.as_bytes()).collect();
            forward.reverse();
            let backward: Vec<usize> = id_positions_rev(s.as_bytes()).collect();
            assert_eq!(forward, backward, "{s:?}");
        }
    }

    #[test]
    fn cold_fusion_ids() {
        assert_eq!(query("a=1&cfid=12&cftoken=34&b=2"), "a=1&b=2");
        assert_eq!(query("a=1&CFID=12&CFTOKEN=34"), "a=1&");
        assert_eq!(query("cfid=&cftoken=34"), "cfid=&cftoken=34");
        assert_eq!(query("cfid=1&cftoken="), "cfid=1&cftoken=");
        assert_eq!(query("cfid=cfid=&cftoken=1&a"), "a");
        assert_eq!(query("x&cfid=cfid=&cftoken=1"), "x&");
    }

    /// Found in review: the value was scanned at each `cfid=`, quadratic (minutes) on this.
    #[test]
    fn many_cold_fusion_starts() {
        let s = "cfid=".repeat(200_000);
        assert_eq!(query(&s), s);
        let s = format!("{}&cftoken=1&a", "cfid=".repeat(200_000));
        assert_eq!(query(&s), format!("{}a", "cfid=".repeat(199_998)));
    }
}
