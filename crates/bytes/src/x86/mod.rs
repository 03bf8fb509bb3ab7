//! The x86-64 classifiers: [`Ssse3`] (table lookups with `pshufb` for the component classes,
//! compares for the others) and [`Avx2`] (the same on 32-byte blocks), and [`dispatch`],
//! which picks the best the CPU has. A CPU with neither (the x86-64 baseline, SSE2 only) gets
//! no classifier: `dispatch` runs the computation's fallback (for the URL parser, its state
//! machine), so that a program does not carry a third copy of the fast path for CPUs that
//! current operating systems no longer run on (`docs/performance.md`).
//!
//! The crate's `unsafe` code (see `lib.rs`). Three kinds of it:
//!
//! - The intrinsic wrappers (`ssse3`'s and `avx2`'s `intrinsics`): each an `unsafe fn` with
//!   `#[target_feature]`, unsafe to call only because it needs a CPU feature (none takes a
//!   pointer but the AVX2 loads, whose references give them the bytes they read).
//! - Their calls in the blocks' methods. The SSE2 ones (loads, compares) are sound everywhere
//!   this module is compiled: x86-64, whose baseline has SSE2. The SSSE3 ones are sound only
//!   on a CPU with SSSE3: they are reached only through an `Ssse3Block`, which only an [`Ssse3`] token
//!   loads, and that token is made only by [`dispatch`] (and [`each`]) after it has found
//!   SSSE3 (or where the whole build has it). The same for AVX2.
//! - The calls of the functions compiled for SSSE3 or AVX2 in [`dispatch`], after the same
//!   check.
//!
//! Its modules depend one way: `classes` (the macros that write the classes a block computes
//! alike), then `ssse3` and `avx2` (a classifier each), then this one (which picks).

#[macro_use]
mod classes;
mod avx2;
mod ssse3;

use self::avx2::Avx2;
use self::ssse3::Ssse3;
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
    /// ([`dispatch`] runs the computation's [`WithClassifier::fallback`]).
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

/// `w` with the [`Avx2`] classifier if the input has two of its blocks (64 bytes), else as
/// a [`Pair`] of them if it has one, else as one padded block ([`Short`]) if it has half of
/// one (16 bytes), else with [`Ssse3`] (windows of sixteen bytes rather than a padded copy),
/// as a pair too if `w` takes pairs (see [`WithClassifier::PAIRS`]: then [`dispatch`] calls
/// [`run_ssse3`] itself); compiled with AVX2 enabled, so that the intrinsics and everything
/// around them are inlined into one function.
///
/// Pairs: faster, though they take a few more instructions, because the CPU guesses fewer
/// branches wrong (see `pair`). A short input as one padded block: each class one compare
/// or lookup instead of a pair's two (figures in `docs/performance.md`).
#[target_feature(enable = "avx2,ssse3")]
fn run_avx2<W: WithClassifier>(input: &str, w: W, wide: Avx2, narrow: Ssse3) -> W::Out {
    let len = input.len();
    if len >= 64 || (len >= 32 && !W::PAIRS) {
        w.run(wide, input)
    } else if len >= 32 {
        w.run(Pair(wide), input)
    } else if len >= LEN {
        w.run(Short(wide), input)
    } else if W::PAIRS {
        // Not taken: `dispatch` calls `run_ssse3` itself for these. (Without this branch,
        // `Pair(wide)` would be compiled for them too, with the padded scan of inputs
        // shorter than a block for each step: a larger program, `docs/performance.md`.)
        run_ssse3(input, w, narrow)
    } else {
        w.run(narrow, input)
    }
}

/// `w` with the [`Ssse3`] classifier, as a [`Pair`] if `w` takes pairs, compiled with SSSE3
/// enabled: the SSSE3 level, and the AVX2 level's inputs of fewer than 16 bytes (one copy
/// of `w` with SSSE3 pairs in a program, not two: a smaller program, `docs/performance.md`).
#[target_feature(enable = "ssse3")]
#[inline(never)]
fn run_ssse3<W: WithClassifier>(input: &str, w: W, k: Ssse3) -> W::Out {
    if W::PAIRS {
        w.run(Pair(k), input)
    } else {
        w.run(k, input)
    }
}

/// `w`'s [`WithClassifier::fallback`], on a CPU with neither SSSE3 nor AVX2. Out of line like
/// the others, so that [`dispatch`] is only a test and a jump (inlined, a call made `dispatch`
/// save and restore six registers; see `docs/performance.md`).
#[inline(never)]
fn run_fallback<W: WithClassifier>(input: &str, w: W) -> W::Out {
    w.fallback(input)
}

/// Runs `w` on `input` with the best classifier the CPU has: [`Avx2`] (on inputs of 16
/// bytes or more; as a [`Pair`] from 32 to 63 and as one padded block, [`Short`], below 32;
/// see `run_avx2`), [`Ssse3`] (as a [`Pair`] if `w` takes pairs: also the AVX2 level's
/// shorter inputs), or, on a CPU with neither (the x86-64
/// baseline, SSE2: Intel's before 2006, AMD's before 2011), `w`'s fallback.
#[inline(always)]
pub(crate) fn dispatch<W: WithClassifier>(input: &str, w: W) -> W::Out {
    match level() {
        // SAFETY: `run_avx2` needs AVX2 and SSSE3, which the CPU has (`level`), as the tokens
        // made here say.
        Level::Avx2 if input.len() >= LEN || !W::PAIRS => unsafe {
            run_avx2(input, w, Avx2(()), Ssse3(()))
        },
        // Chosen here, not in `run_avx2`: called from there, `run_ssse3` would save and
        // restore the registers `run_avx2` had saved already.
        // SAFETY: `run_ssse3` needs SSSE3, which the CPU has (`level`: the AVX2 level has
        // it too), as the token says.
        Level::Avx2 | Level::Ssse3 => unsafe { run_ssse3(input, w, Ssse3(())) },
        Level::Baseline => run_fallback(input, w),
    }
}

/// Runs `w` on `input` with each classifier of this module the CPU has, alone and as a
/// [`Pair`] (the AVX2 one only on an input of a block's 32 bytes or more, as [`dispatch`]
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
