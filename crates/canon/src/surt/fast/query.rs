//! The query of the one-pass SURT key ([`super::key`]): `?` and its arguments sorted.

use super::super::session::query_has_session_id;

/// At most this many query arguments are sorted here (more: the general way).
pub(super) const MAX_ARGS: usize = 32;

/// `?` and the query's arguments sorted as the general way sorts them once lowercased (by
/// name, then an argument without `=` before one with, then by value); `None` for a query
/// with a session-id argument (the general way strips it) or more than [`MAX_ARGS`]
/// arguments. `amp`: whether the query may hold a `&` (without one there is nothing to sort).
pub(super) fn push_sorted_query(out: &mut Vec<u8>, query: &[u8], amp: bool) -> Option<()> {
    if query_has_session_id(query) {
        return None;
    }
    out.push(b'?');
    if !amp || !query.contains(&b'&') {
        // One argument: nothing to sort.
        out.extend_from_slice(query);
        return Some(());
    }
    // (start, end of name, end) of each argument in `query`: each `&` and each argument's
    // first `=` found by a search of its own (no per-byte state).
    let bytes = query;
    let mut args = [(0u32, 0u32, 0u32); MAX_ARGS];
    let mut n = 0;
    let mut start = 0;
    loop {
        let rest = bytes.get(start..)?;
        let end = start + rest.iter().position(|&b| b == b'&').unwrap_or(rest.len());
        let arg = bytes.get(start..end)?;
        let name_end = start + arg.iter().position(|&b| b == b'=').unwrap_or(arg.len());
        // Offsets fit in `u32`: a longer query goes the general way.
        let offset = |i: usize| u32::try_from(i).ok();
        *args.get_mut(n)? = (offset(start)?, offset(name_end)?, offset(end)?);
        n += 1;
        if end >= bytes.len() {
            break;
        }
        start = end + 1;
    }
    let args = args.get_mut(..n)?;
    let part = |a: u32, b: u32| query.get(a as usize..b as usize).unwrap_or_default();
    let cmp_ci = |x: &[u8], y: &[u8]| {
        x.iter()
            .map(u8::to_ascii_lowercase)
            .cmp(y.iter().map(u8::to_ascii_lowercase))
    };
    args.sort_unstable_by(|&(s1, n1, e1), &(s2, n2, e2)| {
        cmp_ci(part(s1, n1), part(s2, n2)).then_with(|| match (n1 == e1, n2 == e2) {
            // No `=` sorts first.
            (true, true) => core::cmp::Ordering::Equal,
            (true, false) => core::cmp::Ordering::Less,
            (false, true) => core::cmp::Ordering::Greater,
            (false, false) => cmp_ci(part(n1 + 1, e1), part(n2 + 1, e2)),
        })
    });
    for (i, &(s, _, e)) in args.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(query.get(s as usize..e as usize).unwrap_or_default());
    }
    Some(())
}
