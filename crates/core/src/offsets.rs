//! [`Offsets`]: where a URL's components are in its serialization, plus the parts of the
//! [URL record](https://url.spec.whatwg.org/#concept-url) the serialization alone does not
//! tell (the port as a number, the host's kind, the scheme's type, whether the path is
//! opaque). Not a spec concept: the representation's (see `crate::url::Url`).
//!
//! One type for both the finished URL ([`Url`](crate::Url), `u32` offsets, to keep it small)
//! and the URL being written (`state_machine::UrlBuf`, `usize` offsets, to keep the parser free of
//! conversions), converted once when a parse completes ([`Offsets::narrow`]).
//!
//! An edit of a URL replaces one range of its serialization and moves what follows
//! (`Url::splice`): [`Offsets::shift_from`] is that move, the only place offsets are shifted.
//! The record-level editors are built on `Url::splice` with a [`Boundary`].

use weburl_host::HostKind;

use crate::scheme::SchemeType;

/// An offset as an index into the serialization (offsets are `u32`: the maximum input length
/// fits, and a `Url` stays small).
#[inline]
pub(crate) fn us(n: u32) -> usize {
    n as usize
}

/// Where the components are in the serialization (byte offsets of type `T`), and the record's
/// fields the serialization does not tell. The layout:
///
/// ```text
/// scheme ":" [ "//" [ username [ ":" password ] "@" ] host [ ":" port ] ] [ "/." ] path [ "?" query ] [ "#" fragment ]
///        ^scheme_end    ^username_end            ^host_start ^host_end   ^path_start ^query_start ^fragment_start
/// ```
///
/// Without credentials `username_end == host_start == scheme_end + 3`; with a null host
/// `username_end == host_start == host_end == scheme_end + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Offsets<T> {
    /// The scheme's end: the offset of the `:` after it.
    pub(crate) scheme_end: T,
    /// The username's end (its start is `scheme_end + 3` when there is a host).
    pub(crate) username_end: T,
    pub(crate) host_start: T,
    pub(crate) host_end: T,
    /// The path's start (after the port, and after the serializer's `/.` marker if any).
    pub(crate) path_start: T,
    /// The `?` before the query, if the query is not null.
    pub(crate) query_start: Option<T>,
    /// The `#` before the fragment, if the fragment is not null.
    pub(crate) fragment_start: Option<T>,
    /// The port, `None` when null (its text is `host_end + 1 .. path_start`).
    pub(crate) port: Option<u16>,
    /// `None`: the host is null.
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) scheme_type: SchemeType,
    /// Whether the path is an [opaque path](https://url.spec.whatwg.org/#url-opaque-path).
    pub(crate) opaque_path: bool,
}

/// One of the offsets of [`Offsets`], in the order they occur in the serialization; `End`
/// is the end of the serialization, which is not stored. "From `b` on" means `b` and every
/// boundary after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Boundary {
    SchemeEnd,
    UsernameEnd,
    HostStart,
    HostEnd,
    PathStart,
    QueryStart,
    FragmentStart,
    /// The end of the serialization: nothing is after it.
    End,
}

impl Offsets<usize> {
    /// The offsets of a URL of which nothing is written yet: all 0, no host, no query, no
    /// fragment, not special.
    pub(crate) const EMPTY: Offsets<usize> = Offsets {
        scheme_end: 0,
        username_end: 0,
        host_start: 0,
        host_end: 0,
        path_start: 0,
        query_start: None,
        fragment_start: None,
        port: None,
        host_kind: None,
        scheme_type: SchemeType::NotSpecial,
        opaque_path: false,
    };

    /// Moves the offsets from `from` on with the text that was at `old` and is now at `new`
    /// (a splice replaced the text before `old` by text ending at `new`): each becomes
    /// `o - old + new`. The offsets from `from` on must be at or after `old` (the caller's
    /// splice ends at or before the component `from` starts); offsets before `from` stay.
    pub(crate) fn shift_from(&mut self, from: Boundary, old: usize, new: usize) {
        let moved = |o: usize| o.saturating_sub(old) + new;
        let shift = |b: Boundary, o: &mut usize| {
            if b >= from {
                *o = moved(*o);
            }
        };
        shift(Boundary::SchemeEnd, &mut self.scheme_end);
        shift(Boundary::UsernameEnd, &mut self.username_end);
        shift(Boundary::HostStart, &mut self.host_start);
        shift(Boundary::HostEnd, &mut self.host_end);
        shift(Boundary::PathStart, &mut self.path_start);
        if let Some(q) = &mut self.query_start {
            shift(Boundary::QueryStart, q);
        }
        if let Some(f) = &mut self.fragment_start {
            shift(Boundary::FragmentStart, f);
        }
    }
}

impl<T: Copy> Offsets<T> {
    /// The same offsets converted by `f` (the other fields as they are).
    #[inline]
    pub(crate) fn map<U>(self, f: impl Fn(T) -> U) -> Offsets<U> {
        Offsets {
            scheme_end: f(self.scheme_end),
            username_end: f(self.username_end),
            host_start: f(self.host_start),
            host_end: f(self.host_end),
            path_start: f(self.path_start),
            query_start: self.query_start.map(&f),
            fragment_start: self.fragment_start.map(&f),
            port: self.port,
            host_kind: self.host_kind,
            scheme_type: self.scheme_type,
            opaque_path: self.opaque_path,
        }
    }
}

impl Offsets<u32> {
    /// The offsets as `usize`, to compute with.
    #[inline]
    pub(crate) fn widen(self) -> Offsets<usize> {
        self.map(us)
    }

    /// The offsets of `wide`, which are all at most `len` (the length of the serialization
    /// they describe, a `u32`), as `u32`.
    #[inline]
    pub(crate) fn narrow(wide: Offsets<usize>, len: u32) -> Offsets<u32> {
        // Clamped to `len` (the invariants, checked in debug builds, say an offset is never
        // past the end), so the casts are lossless, with no branch per offset.
        let max = us(len);
        #[allow(clippy::cast_possible_truncation)]
        wide.map(|o| o.min(max) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_moves_only_from_the_boundary_on() {
        // `http://h:1/p?q#f` with the port's text `:1` (8..10) replaced by `:123`.
        let mut o = Offsets {
            scheme_end: 4,
            username_end: 7,
            host_start: 7,
            host_end: 8,
            path_start: 10,
            query_start: Some(12),
            fragment_start: Some(14),
            port: Some(1),
            host_kind: Some(HostKind::Domain),
            scheme_type: SchemeType::Http,
            opaque_path: false,
        };
        o.shift_from(Boundary::PathStart, 10, 12);
        assert_eq!(
            (o.host_end, o.path_start, o.query_start, o.fragment_start),
            (8, 12, Some(14), Some(16))
        );
        o.shift_from(Boundary::End, 0, 100);
        assert_eq!(o.fragment_start, Some(16));
        let narrow = Offsets::narrow(o, 100);
        assert_eq!(narrow.widen(), o);
    }
}
