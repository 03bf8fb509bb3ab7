//! The x86-64 classifiers: [`Sse2`] (compares; SSE2 is part of the x86-64 baseline) and
//! [`Ssse3`] (table lookups with `pshufb` for the component classes), and [`dispatch`], which
//! picks the second where the CPU has SSSE3.
//!
//! The one module of the crate with `unsafe` code (see `lib.rs`). Two kinds of it:
//!
//! - The intrinsics ([`intrinsics`]): each is `unsafe` to call only because it needs a CPU
//!   feature (none takes a pointer). The SSE2 ones are sound everywhere this module is
//!   compiled: it is compiled only for x86-64 with SSE2 enabled for the whole build (the
//!   target's baseline). The SSSE3 ones are sound only on a CPU with SSSE3: they are reached
//!   only through an [`Ssse3Block`], which only an [`Ssse3`] token loads, and that token is
//!   made only by [`dispatch`] after it has found SSSE3 (or where the whole build has it).
//! - The call of the SSSE3-compiled function in [`dispatch`], after the same check.

use super::{
    Block, Classifier, WithClassifier, ALL, FRAGMENT_STOPS, FRAGMENT_TABLES, HOST_TABLES, LEN,
    PATH_STOPS, PATH_TABLES, QUERY_STOPS, QUERY_TABLES,
};

#[allow(unsafe_code)]
mod intrinsics {
    //! Safe wrappers of the intrinsics the blocks use (see the parent module for why each
    //! call is sound).
    use core::arch::x86_64 as arch;
    pub(super) use core::arch::x86_64::__m128i;

    /// `_mm_set1_epi8`: `c` in every byte.
    #[inline(always)]
    #[allow(clippy::cast_possible_wrap)] // the byte's bits, as the intrinsic takes them
    pub(super) fn splat(c: u8) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_set1_epi8(c as i8) }
    }
    /// `_mm_set_epi64x`: the two words, `lo` in the low bytes.
    #[inline(always)]
    pub(super) fn set(hi: i64, lo: i64) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_set_epi64x(hi, lo) }
    }
    /// Sixteen bytes (`_mm_set_epi64x` of their halves, which compiles to one load).
    #[inline(always)]
    pub(super) fn load(bytes: &[u8; 16]) -> __m128i {
        let (lo, hi) = bytes.split_at(8);
        let word = |h: &[u8]| i64::from_le_bytes(h.try_into().unwrap_or_default());
        set(word(hi), word(lo))
    }
    /// `_mm_and_si128`.
    #[inline(always)]
    pub(super) fn and(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_and_si128(a, b) }
    }
    /// `_mm_andnot_si128`: `b` without `a`.
    #[inline(always)]
    pub(super) fn and_not(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_andnot_si128(a, b) }
    }
    /// `_mm_or_si128`.
    #[inline(always)]
    pub(super) fn or(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_or_si128(a, b) }
    }
    /// `_mm_cmpeq_epi8`: the bytes of `a` equal to those of `b`.
    #[inline(always)]
    pub(super) fn eq(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_cmpeq_epi8(a, b) }
    }
    /// `_mm_cmpgt_epi8`: the bytes of `a` greater than those of `b`, signed.
    #[inline(always)]
    pub(super) fn gt(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_cmpgt_epi8(a, b) }
    }
    /// `_mm_cmplt_epi8`: the bytes of `a` less than those of `b`, signed.
    #[inline(always)]
    pub(super) fn lt(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_cmplt_epi8(a, b) }
    }
    /// `_mm_srli_epi16::<4>`: each 16-bit lane shifted down by four bits.
    #[inline(always)]
    pub(super) fn shift_down_4(a: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_srli_epi16::<4>(a) }
    }
    /// `_mm_movemask_epi8`: the high bits of the bytes, as a mask of the block's bytes.
    #[inline(always)]
    #[allow(clippy::cast_sign_loss)] // 16 bits
    pub(super) fn bits(m: __m128i) -> u32 {
        // SAFETY: SSE2 is enabled for the build (see the parent module).
        unsafe { arch::_mm_movemask_epi8(m) as u32 }
    }
    /// `_mm_shuffle_epi8` (SSSE3): byte `k` is `table[index[k] & 15]`, or 0 where `index[k]`
    /// has its high bit. Only for [`super::Ssse3Block`] (see the parent module).
    #[inline(always)]
    pub(super) fn lookup(table: __m128i, index: __m128i) -> __m128i {
        // SAFETY: called only by the methods of an `Ssse3Block`, which exists only where the
        // CPU has SSSE3 (see the parent module).
        unsafe { arch::_mm_shuffle_epi8(table, index) }
    }
}

use self::intrinsics::{
    __m128i, and, and_not, bits, eq, gt, load, lookup, lt, or, shift_down_4, splat,
};

/// The bytes of `x` from `lo` to `hi` (both from 0x01 to 0x7E).
#[inline(always)]
fn in_range(x: __m128i, lo: u8, hi: u8) -> __m128i {
    and(gt(x, splat(lo - 1)), lt(x, splat(hi + 1)))
}

/// The SSE2 classifier.
#[derive(Clone, Copy)]
pub(super) struct Sse2;

/// A block in an SSE2 register. The byte compares are signed: a byte from 0x80 up is
/// negative, below every printable ASCII byte, so it is in none of the classes, as in the
/// table.
#[derive(Clone, Copy)]
pub(super) struct Sse2Block(__m128i);

impl Classifier for Sse2 {
    type Block = Sse2Block;
    #[inline(always)]
    fn load(self, bytes: &[u8; LEN]) -> Sse2Block {
        Sse2Block(load(bytes))
    }
}

impl Sse2Block {
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
}

impl Block for Sse2Block {
    #[inline(always)]
    fn host_bad(self) -> u32 {
        let x = self.0;
        let alpha = in_range(or(x, splat(0x20)), b'a', b'z');
        let digit = in_range(x, b'0', b'9');
        let dash_dot = in_range(x, b'-', b'.');
        let ok = or(or(alpha, digit), or(dash_dot, self.eq(b'_')));
        !bits(ok) & ALL
    }
    #[inline(always)]
    fn upper(self) -> u32 {
        bits(in_range(self.0, b'A', b'Z'))
    }
    #[inline(always)]
    fn dash(self) -> u32 {
        bits(self.eq(b'-'))
    }
    #[inline(always)]
    fn period(self) -> u32 {
        bits(self.eq(b'.'))
    }
    #[inline(always)]
    fn path_bad(self) -> u32 {
        !self.printable_but(PATH_STOPS) & ALL
    }
    #[inline(always)]
    fn slash(self) -> u32 {
        bits(self.eq(b'/'))
    }
    #[inline(always)]
    fn dot(self) -> u32 {
        bits(or(self.eq(b'.'), self.eq(b'%')))
    }
    #[inline(always)]
    fn query_bad(self) -> u32 {
        !self.printable_but(QUERY_STOPS) & ALL
    }
    #[inline(always)]
    fn fragment_bad(self) -> u32 {
        !self.printable_but(FRAGMENT_STOPS) & ALL
    }
}

/// The SSSE3 classifier: made only where the CPU has SSSE3 (see the module documentation).
#[derive(Clone, Copy)]
pub(super) struct Ssse3(());

/// A block of the SSSE3 classifier: the component classes by nibble tables
/// ([`super::nibble_tables`]), the others as [`Sse2Block`] has them.
#[derive(Clone, Copy)]
pub(super) struct Ssse3Block(Sse2Block);

impl Classifier for Ssse3 {
    type Block = Ssse3Block;
    #[inline(always)]
    fn load(self, bytes: &[u8; LEN]) -> Ssse3Block {
        Ssse3Block(Sse2Block(load(bytes)))
    }
}

impl Ssse3Block {
    /// The bytes without the class of `tables` (see [`super::nibble_tables`]): both tables
    /// looked up, sixteen bytes at once, and the bytes whose two entries share a bit.
    #[inline(always)]
    fn without(self, (lo, hi): &([u8; 16], [u8; 16])) -> u32 {
        let x = self.0 .0;
        let low = lookup(load(lo), and(x, splat(0x0F)));
        let high = lookup(load(hi), and(shift_down_4(x), splat(0x0F)));
        !bits(eq(and(low, high), splat(0))) & ALL
    }
}

impl Block for Ssse3Block {
    #[inline(always)]
    fn host_bad(self) -> u32 {
        self.without(&HOST_TABLES)
    }
    #[inline(always)]
    fn upper(self) -> u32 {
        self.0.upper()
    }
    #[inline(always)]
    fn dash(self) -> u32 {
        self.0.dash()
    }
    #[inline(always)]
    fn period(self) -> u32 {
        self.0.period()
    }
    #[inline(always)]
    fn path_bad(self) -> u32 {
        self.without(&PATH_TABLES)
    }
    #[inline(always)]
    fn slash(self) -> u32 {
        self.0.slash()
    }
    #[inline(always)]
    fn dot(self) -> u32 {
        self.0.dot()
    }
    #[inline(always)]
    fn query_bad(self) -> u32 {
        self.without(&QUERY_TABLES)
    }
    #[inline(always)]
    fn fragment_bad(self) -> u32 {
        self.without(&FRAGMENT_TABLES)
    }
}

/// The [`Ssse3`] token, if the CPU has SSSE3: known at compile time if the build enables it,
/// else asked at run time (with the `std` feature; without it, never).
#[inline(always)]
fn ssse3() -> Option<Ssse3> {
    #[cfg(target_feature = "ssse3")]
    {
        Some(Ssse3(()))
    }
    #[cfg(all(not(target_feature = "ssse3"), feature = "std"))]
    {
        use core::sync::atomic::{AtomicU8, Ordering};
        /// 0: not asked yet; 1: no SSSE3; 2: SSSE3. (`is_x86_feature_detected!` caches the
        /// answer too, but asking it costs about ten instructions a call, this three.)
        static HAS: AtomicU8 = AtomicU8::new(0);
        #[cold]
        fn ask() -> Option<Ssse3> {
            let has = std::is_x86_feature_detected!("ssse3");
            HAS.store(if has { 2 } else { 1 }, Ordering::Relaxed);
            has.then_some(Ssse3(()))
        }
        match HAS.load(Ordering::Relaxed) {
            2 => Some(Ssse3(())),
            1 => None,
            _ => ask(),
        }
    }
    #[cfg(all(not(target_feature = "ssse3"), not(feature = "std")))]
    {
        None
    }
}

/// `w` with the [`Ssse3`] classifier, compiled with SSSE3 enabled (so that the lookups and
/// everything around them are inlined into one function).
#[target_feature(enable = "ssse3")]
fn run_ssse3<W: WithClassifier>(w: W, k: Ssse3) -> W::Out {
    w.run(k)
}

/// `w` with the [`Sse2`] classifier, out of line like [`run_ssse3`], so that [`dispatch`]
/// is only a test and a jump (callgrind, kasztp: 32 instructions per URL less for
/// `can_parse` than with this inlined into it, which made it save and restore six
/// registers).
#[inline(never)]
fn run_sse2<W: WithClassifier>(w: W) -> W::Out {
    w.run(Sse2)
}

/// Runs `w` with [`Ssse3`] where the CPU has it, else with [`Sse2`].
#[inline(always)]
pub(super) fn dispatch<W: WithClassifier>(w: W) -> W::Out {
    match ssse3() {
        #[allow(unsafe_code)]
        // SAFETY: `run_ssse3` needs SSSE3, which the CPU has: the token exists.
        Some(k) => unsafe { run_ssse3(w, k) },
        None => run_sse2(w),
    }
}

/// Runs `w` with each classifier of this module the CPU has (for the tests and the test
/// hooks).
#[cfg(any(test, feature = "__test-hooks"))]
pub(super) fn each<W: WithClassifier + Clone>(w: &W) -> alloc::vec::Vec<W::Out> {
    let mut out = alloc::vec![w.clone().run(Sse2)];
    if let Some(k) = ssse3() {
        out.push(w.clone().run(k));
    }
    out
}
