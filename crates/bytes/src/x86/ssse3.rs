//! The SSSE3 classifier: 16-byte blocks, the component classes by two 16-entry table lookups
//! (`pshufb`) per block (see [`nibble_tables`](crate::class::nibble_tables)), the others by
//! compares.
//!
//! Part of the crate's one module with `unsafe` code (see the parent module): the SSSE3
//! intrinsics are sound only on a CPU with SSSE3, and are reached only through an
//! [`Ssse3Block`], which only an [`Ssse3`] token loads; the parent's `pick` (and `each`) makes that
//! token only after it has found SSSE3.

use crate::block::{Block, Classifier, Mask, ALL, LEN};
use crate::class::{FRAGMENT_TABLES, HOST_TABLES, PATH_TABLES, QUERY_TABLES};

mod intrinsics {
    //! The intrinsics the 128-bit blocks use, each an `unsafe fn` compiled for the feature
    //! its instruction needs (`#[target_feature]`): a caller must know the CPU has it (see
    //! the module documentation). None takes a pointer.
    use core::arch::x86_64 as arch;
    pub(super) use core::arch::x86_64::__m128i;

    /// `_mm_set1_epi8`: `c` in every byte.
    #[inline]
    #[target_feature(enable = "sse2")]
    #[allow(clippy::cast_possible_wrap)] // the byte's bits, as the intrinsic takes them
    pub(super) unsafe fn splat(c: u8) -> __m128i {
        arch::_mm_set1_epi8(c as i8)
    }
    /// `_mm_set_epi64x`: the two words, `lo` in the low bytes.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn set(hi: i64, lo: i64) -> __m128i {
        arch::_mm_set_epi64x(hi, lo)
    }
    /// Sixteen bytes (`_mm_set_epi64x` of their halves, which compiles to one load).
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn load(bytes: &[u8; 16]) -> __m128i {
        let (lo, hi) = bytes.split_at(8);
        let word = |h: &[u8]| i64::from_le_bytes(h.try_into().unwrap_or_default());
        // SAFETY: SSE2, which this function is compiled for.
        unsafe { set(word(hi), word(lo)) }
    }
    /// `_mm_and_si128`.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn and(a: __m128i, b: __m128i) -> __m128i {
        arch::_mm_and_si128(a, b)
    }
    /// `_mm_or_si128`.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn or(a: __m128i, b: __m128i) -> __m128i {
        arch::_mm_or_si128(a, b)
    }
    /// `_mm_cmpeq_epi8`: the bytes of `a` equal to those of `b`.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn eq(a: __m128i, b: __m128i) -> __m128i {
        arch::_mm_cmpeq_epi8(a, b)
    }
    /// `_mm_srli_epi16::<4>`: each 16-bit lane shifted down by four bits.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn shift_down_4(a: __m128i) -> __m128i {
        arch::_mm_srli_epi16::<4>(a)
    }
    /// `_mm_movemask_epi8`: the high bits of the bytes, as a mask of the block's bytes.
    #[inline]
    #[target_feature(enable = "sse2")]
    #[allow(clippy::cast_sign_loss)] // 16 bits
    pub(super) unsafe fn bits(m: __m128i) -> u64 {
        u64::from(arch::_mm_movemask_epi8(m) as u32)
    }
    /// `_mm_shuffle_epi8` (SSSE3): byte `k` is `table[index[k] & 15]`, or 0 where `index[k]`
    /// has its high bit.
    #[inline]
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn lookup(table: __m128i, index: __m128i) -> __m128i {
        arch::_mm_shuffle_epi8(table, index)
    }
}

use self::intrinsics::{__m128i, and, bits, eq, load, lookup, or, shift_down_4, splat};

/// The SSSE3 classifier: made only where the CPU has SSSE3 (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct Ssse3(pub(super) ());

/// A block of the SSSE3 classifier: the component classes by nibble tables
/// ([`nibble_tables`](crate::class::nibble_tables)), the others by compares.
#[derive(Clone, Copy)]
pub struct Ssse3Block(__m128i);

impl Classifier for Ssse3 {
    type Block = Ssse3Block;
    #[inline(always)]
    fn load(self, b: &[u8], at: usize) -> Option<Ssse3Block> {
        let bytes = b.get(at..)?.first_chunk()?;
        // SAFETY: SSE2, which every x86-64 CPU has.
        Some(Ssse3Block(unsafe { load(bytes) }))
    }
}

impl Ssse3Block {
    /// The bytes without the class of `tables` (see `nibble_tables`): both tables looked up,
    /// sixteen bytes at once, and the bytes whose two entries share a bit.
    #[inline(always)]
    fn without(self, (lo, hi): &([u8; 16], [u8; 16])) -> Mask {
        let x = self.0;
        // SAFETY: an `Ssse3Block` exists only where the CPU has SSSE3 (and SSE2): only an
        // `Ssse3` token loads one, and only `pick` and `each` make that token, after
        // checking (see the module documentation).
        unsafe {
            let low = lookup(load(lo), and(x, splat(0x0F)));
            let high = lookup(load(hi), and(shift_down_4(x), splat(0x0F)));
            !bits(eq(and(low, high), splat(0))) & ALL
        }
    }
}

impl Block for Ssse3Block {
    const LEN: usize = LEN;
    compare_classes!();
    nibble_classes!();
}
