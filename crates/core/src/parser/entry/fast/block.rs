//! Sixteen input bytes at a time for [`super::scan`]: a [`Block`] of bytes, and for each byte
//! class the scan checks a component with, the mask of the block's bytes in (or not in) it,
//! one bit per byte (bit `k` for byte `k`). Not a spec concept: each class is defined from the
//! spec's percent-encode sets and code point sets, as its documentation says.
//!
//! Two implementations with the same results: on x86-64, SSE2 compares (part of the x86-64
//! baseline, so no run-time detection, and the intrinsics used take no pointers, so no
//! `unsafe`); elsewhere, a lookup per byte in [`CLASS`], a table computed from the
//! percent-encode sets. The tests check the first against the second for every byte at every
//! position.

use weburl_percent::{AsciiSet, FRAGMENT, PATH, SPECIAL_QUERY};

/// The bytes of a block.
pub(super) const LEN: usize = 16;

// The classes of the bytes, one bit each, for the table ([`CLASS`]).

/// A byte of a host: an ASCII alphanumeric, `-`, `.` or `_`.
const HOST_OK: u8 = 1;
/// An ASCII upper alpha (a host's is lowercased).
const UPPER: u8 = 2;
/// `-` (a label starting with `xn--` has `--`).
const DASH: u8 = 4;
/// A byte that may appear in a path segment unchanged (not in the path percent-encode set,
/// nor `\`, which a special URL treats as `/`), or the `/` between two segments. Not `?`
/// and `#`, which end the path.
const PATH_OK: u8 = 8;
/// `/`.
const SLASH: u8 = 16;
/// `.` or `%`: the first byte of a single-dot or double-dot segment.
const DOT: u8 = 32;
/// A byte the query state copies unchanged for a special URL (not in the special-query
/// percent-encode set). Not `#`, which ends the query.
const QUERY_OK: u8 = 64;
/// A byte the fragment state copies unchanged (not in the fragment percent-encode set).
const FRAGMENT_OK: u8 = 128;

/// Whether `b` is printable ASCII and not in `set`.
const fn copied(set: &AsciiSet, b: u8) -> bool {
    b > 0x20 && b < 0x7F && !set.contains(b)
}

/// The byte classes, computed at compile time from the percent-encode sets: the definition
/// of the classes, which the portable [`Block`] looks up and the SSE2 one is tested against.
#[allow(clippy::indexing_slicing)] // const evaluation: an out-of-bounds index fails the build.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut c = 0;
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_' {
            c |= HOST_OK;
        }
        if b.is_ascii_uppercase() {
            c |= UPPER;
        }
        if b == b'-' {
            c |= DASH;
        }
        if copied(&PATH, b) && b != b'\\' {
            c |= PATH_OK;
        }
        if b == b'/' {
            c |= SLASH;
        }
        if b == b'.' || b == b'%' {
            c |= DOT;
        }
        if copied(&SPECIAL_QUERY, b) && b != b'#' {
            c |= QUERY_OK;
        }
        if copied(&FRAGMENT, b) {
            c |= FRAGMENT_OK;
        }
        t[i] = c;
        i += 1;
    }
    t
};

/// The printable ASCII bytes of `set` and `extra`, up to sixteen of them (more fail the
/// build), and how many there are: the bytes the SSE2 block compares with.
#[allow(clippy::indexing_slicing)] // const evaluation: an out-of-bounds index fails the build.
const fn printable_in(set: &AsciiSet, extra: &[u8]) -> ([u8; 16], usize) {
    let mut out = [0u8; 16];
    let mut n = 0;
    let mut b = 0x21u8;
    while b < 0x7F {
        let mut hit = set.contains(b);
        let mut k = 0;
        while k < extra.len() {
            hit |= extra[k] == b;
            k += 1;
        }
        if hit {
            out[n] = b;
            n += 1;
        }
        b += 1;
    }
    (out, n)
}

/// The printable bytes a path stops at: the path percent-encode set's, `\`, and `#`.
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code)
)]
const PATH_STOPS: ([u8; 16], usize) = printable_in(&PATH, b"\\#");
/// The printable bytes a special URL's query stops at: the special-query percent-encode
/// set's, and `#`.
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code)
)]
const QUERY_STOPS: ([u8; 16], usize) = printable_in(&SPECIAL_QUERY, b"#");
/// The printable bytes a fragment stops at: the fragment percent-encode set's.
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code)
)]
const FRAGMENT_STOPS: ([u8; 16], usize) = printable_in(&FRAGMENT, b"");

/// The mask of a block's bytes.
const ALL: u32 = (1 << LEN) - 1;

/// The portable block: the bytes, classified by lookups in [`CLASS`].
#[derive(Clone, Copy)]
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
pub(super) struct Portable([u8; LEN]);

#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
impl Portable {
    #[inline(always)]
    pub(super) fn load(bytes: &[u8; LEN]) -> Self {
        Portable(*bytes)
    }

    /// The bytes with a bit of `class`.
    #[inline(always)]
    fn with(self, class: u8) -> u32 {
        let mut m = 0;
        for (k, &b) in self.0.iter().enumerate() {
            #[allow(clippy::indexing_slicing)] // a `u8` index into a 256-entry table
            let c = CLASS[usize::from(b)];
            m |= u32::from(c & class != 0) << k;
        }
        m
    }

    #[inline(always)]
    pub(super) fn host_bad(self) -> u32 {
        !self.with(HOST_OK) & ALL
    }
    #[inline(always)]
    pub(super) fn upper(self) -> u32 {
        self.with(UPPER)
    }
    #[inline(always)]
    pub(super) fn dash(self) -> u32 {
        self.with(DASH)
    }
    /// `.` (a host's last label starts after its last one; not a class of [`CLASS`], whose
    /// eight bits are taken).
    #[inline(always)]
    pub(super) fn period(self) -> u32 {
        let mut m = 0;
        for (k, &b) in self.0.iter().enumerate() {
            m |= u32::from(b == b'.') << k;
        }
        m
    }
    #[inline(always)]
    pub(super) fn path_bad(self) -> u32 {
        !self.with(PATH_OK) & ALL
    }
    #[inline(always)]
    pub(super) fn slash(self) -> u32 {
        self.with(SLASH)
    }
    #[inline(always)]
    pub(super) fn dot(self) -> u32 {
        self.with(DOT)
    }
    #[inline(always)]
    pub(super) fn query_bad(self) -> u32 {
        !self.with(QUERY_OK) & ALL
    }
    #[inline(always)]
    pub(super) fn fragment_bad(self) -> u32 {
        !self.with(FRAGMENT_OK) & ALL
    }
}

// The one module of the crate with `unsafe` code (see `lib.rs`): safe wrappers of the SSE2
// intrinsics the block uses.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(unsafe_code)]
mod intrinsics {
    //! Each intrinsic is `unsafe` to call only because it needs the CPU feature SSE2 (they
    //! take no pointers and have no other requirement). This module is compiled only with
    //! SSE2 enabled for the whole build (`target_feature = "sse2"`, part of the x86-64
    //! baseline), so every CPU the code runs on has it: each call below is sound.
    use core::arch::x86_64 as arch;
    pub(super) use core::arch::x86_64::__m128i;

    /// `_mm_set1_epi8`: `c` in every byte.
    #[inline(always)]
    #[allow(clippy::cast_possible_wrap)] // the byte's bits, as the intrinsic takes them
    pub(super) fn splat(c: u8) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the module documentation).
        unsafe { arch::_mm_set1_epi8(c as i8) }
    }
    /// `_mm_set_epi64x`: the two words, `lo` in the low bytes.
    #[inline(always)]
    pub(super) fn set(hi: i64, lo: i64) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the module documentation).
        unsafe { arch::_mm_set_epi64x(hi, lo) }
    }
    /// `_mm_and_si128`.
    #[inline(always)]
    pub(super) fn and(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the module documentation).
        unsafe { arch::_mm_and_si128(a, b) }
    }
    /// `_mm_andnot_si128`: `b` without `a`.
    #[inline(always)]
    pub(super) fn and_not(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the module documentation).
        unsafe { arch::_mm_andnot_si128(a, b) }
    }
    /// `_mm_or_si128`.
    #[inline(always)]
    pub(super) fn or(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the module documentation).
        unsafe { arch::_mm_or_si128(a, b) }
    }
    /// `_mm_cmpeq_epi8`: the bytes of `a` equal to those of `b`.
    #[inline(always)]
    pub(super) fn eq(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the module documentation).
        unsafe { arch::_mm_cmpeq_epi8(a, b) }
    }
    /// `_mm_cmpgt_epi8`: the bytes of `a` greater than those of `b`, signed.
    #[inline(always)]
    pub(super) fn gt(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the module documentation).
        unsafe { arch::_mm_cmpgt_epi8(a, b) }
    }
    /// `_mm_cmplt_epi8`: the bytes of `a` less than those of `b`, signed.
    #[inline(always)]
    pub(super) fn lt(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the module documentation).
        unsafe { arch::_mm_cmplt_epi8(a, b) }
    }
    /// `_mm_movemask_epi8`: the high bits of the bytes, as a mask of the block's bytes.
    #[inline(always)]
    #[allow(clippy::cast_sign_loss)] // 16 bits
    pub(super) fn bits(m: __m128i) -> u32 {
        // SAFETY: SSE2 is enabled for the build (see the module documentation).
        unsafe { arch::_mm_movemask_epi8(m) as u32 }
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::intrinsics::{__m128i, and, and_not, bits, eq, gt, lt, or, set, splat};
    use super::{ALL, FRAGMENT_STOPS, LEN, PATH_STOPS, QUERY_STOPS};

    /// The block in an SSE2 register. The byte compares are signed: a byte from 0x80 up is
    /// negative, below every printable ASCII byte, so it is in none of the classes, as in the
    /// table.
    #[derive(Clone, Copy)]
    pub(in super::super) struct Sse2(__m128i);

    /// The bytes of `x` from `lo` to `hi` (both from 0x01 to 0x7E).
    #[inline(always)]
    fn in_range(x: __m128i, lo: u8, hi: u8) -> __m128i {
        and(gt(x, splat(lo - 1)), lt(x, splat(hi + 1)))
    }

    impl Sse2 {
        #[inline(always)]
        pub(in super::super) fn load(bytes: &[u8; LEN]) -> Self {
            let (lo, hi) = bytes.split_at(8);
            let word = |h: &[u8]| i64::from_le_bytes(h.try_into().unwrap_or_default());
            Sse2(set(word(hi), word(lo)))
        }

        #[inline(always)]
        fn eq(self, c: u8) -> __m128i {
            eq(self.0, splat(c))
        }

        /// Printable ASCII: 0x21 to 0x7E.
        #[inline(always)]
        fn printable(self) -> __m128i {
            and_not(self.eq(0x7F), gt(self.0, splat(0x20)))
        }

        /// The printable bytes other than the first `n` of `bad` (at least one).
        #[inline(always)]
        fn printable_but(self, (bad, n): ([u8; 16], usize)) -> u32 {
            let mut m = self.eq(bad.first().copied().unwrap_or(0x7F));
            for &c in bad.get(1..n).unwrap_or_default() {
                m = or(m, self.eq(c));
            }
            bits(and_not(m, self.printable()))
        }

        #[inline(always)]
        pub(in super::super) fn host_bad(self) -> u32 {
            let x = self.0;
            let alpha = in_range(or(x, splat(0x20)), b'a', b'z');
            let digit = in_range(x, b'0', b'9');
            let dash_dot = in_range(x, b'-', b'.');
            let ok = or(or(alpha, digit), or(dash_dot, self.eq(b'_')));
            !bits(ok) & ALL
        }
        #[inline(always)]
        pub(in super::super) fn upper(self) -> u32 {
            bits(in_range(self.0, b'A', b'Z'))
        }
        #[inline(always)]
        pub(in super::super) fn dash(self) -> u32 {
            bits(self.eq(b'-'))
        }
        #[inline(always)]
        pub(in super::super) fn period(self) -> u32 {
            bits(self.eq(b'.'))
        }
        #[inline(always)]
        pub(in super::super) fn path_bad(self) -> u32 {
            !self.printable_but(PATH_STOPS) & ALL
        }
        #[inline(always)]
        pub(in super::super) fn slash(self) -> u32 {
            bits(self.eq(b'/'))
        }
        #[inline(always)]
        pub(in super::super) fn dot(self) -> u32 {
            bits(or(self.eq(b'.'), self.eq(b'%')))
        }
        #[inline(always)]
        pub(in super::super) fn query_bad(self) -> u32 {
            !self.printable_but(QUERY_STOPS) & ALL
        }
        #[inline(always)]
        pub(in super::super) fn fragment_bad(self) -> u32 {
            !self.printable_but(FRAGMENT_STOPS) & ALL
        }
    }
}

/// The block the scan uses: SSE2 on x86-64, else the portable one.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(super) use self::sse2::Sse2 as Block;
/// The block the scan uses: SSE2 on x86-64, else the portable one.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
pub(super) use Portable as Block;

/// The bytes of `b` from `i` (fewer than sixteen) as a block, zero-padded.
#[inline(always)]
fn tail(b: &[u8], i: usize) -> [u8; LEN] {
    if let Some(&w) = b.last_chunk::<LEN>() {
        // The last sixteen bytes, shifted down by the `i + 16 - b.len()` (1 to 16) before
        // `i`.
        #[allow(clippy::cast_possible_truncation)] // at most 128
        let shift = (8 * (i + LEN).saturating_sub(b.len())) as u32;
        return u128::from_le_bytes(w)
            .checked_shr(shift)
            .unwrap_or(0)
            .to_le_bytes();
    }
    let mut w = [0u8; LEN];
    let rest = b.get(i..).unwrap_or_default();
    if let Some(d) = w.get_mut(..rest.len()) {
        d.copy_from_slice(rest);
    }
    w
}

/// The bits of the bytes before the first byte with a bit set in `m` (all if there is none).
#[inline(always)]
pub(super) const fn before(m: u32) -> u32 {
    m.wrapping_sub(1) & !m
}

/// Runs `step` on the blocks of `b` from `at` (the last one zero-padded) until it returns a
/// mask that is not zero: the offset of the first byte of the mask, or `b.len()`. A zero byte
/// is a control, in no class: it ends every component, and a first byte at `b.len()` is the
/// end.
#[inline(always)]
pub(super) fn scan_blocks(b: &[u8], at: usize, mut step: impl FnMut(Block) -> u32) -> usize {
    let (blocks, _) = b.get(at..).unwrap_or_default().as_chunks::<LEN>();
    let mut i = at;
    for block in blocks {
        let stop = step(Block::load(block));
        if stop != 0 {
            return i + stop.trailing_zeros() as usize;
        }
        i += LEN;
    }
    (i + step(Block::load(&tail(b, i))).trailing_zeros() as usize).min(b.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class of `Block` as `Portable` gives it.
    fn same(bytes: [u8; LEN]) {
        let (b, p) = (Block::load(&bytes), Portable::load(&bytes));
        assert_eq!(b.host_bad(), p.host_bad(), "host {bytes:?}");
        assert_eq!(b.upper(), p.upper(), "upper {bytes:?}");
        assert_eq!(b.dash(), p.dash(), "dash {bytes:?}");
        assert_eq!(b.period(), p.period(), "period {bytes:?}");
        assert_eq!(b.path_bad(), p.path_bad(), "path {bytes:?}");
        assert_eq!(b.slash(), p.slash(), "slash {bytes:?}");
        assert_eq!(b.dot(), p.dot(), "dot {bytes:?}");
        assert_eq!(b.query_bad(), p.query_bad(), "query {bytes:?}");
        assert_eq!(b.fragment_bad(), p.fragment_bad(), "fragment {bytes:?}");
    }

    #[test]
    fn block_is_the_table() {
        // Every byte at every position, among bytes of every class.
        for c in 0..=255u8 {
            for fill in [b'a', b'/', 0, 0x80, b'%', b'Z', b'-'] {
                for k in 0..LEN {
                    let mut bytes = [fill; LEN];
                    if let Some(x) = bytes.get_mut(k) {
                        *x = c;
                    }
                    same(bytes);
                }
            }
        }
        // The table's own classes, spot-checked.
        let at = |ks: &[u32]| ks.iter().fold(0, |m, k| m | (1 << k));
        let p = Portable::load(b"aZ-._/%?#\"<`'{\\\x7f");
        assert_eq!(p.host_bad(), !at(&[0, 1, 2, 3, 4]) & ALL);
        assert_eq!(p.upper(), at(&[1]));
        assert_eq!(p.dash(), at(&[2]));
        assert_eq!(p.slash(), at(&[5]));
        assert_eq!(p.dot(), at(&[3, 6]));
        assert_eq!(p.period(), at(&[3]));
        assert_eq!(p.path_bad(), at(&[7, 8, 9, 10, 11, 13, 14, 15]));
        assert_eq!(p.query_bad(), at(&[8, 9, 10, 12, 15]));
        assert_eq!(p.fragment_bad(), at(&[9, 10, 11, 15]));
    }

    #[test]
    fn tails() {
        let b: Vec<u8> = (1..=40).collect();
        for i in 25..=40 {
            let t = tail(&b, i);
            for (k, &x) in t.iter().enumerate() {
                assert_eq!(x, b.get(i + k).copied().unwrap_or(0), "{i} {k}");
            }
        }
        assert_eq!(tail(b"abc", 1)[..3], *b"bc\0");
    }
}
