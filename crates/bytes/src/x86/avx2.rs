//! The AVX2 classifier: 32-byte blocks, the component classes by the same nibble tables as
//! the SSSE3 one (`vpshufb` looks up each 16-byte lane in its own copy of the table), the
//! others by compares. Twice the bytes per block for about the same instructions, so fewer
//! windows per URL (`docs/performance.md`).
//!
//! Part of the crate's one module with `unsafe` code (see the parent module): the AVX2
//! intrinsics are sound only on a CPU with AVX2, and are reached only through an
//! [`Avx2Block`], which only an [`Avx2`] token loads; the parent's `pick` (and `each`) makes that
//! token only after it has found AVX2.

use crate::block::{Block, Classifier, Mask};
use crate::class::{FRAGMENT_TABLES, HOST_TABLES, PATH_TABLES, QUERY_TABLES};

/// The bytes of a block.
const LEN: usize = 32;
/// The mask of a block's bytes.
const ALL: Mask = (1 << LEN) - 1;

mod intrinsics {
    //! The AVX2 intrinsics the blocks use, each an `unsafe fn` compiled for AVX2: called
    //! only by the methods of an [`super::Avx2Block`], which exists only where the CPU has
    //! AVX2 (see the parent module). None takes a pointer but [`load`], [`lanes`] and [`table`],
    //! whose references give them the bytes they read.
    use core::arch::x86_64 as arch;
    pub(super) use core::arch::x86_64::__m256i;

    /// Thirty-two bytes (`_mm256_loadu_si256`).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn load(bytes: &[u8; 32]) -> __m256i {
        // SAFETY: `bytes` has the 32 bytes read, and the load has no alignment requirement.
        unsafe { arch::_mm256_loadu_si256(bytes.as_ptr().cast()) }
    }
    /// `lo` in the low lane, and in the high lane the bytes of `hi` that `index` picks
    /// (`_mm_shuffle_epi8`, a zero where an index has its high bit; `_mm256_set_m128i`).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn lanes(lo: &[u8; 16], hi: &[u8; 16], index: &[u8; 16]) -> __m256i {
        // SAFETY: each reference has the 16 bytes read, and the loads have no alignment
        // requirement.
        unsafe {
            let load = |b: &[u8; 16]| arch::_mm_loadu_si128(b.as_ptr().cast());
            let high = arch::_mm_shuffle_epi8(load(hi), load(index));
            arch::_mm256_set_m128i(high, load(lo))
        }
    }
    /// A 16-byte table in both lanes (`_mm256_broadcastsi128_si256`).
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn table(t: &[u8; 16]) -> __m256i {
        // SAFETY: `t` has the 16 bytes read, and the load has no alignment requirement.
        unsafe { arch::_mm256_broadcastsi128_si256(arch::_mm_loadu_si128(t.as_ptr().cast())) }
    }
    /// `_mm256_set1_epi8`: `c` in every byte.
    #[inline]
    #[target_feature(enable = "avx2")]
    #[allow(clippy::cast_possible_wrap)] // the byte's bits, as the intrinsic takes them
    pub(super) unsafe fn splat(c: u8) -> __m256i {
        arch::_mm256_set1_epi8(c as i8)
    }
    /// `_mm256_and_si256`.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn and(a: __m256i, b: __m256i) -> __m256i {
        arch::_mm256_and_si256(a, b)
    }
    /// `_mm256_or_si256`.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn or(a: __m256i, b: __m256i) -> __m256i {
        arch::_mm256_or_si256(a, b)
    }
    /// `_mm256_cmpeq_epi8`: the bytes of `a` equal to those of `b`.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn eq(a: __m256i, b: __m256i) -> __m256i {
        arch::_mm256_cmpeq_epi8(a, b)
    }
    /// `_mm256_srli_epi16::<4>`: each 16-bit lane shifted down by four bits.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn shift_down_4(a: __m256i) -> __m256i {
        arch::_mm256_srli_epi16::<4>(a)
    }
    /// `_mm256_shuffle_epi8`: byte `k` is `table[index[k] & 15]` of its lane, or 0 where
    /// `index[k]` has its high bit.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn lookup(table: __m256i, index: __m256i) -> __m256i {
        arch::_mm256_shuffle_epi8(table, index)
    }
    /// `_mm256_movemask_epi8`: the high bits of the bytes, as a mask of the block's bytes.
    #[inline]
    #[target_feature(enable = "avx2")]
    #[allow(clippy::cast_sign_loss)] // 32 bits
    pub(super) unsafe fn bits(m: __m256i) -> u64 {
        u64::from(arch::_mm256_movemask_epi8(m) as u32)
    }
}

use self::intrinsics::{
    __m256i, and, bits, eq, lanes, load, lookup, or, shift_down_4, splat, table,
};

/// The AVX2 classifier: made only where the CPU has AVX2 (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct Avx2(pub(super) ());

/// A block of the AVX2 classifier: 32 bytes in an AVX2 register.
#[derive(Clone, Copy)]
pub struct Avx2Block(__m256i);

impl Classifier for Avx2 {
    type Block = Avx2Block;
    #[inline(always)]
    fn load(self, b: &[u8], at: usize) -> Option<Avx2Block> {
        let bytes = b.get(at..)?.first_chunk()?;
        // SAFETY: an `Avx2` token exists only where the CPU has AVX2 (see the module
        // documentation).
        Some(Avx2Block(unsafe { load(bytes) }))
    }
    /// An input of 16 to 31 bytes: its first sixteen bytes in the low lane, and the rest
    /// taken from its last sixteen into the high lane, followed by zeros, by one byte shuffle
    /// (two loads within the input, where a 32-byte load would read past its end).
    #[inline(always)]
    fn load_padded(self, b: &[u8]) -> Option<Avx2Block> {
        // The last sixteen bytes start `s` bytes in, from 0 to 15. Byte `16 + j` of the
        // input, for `j` below `s`, is byte `16 - s + j` of them: the shuffle's index `j` is
        // `PADDED[16 - s + j]`, that number while it is below 16, else a zero.
        let s = b.len().checked_sub(16).filter(|&s| s < 16)?;
        let lo = b.first_chunk()?;
        let hi = b.get(s..)?.first_chunk()?;
        let index = PADDED.get(16 - s..)?.first_chunk()?;
        // SAFETY: as in `load`.
        Some(Avx2Block(unsafe { lanes(lo, hi, index) }))
    }
}

/// The shuffle indexes of [`Avx2::load_padded`]: `0..16`, then sixteen with the high bit
/// (which give zeros).
const PADDED: [u8; 32] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
];

impl Avx2Block {
    /// The bytes without the class of `tables` (see `nibble_tables`).
    #[inline(always)]
    fn without(self, (lo, hi): &([u8; 16], [u8; 16])) -> Mask {
        let x = self.0;
        // SAFETY: an `Avx2Block` exists only where the CPU has AVX2 (see the module
        // documentation).
        unsafe {
            let low = lookup(table(lo), and(x, splat(0x0F)));
            let high = lookup(table(hi), and(shift_down_4(x), splat(0x0F)));
            !bits(eq(and(low, high), splat(0))) & ALL
        }
    }
}

impl Block for Avx2Block {
    const LEN: usize = LEN;
    compare_classes!();
    nibble_classes!();
}
