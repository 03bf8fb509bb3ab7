//! The query of the one-pass SURT key ([`super::key`]): `?` and its arguments sorted.
//!
//! The general way sorts the lowercased arguments as pairs (name, then no `=` before `=`,
//! then value). That is the order of each argument's bytes lowercased with its first `=` made
//! `0x01` (below every byte the query holds, so a name before a longer name, an argument
//! without `=` before one with, and then the values in order): here the arguments are
//! compared as those bytes, 8 at a time as big-endian `u64` words ([`word`]), the first word
//! of each computed once before the sort. The query is printable ASCII here (the one pass
//! takes no other string, and a decoded byte outside it stays escaped), so no byte is `0x00`
//! (the padding after an argument's end) or `0x01`.

use core::cmp::Ordering;

use super::super::session::session_id_in_arg;
use weburl::bytes::{first_word, range_masks, to_ascii_lowercase, ByteRange};

/// At most this many query arguments are sorted here (more: the general way).
pub(super) const MAX_ARGS: usize = 32;

/// One argument of the query: where it is, and its first [`word`].
#[derive(Clone, Copy, Default)]
struct Arg {
    /// [`word`] at the argument's start.
    first: u64,
    start: u32,
    /// Where its first `=` is (`end` for none).
    name_end: u32,
    end: u32,
}

/// `?` and the query's arguments sorted as the general way sorts them once lowercased (by
/// name, then an argument without `=` before one with, then by value); `None` for a query
/// with a session-id argument (the general way strips it) or more than [`MAX_ARGS`]
/// arguments. `amp`: whether the query may hold a `&` (without one there is nothing to sort).
pub(super) fn push_sorted_query(out: &mut Vec<u8>, query: &[u8], amp: bool) -> Option<()> {
    if !amp {
        // One argument: nothing to sort.
        if session_id_in_arg(query, 0..query.len(), None) {
            return None;
        }
        out.push(b'?');
        out.extend_from_slice(query);
        return Some(());
    }
    let mut args = [Arg::default(); MAX_ARGS];
    let n = split(query, &mut args)?;
    let args = args.get_mut(..n)?;
    let mut ends = args.iter().map(|arg| arg.end as usize).skip(1);
    for arg in args.iter() {
        let range = arg.start as usize..arg.end as usize;
        if session_id_in_arg(query, range, ends.next()) {
            return None;
        }
    }
    out.push(b'?');
    // An insertion sort: a query has few arguments (often in order already: then it is
    // copied whole).
    let mut moved = false;
    for i in 1..args.len() {
        let arg = *args.get(i)?;
        let mut j = i;
        while j > 0 {
            let before = *args.get(j - 1)?;
            if cmp_args(query, &before, &arg) != Ordering::Greater {
                break;
            }
            *args.get_mut(j)? = before;
            j -= 1;
        }
        if j != i {
            *args.get_mut(j)? = arg;
            moved = true;
        }
    }
    if !moved {
        out.extend_from_slice(query);
        return Some(());
    }
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(query.get(arg.start as usize..arg.end as usize)?);
    }
    Some(())
}

/// The arguments of `query` (split at each `&`, with each one's first `=`) into `args`, and
/// how many there are: one pass over 16-byte blocks (`weburl::bytes::range_masks`), taking
/// the `&` and `=` of each block in order. `None` for more than [`MAX_ARGS`] (or offsets
/// beyond `u32`).
fn split(query: &[u8], args: &mut [Arg; MAX_ARGS]) -> Option<usize> {
    let mut n = 0;
    let mut start = 0;
    let mut name_end = None;
    let mut at = 0;
    while at < query.len() {
        let [mut amps, mut equals] = block_masks(query, at);
        while amps | equals != 0 {
            // The first of the block's `&` and `=`.
            let a = amps.trailing_zeros();
            let e = equals.trailing_zeros();
            if e < a {
                name_end.get_or_insert(at + e as usize);
                equals &= equals - 1;
            } else {
                let end = at + a as usize;
                *args.get_mut(n)? = arg(query, start, name_end.unwrap_or(end), end)?;
                n += 1;
                start = end + 1;
                name_end = None;
                amps &= amps - 1;
            }
        }
        at += 16;
    }
    let end = query.len();
    *args.get_mut(n)? = arg(query, start, name_end.unwrap_or(end), end)?;
    Some(n + 1)
}

/// `&` and `=`.
const SPLIT_BYTES: [ByteRange; 2] = [
    ByteRange { low: b'&', span: 0 },
    ByteRange { low: b'=', span: 0 },
];

/// Where [`SPLIT_BYTES`] are in the 16 bytes of `s` from `at` (bit `i` for `s[at + i]`; none
/// past its end): the block, or the last 16 bytes of `s` shifted, or (`s` shorter than 16
/// bytes) a copy padded with `0x00`.
fn block_masks(s: &[u8], at: usize) -> [u16; 2] {
    if let Some(block) = s.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        return range_masks(block, &SPLIT_BYTES);
    }
    if let Some(block) = s.last_chunk::<16>() {
        // The block starts `skip` bytes before `at`.
        let skip = (at + 16).saturating_sub(s.len());
        return range_masks(block, &SPLIT_BYTES).map(|m| m.checked_shr(skip as u32).unwrap_or(0));
    }
    let mut block = [0u8; 16];
    for (to, &from) in block.iter_mut().zip(s.get(at..).unwrap_or_default()) {
        *to = from;
    }
    range_masks(&block, &SPLIT_BYTES)
}

/// The [`Arg`] of `query[start..end]` whose first `=` is at `name_end` (`end` for none).
fn arg(query: &[u8], start: usize, name_end: usize, end: usize) -> Option<Arg> {
    // Offsets fit in `u32`: a longer query goes the general way.
    let offset = |i: usize| u32::try_from(i).ok();
    Some(Arg {
        first: word(query, start, name_end, end),
        start: offset(start)?,
        name_end: offset(name_end)?,
        end: offset(end)?,
    })
}

/// The order of two arguments: their first words, then (where these are the same) the words
/// after them, until one differs or both arguments end.
fn cmp_args(query: &[u8], x: &Arg, y: &Arg) -> Ordering {
    match x.first.cmp(&y.first) {
        Ordering::Equal => {}
        order => return order,
    }
    let (xs, xn, xe) = (x.start as usize, x.name_end as usize, x.end as usize);
    let (ys, yn, ye) = (y.start as usize, y.name_end as usize, y.end as usize);
    let mut k = 8;
    while xs + k < xe || ys + k < ye {
        let order = word(query, xs + k, xn, xe).cmp(&word(query, ys + k, yn, ye));
        if order != Ordering::Equal {
            return order;
        }
        k += 8;
    }
    Ordering::Equal
}

/// The 8 bytes of an argument from `at` (the argument ends at `end`, its first `=` at
/// `name_end`, `end` for none) as they sort: lowercased, the first `=` made `0x01`, `0x00`
/// after the argument's end, as a big-endian word (its first byte the most significant).
fn word(query: &[u8], at: usize, name_end: usize, end: usize) -> u64 {
    let len = end.saturating_sub(at);
    if len == 0 {
        return 0;
    }
    let mut w = to_ascii_lowercase(first_word(query.get(at..).unwrap_or_default()));
    if len < 8 {
        w &= (1u64 << (8 * len)) - 1;
    }
    if name_end < end {
        if let Some(i) = name_end.checked_sub(at).filter(|&i| i < 8) {
            let shift = 8 * i;
            w = (w & !(0xff << shift)) | (1 << shift);
        }
    }
    w.swap_bytes()
}

#[cfg(test)]
mod tests {
    use super::{push_sorted_query, to_ascii_lowercase};

    /// The general way's order: the lowercased (name, value) pairs, compared by iterators.
    fn reference(query: &[u8]) -> Vec<u8> {
        let lower = query.to_ascii_lowercase();
        let mut args: Vec<(&[u8], Option<&[u8]>)> = lower
            .split(|&b| b == b'&')
            .map(|a| match a.iter().position(|&b| b == b'=') {
                Some(i) => (a.get(..i).unwrap_or_default(), a.get(i + 1..)),
                None => (a, None),
            })
            .collect();
        args.sort_unstable();
        let mut out = b"?".to_vec();
        for (i, (k, v)) in args.iter().enumerate() {
            if i > 0 {
                out.push(b'&');
            }
            out.extend_from_slice(k);
            if let Some(v) = v {
                out.push(b'=');
                out.extend_from_slice(v);
            }
        }
        out
    }

    fn sorted(query: &[u8]) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        push_sorted_query(&mut out, query, true)?;
        out.make_ascii_lowercase();
        Some(out)
    }

    #[test]
    fn examples() {
        for (query, want) in [
            ("b=2&a=1&A=0", "?a=0&a=1&b=2"),
            ("=&=1&a&a=", "?=&=1&a&a="),
            ("b&a&c=1&c", "?a&b&c&c=1"),
            ("a-b&a=1", "?a=1&a-b"),
            ("a=1&a", "?a&a=1"),
            ("ab=&a=b", "?a=b&ab="),
            ("&&", "?&&"),
            ("aaaaaaaab=1&aaaaaaaa=2", "?aaaaaaaa=2&aaaaaaaab=1"),
            ("aaaaaaaa&aaaaaaaa=", "?aaaaaaaa&aaaaaaaa="),
            ("x=aaaaaaaaA&x=aaaaaaaa_", "?x=aaaaaaaa_&x=aaaaaaaaa"),
            ("_=1&A=1&[=1&`=1&Z=1", "?[=1&_=1&`=1&a=1&z=1"),
        ] {
            assert_eq!(
                sorted(query.as_bytes()),
                Some(want.as_bytes().to_vec()),
                "{query}"
            );
            assert_eq!(reference(query.as_bytes()), want.as_bytes(), "{query}");
        }
    }

    /// More than 32 arguments go the general way.
    #[test]
    fn too_many_arguments() {
        assert!(sorted("a&".repeat(31).as_bytes()).is_some());
        assert!(sorted("a&".repeat(32).as_bytes()).is_none());
    }

    /// The word comparison gives the general way's order on pseudo-random argument lists:
    /// equal names, names that are prefixes of others (within and across 8-byte words),
    /// capitals and the bytes between `Z` and `a`, arguments without `=` or with several,
    /// empty arguments and names.
    #[test]
    fn same_order_as_reference() {
        const BYTES: &[u8] = b"aAbB=_[`zZ0~!&";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        for _ in 0..20_000 {
            let n_args = 1 + next(6);
            let mut query = Vec::new();
            // A shared prefix makes most comparisons go past the first word.
            let prefix_len = next(12) as usize;
            for i in 0..n_args {
                if i > 0 {
                    query.push(b'&');
                }
                if next(2) == 0 {
                    query.extend(core::iter::repeat_n(b'a', prefix_len));
                }
                for _ in 0..next(14) {
                    let b = BYTES.get(next(BYTES.len() as u64) as usize).copied();
                    query.push(b.unwrap_or(b'a'));
                }
            }
            assert_eq!(
                sorted(&query),
                Some(reference(&query)),
                "{}",
                String::from_utf8_lossy(&query)
            );
        }
    }

    /// [`super::split`] finds each argument and its first `=` where a byte search does, with a
    /// `&` and an `=` at each place of strings of 0 to 49 bytes (one block, a part, two, and
    /// the last block overlapping the one before).
    #[test]
    fn split_at_every_place() {
        for len in 0..50 {
            for amp in 0..=len {
                for equals in 0..=len {
                    let mut q = vec![b'a'; len];
                    for (at, b) in [(equals, b'='), (amp, b'&')] {
                        if let Some(x) = q.get_mut(at) {
                            *x = b;
                        }
                    }
                    let mut want = Vec::new();
                    let mut start = 0;
                    for part in q.split(|&b| b == b'&') {
                        let name = part.iter().position(|&b| b == b'=').unwrap_or(part.len());
                        want.push((start, start + name, start + part.len()));
                        start += part.len() + 1;
                    }
                    let mut args = [super::Arg::default(); super::MAX_ARGS];
                    let n = super::split(&q, &mut args).unwrap_or_default();
                    let got: Vec<_> = args
                        .iter()
                        .take(n)
                        .map(|a| (a.start as usize, a.name_end as usize, a.end as usize))
                        .collect();
                    assert_eq!(got, want, "{}", String::from_utf8_lossy(&q));
                }
            }
        }
    }

    #[test]
    fn lowercase_byte_by_byte() {
        for b in 0..=255u8 {
            for at in 0..8 {
                let w = (u64::from(b) << (8 * at)) | (0x4141_4141_4141_4141 & !(0xff << (8 * at)));
                let got = to_ascii_lowercase(w).to_le_bytes();
                let want = w.to_le_bytes().map(|x| x.to_ascii_lowercase());
                assert_eq!(got, want, "{b:#x} at {at}");
            }
        }
    }
}
