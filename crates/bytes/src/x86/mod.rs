//! The x86-64 classifiers: [`Ssse3`] (table lookups with `pshufb` for the component classes,
//! compares for the others) and [`Avx2`] (the same on 32-byte blocks), and [`pick`], which
//! picks the best the CPU has for an input, and their `enter` methods, which run a
//! computation compiled for the classifier's CPU features. A CPU with neither (the x86-64
//! baseline, SSE2 only) gets no classifier (`crate::Picked::Fallback`): the computation runs its
//! own way without one (for the URL parser, its state machine), so that a program does not
//! carry a third copy of the fast path for CPUs that current operating systems no longer run
//! on (`docs/performance.md`).
//!
//! The crate's `unsafe` code (see `lib.rs`). Three kinds of it:
//!
//! - The intrinsic wrappers (`ssse3`'s and `avx2`'s `intrinsics`): each an `unsafe fn` with
//!   `#[target_feature]`, unsafe to call only because it needs a CPU feature (none takes a
//!   pointer but the AVX2 loads, whose references give them the bytes they read).
//! - Their calls in the blocks' methods. The SSE2 ones (loads, compares) are sound everywhere
//!   this module is compiled: x86-64, whose baseline has SSE2. The SSSE3 ones are sound only
//!   on a CPU with SSSE3: they are reached only through an `Ssse3Block`, which only an
//!   [`Ssse3`] token loads, and that token is made only by [`pick`] (and [`each`]) after it
//!   has found SSSE3 (or where the whole build has it). The same for AVX2.
//! - The calls, in the tokens' `enter` methods, of the functions compiled for SSSE3 or AVX2
//!   (`with_ssse3`, `avx2_with_pairs`, `avx2_without_pairs`): sound because the token
//!   exists.
//!
//! Its modules depend one way: `classes` (the macros that write the classes a block computes
//! alike), then `ssse3` and `avx2` (a classifier each), then this one (which picks).

#[macro_use]
mod classes;
mod avx2;
mod ssse3;

pub use self::avx2::Avx2;
pub use self::ssse3::Ssse3;
use crate::block::{WithClassifier, LEN};
use crate::pair::Pair;
use crate::short::Short;

/// What the CPU has, best first.
#[derive(Clone, Copy, PartialEq, Eq)]
// Where the build enables AVX2 (or, under Miri, where it does not), only some are made.
#[allow(dead_code)]
enum Level {
    /// AVX2 and SSSE3.
    Avx2,
    /// SSSE3.
    Ssse3,
    /// Neither: the x86-64 baseline (SSE2), for which there is no classifier
    /// ([`Token::Baseline`]).
    Baseline,
}

/// What the CPU has: known at compile time for the features the build enables, else asked at
/// run time once ([`detect`]; under Miri, which cannot run CPUID, only the build's features
/// count, as with `is_x86_feature_detected!` there).
#[inline(always)]
fn level() -> Level {
    #[cfg(all(target_feature = "avx2", target_feature = "ssse3"))]
    {
        Level::Avx2
    }
    #[cfg(all(not(all(target_feature = "avx2", target_feature = "ssse3")), not(miri)))]
    {
        use core::sync::atomic::{AtomicU8, Ordering};
        /// 0: not asked yet, else 1 + the `Level`.
        static LEVEL: AtomicU8 = AtomicU8::new(0);
        #[cold]
        fn ask() -> Level {
            let level = detect();
            LEVEL.store(1 + level as u8, Ordering::Relaxed);
            level
        }
        match LEVEL.load(Ordering::Relaxed) {
            1 => Level::Avx2,
            2 => Level::Ssse3,
            3 => Level::Baseline,
            _ => ask(),
        }
    }
    #[cfg(all(not(all(target_feature = "avx2", target_feature = "ssse3")), miri))]
    {
        if cfg!(target_feature = "ssse3") {
            Level::Ssse3
        } else {
            Level::Baseline
        }
    }
}

/// The CPU's level, from CPUID (and XGETBV: AVX2 instructions also need the operating system
/// to save the 256-bit registers). Written here rather than with `is_x86_feature_detected!`,
/// which needs `std` and links its detection of every feature, a larger part of a parse-only
/// program than this (`docs/performance.md`); and so `no_std` builds detect too.
#[cfg(all(not(all(target_feature = "avx2", target_feature = "ssse3")), not(miri)))]
#[cold]
// `__cpuid` and `__cpuid_count` are safe functions in recent Rust (1.95 here) and unsafe in
// older ones, down to the crate's rust-version: there the `unsafe` blocks are needed.
#[allow(unused_unsafe)]
fn detect() -> Level {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    /// CPUID leaf 1, ECX: SSSE3, OSXSAVE (the OS enabled XGETBV and saves what XCR0 says) and
    /// AVX.
    const SSSE3: u32 = 1 << 9;
    const OSXSAVE: u32 = 1 << 27;
    const AVX: u32 = 1 << 28;
    /// CPUID leaf 7 (sub-leaf 0), EBX: AVX2.
    const AVX2: u32 = 1 << 5;
    /// XCR0: the OS saves the XMM (bit 1) and YMM (bit 2) registers.
    const XMM_YMM: u64 = 0b110;
    // SAFETY: CPUID is on every x86-64 CPU; leaves 0 and 1 always exist.
    let max_leaf = unsafe { __cpuid(0) }.eax;
    // SAFETY: as above.
    let ecx = unsafe { __cpuid(1) }.ecx;
    // SAFETY: leaf 7 exists: the CPU's highest leaf is 7 or more.
    let avx2 = max_leaf >= 7 && unsafe { __cpuid_count(7, 0) }.ebx & AVX2 != 0;
    let ymm_saved = ecx & (OSXSAVE | AVX) == OSXSAVE | AVX
        // SAFETY: with OSXSAVE the CPU has XGETBV and the OS has enabled it.
        && unsafe { xcr0() } & XMM_YMM == XMM_YMM;
    let ssse3 = ecx & SSSE3 != 0;
    if avx2 && ymm_saved && ssse3 {
        Level::Avx2
    } else if ssse3 {
        Level::Ssse3
    } else {
        Level::Baseline
    }
}

/// `XGETBV` of XCR0: which register states the OS saves.
///
/// # Safety
/// The CPU must have XGETBV enabled (CPUID leaf 1, ECX bit 27, OSXSAVE).
#[cfg(all(not(all(target_feature = "avx2", target_feature = "ssse3")), not(miri)))]
#[target_feature(enable = "xsave")]
unsafe fn xcr0() -> u64 {
    // SAFETY: the caller's promise; `xsave` is this function's feature.
    unsafe { core::arch::x86_64::_xgetbv(0) }
}

/// The token of a level of classifiers ([`pick`]).
pub(crate) enum Token {
    /// AVX2 (and SSSE3).
    Avx2(Avx2),
    /// SSSE3.
    Ssse3(Ssse3),
    /// Neither.
    Baseline,
}

/// The classifiers' level for an input of `len` bytes on this CPU (`crate::Picked`, where
/// the rule is written out): AVX2 ([`Avx2`], whose `enter` methods pick by the length)
/// unless the input is shorter than 16 bytes and the computation takes pairs; else SSSE3
/// ([`Ssse3`]); on a CPU with neither, none.
#[inline(always)]
pub(crate) fn pick(len: usize, pairs: bool) -> Token {
    match level() {
        Level::Avx2 if len >= LEN || !pairs => Token::Avx2(Avx2(())),
        // An AVX2 CPU's inputs of fewer than 16 bytes, for a computation that takes pairs:
        // the SSSE3 level's function, called from here rather than from `avx2_with_pairs`,
        // which would save and restore the registers it had saved already.
        Level::Avx2 | Level::Ssse3 => Token::Ssse3(Ssse3(())),
        Level::Baseline => Token::Baseline,
    }
}

impl Avx2 {
    /// Runs a computation that takes pairs on `input` (with `args`), compiled for AVX2 with
    /// everything it inlines (the classifier's intrinsics among it): `wide` from 64 bytes,
    /// `pair` from 32 ([`Pair`]), `short` from 16 (one padded block, [`Short`]), and below
    /// that `narrow_pair` (a [`Pair`] of [`Ssse3`]) compiled for SSSE3 only, as
    /// [`Ssse3::enter_with_pairs`] runs it ([`crate::pick`] gives the SSSE3 level for such
    /// inputs, so that it is called without this function's saved registers). Given the same
    /// computation as the SSSE3 level's, the two copies are the same code, which the
    /// compiler's function merging keeps once (one address for both `with_ssse3` symbols in
    /// the parse-only program); a caller that passes the same closure type to both keeps one
    /// by construction.
    ///
    /// Pairs: faster, though they take a few more instructions, because the CPU guesses
    /// fewer branches wrong (see `pair`). A short input as one padded block: each class one
    /// compare or lookup instead of a pair's two (figures in `docs/performance.md`).
    #[inline(always)]
    pub fn enter_with_pairs<A, R>(
        self,
        input: &str,
        args: A,
        wide: impl FnOnce(Self, &str, A) -> R,
        pair: impl FnOnce(Pair<Self>, &str, A) -> R,
        short: impl FnOnce(Short<Self>, &str, A) -> R,
        narrow_pair: impl FnOnce(Pair<Ssse3>, &str, A) -> R,
    ) -> R {
        // SAFETY: an `Avx2` is made only where the CPU has AVX2 and SSSE3 (`pick`, `each`).
        unsafe { avx2_with_pairs(self, input, args, wide, pair, short, narrow_pair) }
    }

    /// Runs a computation that does not take pairs on `input` (with `args`), compiled for
    /// AVX2 as [`Avx2::enter_with_pairs`]: `wide` from 32 bytes, `short` from 16 (one padded
    /// block, [`Short`]), `narrow` ([`Ssse3`]) below.
    #[inline(always)]
    pub fn enter<A, R>(
        self,
        input: &str,
        args: A,
        wide: impl FnOnce(Self, &str, A) -> R,
        short: impl FnOnce(Short<Self>, &str, A) -> R,
        narrow: impl FnOnce(Ssse3, &str, A) -> R,
    ) -> R {
        // SAFETY: as in `enter_with_pairs`.
        unsafe { avx2_without_pairs(self, input, args, wide, short, narrow) }
    }
}

/// [`Avx2::enter_with_pairs`], compiled with AVX2 and SSSE3 enabled, so that the intrinsics
/// and everything around them are inlined into one function. Called only with an [`Avx2`],
/// which exists only where the CPU has both features.
#[target_feature(enable = "avx2,ssse3")]
fn avx2_with_pairs<A, R>(
    k: Avx2,
    input: &str,
    args: A,
    wide: impl FnOnce(Avx2, &str, A) -> R,
    pair: impl FnOnce(Pair<Avx2>, &str, A) -> R,
    short: impl FnOnce(Short<Avx2>, &str, A) -> R,
    narrow_pair: impl FnOnce(Pair<Ssse3>, &str, A) -> R,
) -> R {
    if input.len() >= 64 {
        wide(k, input, args)
    } else if input.len() >= 32 {
        pair(Pair(k), input, args)
    } else if input.len() >= LEN {
        short(Short(k), input, args)
    } else {
        // Not taken when the token came from `pick` (see `enter_with_pairs`); without this
        // branch, `short` would be compiled for inputs shorter than half its block too, with
        // the scan of a block-less input for each step: a larger program,
        // `docs/performance.md`.
        with_ssse3(Pair(Ssse3(())), input, args, narrow_pair)
    }
}

/// [`Avx2::enter`], compiled with AVX2 and SSSE3 enabled (see [`avx2_with_pairs`]).
#[target_feature(enable = "avx2,ssse3")]
fn avx2_without_pairs<A, R>(
    k: Avx2,
    input: &str,
    args: A,
    wide: impl FnOnce(Avx2, &str, A) -> R,
    short: impl FnOnce(Short<Avx2>, &str, A) -> R,
    narrow: impl FnOnce(Ssse3, &str, A) -> R,
) -> R {
    if input.len() >= 32 {
        wide(k, input, args)
    } else if input.len() >= LEN {
        short(Short(k), input, args)
    } else {
        // The token's CPU has SSSE3 too.
        narrow(Ssse3(()), input, args)
    }
}

impl Ssse3 {
    /// Runs a computation that takes pairs on `input` (with `args`) as `pair(Pair(self),
    /// ..)`, compiled for SSSE3 with everything it inlines (the classifier's intrinsics
    /// among it).
    #[inline(always)]
    pub fn enter_with_pairs<A, R>(
        self,
        input: &str,
        args: A,
        pair: impl FnOnce(Pair<Self>, &str, A) -> R,
    ) -> R {
        // SAFETY: an `Ssse3` is made only where the CPU has SSSE3 (`pick`, `each`, and the
        // AVX2 functions, whose CPU has SSSE3 too).
        unsafe { with_ssse3(Pair(self), input, args, pair) }
    }

    /// Runs a computation that does not take pairs on `input` (with `args`), compiled for
    /// SSSE3 as [`Ssse3::enter_with_pairs`].
    #[inline(always)]
    pub fn enter<A, R>(self, input: &str, args: A, narrow: impl FnOnce(Self, &str, A) -> R) -> R {
        // SAFETY: as in `enter_with_pairs`.
        unsafe { with_ssse3(self, input, args, narrow) }
    }
}

/// `f(k, input, args)`, compiled with SSSE3 enabled (see [`avx2_with_pairs`]). Called only
/// with a token of the SSSE3 level (an [`Ssse3`], as itself or a [`Pair`]), which exists
/// only where the CPU has SSSE3. Out of line even where `avx2_with_pairs` calls it: one copy
/// of a computation with SSSE3 pairs in a program, not two (inlined there, its parse + href
/// also took more instructions: `docs/performance.md`).
#[target_feature(enable = "ssse3")]
#[inline(never)]
fn with_ssse3<K, A, R>(k: K, input: &str, args: A, f: impl FnOnce(K, &str, A) -> R) -> R {
    f(k, input, args)
}

/// Runs `w` on `input` with each classifier of this module the CPU has, alone and as a
/// [`Pair`] (the AVX2 one only on an input of a block's 32 bytes or more, as [`pick`]
/// does; on one of 16 to 31 bytes, as a [`Short`] block), for the tests and the test hooks.
pub(crate) fn each<W: WithClassifier + Clone>(input: &str, w: &W) -> alloc::vec::Vec<W::Out> {
    let level = level();
    let mut out = alloc::vec::Vec::new();
    if level != Level::Baseline {
        out.push(w.clone().run(Ssse3(()), input));
        out.push(w.clone().run(Pair(Ssse3(())), input));
    }
    if level == Level::Avx2 && input.len() >= 32 {
        out.push(w.clone().run(Avx2(()), input));
        out.push(w.clone().run(Pair(Avx2(())), input));
    }
    if level == Level::Avx2 && (LEN..32).contains(&input.len()) {
        out.push(w.clone().run(Short(Avx2(())), input));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::tests::classes;
    use crate::block::{Classifier, Mask, Portable, LEN};

    /// The AVX2 block's classes of `bytes` are those of the table on its two halves.
    fn same_wide(bytes: &[u8; 32]) {
        if level() != Level::Avx2 {
            return;
        }
        let halves = |at| Portable.load(bytes, at).map(classes).unwrap_or_default();
        let (lo, hi) = (halves(0), halves(LEN));
        let expected: alloc::vec::Vec<Mask> =
            lo.iter().zip(hi).map(|(l, h)| l | h << LEN).collect();
        let wide = Avx2(()).load(bytes, 0).map(classes).unwrap_or_default();
        assert_eq!(wide.as_slice(), expected.as_slice(), "{bytes:?}");
    }

    /// An input of 16 to 31 bytes as one padded AVX2 block ([`Short`]): the table's classes
    /// of its bytes, and after them zeros (in no class, so in every `_bad` one), for every
    /// length, every byte at every position.
    #[test]
    fn short_is_the_table() {
        if level() != Level::Avx2 {
            return;
        }
        for len in LEN..32 {
            for c in 0..=255u8 {
                for k in 0..len {
                    let mut bytes = alloc::vec![b'a'; len];
                    if let Some(x) = bytes.get_mut(k) {
                        *x = c;
                    }
                    let Some(short) = Short(Avx2(())).load(&bytes, 0) else {
                        panic!("{len}");
                    };
                    let mut expected = [0; 8];
                    for (j, &byte) in bytes.iter().chain(&[0; 32]).take(32).enumerate() {
                        let mut one = [0u8; LEN];
                        one[0] = byte;
                        let single = Portable.load(&one, 0).map(classes).unwrap_or_default();
                        for (e, s) in expected.iter_mut().zip(single) {
                            *e |= (s & 1) << j;
                        }
                    }
                    assert_eq!(classes(short), expected, "{len} {k} {c}");
                }
            }
        }
        let short = |len| Short(Avx2(())).load(&[b'a'; 40][..len], 0).is_some();
        assert!(!short(LEN - 1) && short(LEN) && short(31) && !short(32));
    }

    #[test]
    fn avx2_is_the_table() {
        for c in 0..=255u8 {
            for fill in [b'a', b'/', 0, 0x80, b'%', b'Z', b'-', b'.', 0xFF, b'~'] {
                for k in 0..32 {
                    let mut bytes = [fill; 32];
                    if let Some(x) = bytes.get_mut(k) {
                        *x = c;
                    }
                    same_wide(&bytes);
                }
            }
        }
    }
}
