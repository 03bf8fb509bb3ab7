//! Picking the classifier: [`pick`], the best level of classifiers the CPU has for an
//! input ([`Picked`]), whose `enter` methods then run a computation compiled for that CPU
//! with the level's classifier for the input's length; [`dispatch`], the same for a
//! [`WithClassifier`] computation; and [`each`], which runs one with every classifier (for
//! the tests). Above the classifiers it picks from ([`crate::block`], [`crate::Pair`],
//! [`crate::Short`], and on x86-64 the `x86` ones), which do not know of it.
//!
//! A caller that wants its route followed by an editor's "go to definition" (the URL
//! parser's fast path) matches on [`Picked`] itself and passes its own generic function
//! to `enter`, once for each classifier the level picks from (Rust has no generic
//! closures), each in an `#[inline(always)]` closure (a bare function item goes through its
//! `FnOnce` shim, which took more instructions: `docs/performance.md`):
//! `k.enter_with_pairs(input, args, #[inline(always)] |k, input, args| run(k, input, args),
//! ..)`.

use crate::block::{Portable, WithClassifier};
use crate::pair::Pair;
#[cfg(not(target_arch = "x86_64"))]
use crate::short::Short;
#[cfg(target_arch = "x86_64")]
use crate::x86;

/// The CPU's level of 32-byte blocks: [`Avx2`](crate::Avx2) on x86-64; elsewhere none
/// (`NoWide`, a type without values: [`pick`] never gives it).
#[cfg(target_arch = "x86_64")]
pub type Wide = x86::Avx2;
/// The CPU's level of 32-byte blocks: none here ([`NoWide`]: [`pick`] never gives it).
#[cfg(not(target_arch = "x86_64"))]
pub type Wide = NoWide;

/// The CPU's level of 16-byte blocks: [`Ssse3`](crate::Ssse3) on x86-64; elsewhere the
/// [`Portable`] classifier.
#[cfg(target_arch = "x86_64")]
pub type Narrow = x86::Ssse3;
/// The CPU's level of 16-byte blocks: the [`Portable`] classifier.
#[cfg(not(target_arch = "x86_64"))]
pub type Narrow = Portable;

/// The level of classifiers [`pick`] chose for an input: match on it and run the
/// computation with the token's `enter_with_pairs` (or `enter`, for a computation that
/// does not take pairs), which compiles it for the level's CPU features and calls it with
/// the level's classifier for the input's length.
///
/// On x86-64 with AVX2: [`Picked::Wide`], whose classifier is `Avx2` for inputs of 64
/// bytes or more (32 or more without pairs), a [`Pair`] of it from 32, one padded block of
/// it ([`Short`](crate::Short)) from 16; below 16, [`Picked::Wide`] without pairs (its
/// classifier `Ssse3`) and [`Picked::Narrow`] with pairs. With SSSE3 but not AVX2,
/// [`Picked::Narrow`] (a [`Pair`] of `Ssse3` with pairs). With neither (the x86-64
/// baseline, SSE2: Intel's before 2006, AMD's before 2011), [`Picked::Fallback`]. On other
/// architectures, [`Picked::Narrow`] with the [`Portable`] classifier, alone with or without
/// pairs.
#[derive(Clone, Copy, Debug)]
pub enum Picked {
    /// The level of 32-byte blocks.
    Wide(Wide),
    /// The level of 16-byte blocks.
    Narrow(Narrow),
    /// No classifier: the CPU has none worth a copy of the computation (the x86-64
    /// baseline); the caller runs its own way without one.
    Fallback,
}

/// The best level of classifiers of this CPU for an input of `len` bytes ([`Picked`] says
/// which when): with `pairs`, an input of one to two blocks is scanned as one window
/// ([`Pair`]), which suits a scan of the components after the host, which the first window
/// does not end.
#[inline(always)]
pub fn pick(len: usize, pairs: bool) -> Picked {
    #[cfg(target_arch = "x86_64")]
    {
        match x86::pick(len, pairs) {
            x86::Token::Avx2(k) => Picked::Wide(k),
            x86::Token::Ssse3(k) => Picked::Narrow(k),
            x86::Token::Baseline => Picked::Fallback,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (len, pairs);
        Picked::Narrow(Portable)
    }
}

/// Runs `w` on `input` with the best [`Classifier`](crate::Classifier) of the CPU ([`pick`]
/// with [`WithClassifier::PAIRS`]), compiled for it; on a CPU without one, `w`'s
/// [`WithClassifier::fallback`].
#[inline(always)]
pub fn dispatch<W: WithClassifier>(input: &str, w: W) -> W::Out {
    match pick(input.len(), W::PAIRS) {
        Picked::Wide(k) if W::PAIRS => k.enter_with_pairs(
            input,
            w,
            #[inline(always)]
            |k, input, w: W| w.run(k, input),
            #[inline(always)]
            |k, input, w: W| w.run(k, input),
            #[inline(always)]
            |k, input, w: W| w.run(k, input),
            #[inline(always)]
            |k, input, w: W| w.run(k, input),
        ),
        Picked::Wide(k) => k.enter(
            input,
            w,
            #[inline(always)]
            |k, input, w: W| w.run(k, input),
            #[inline(always)]
            |k, input, w: W| w.run(k, input),
            #[inline(always)]
            |k, input, w: W| w.run(k, input),
        ),
        Picked::Narrow(k) if W::PAIRS => k.enter_with_pairs(
            input,
            w,
            #[inline(always)]
            |k, input, w: W| w.run(k, input),
        ),
        Picked::Narrow(k) => k.enter(
            input,
            w,
            #[inline(always)]
            |k, input, w: W| w.run(k, input),
        ),
        Picked::Fallback => run_fallback(input, w),
    }
}

/// `w`'s [`WithClassifier::fallback`], on a CPU without a classifier. Out of line like the
/// others, so that [`dispatch`] is only tests and calls (inlined, a call made `dispatch`
/// save and restore registers; see `docs/performance.md`).
#[inline(never)]
fn run_fallback<W: WithClassifier>(input: &str, w: W) -> W::Out {
    w.fallback(input)
}

#[cfg(not(target_arch = "x86_64"))]
impl Portable {
    /// Runs a computation that takes pairs on `input` (with `args`), as `narrow(self, ..)`:
    /// the portable classifier is not taken as a [`Pair`] (a lookup per byte, it would only
    /// look up more bytes; as before there was `pick`), and needs no CPU feature.
    #[inline(always)]
    pub fn enter_with_pairs<A, R>(
        self,
        input: &str,
        args: A,
        narrow: impl FnOnce(Self, &str, A) -> R,
    ) -> R {
        narrow(self, input, args)
    }

    /// Runs a computation that does not take pairs on `input` (with `args`).
    #[inline(always)]
    pub fn enter<A, R>(self, input: &str, args: A, narrow: impl FnOnce(Self, &str, A) -> R) -> R {
        narrow(self, input, args)
    }
}

/// No level of 32-byte blocks (this architecture's [`Wide`]): a type without values, so
/// that [`Picked`] has the same arms everywhere and its wide one is never taken.
#[cfg(not(target_arch = "x86_64"))]
#[derive(Clone, Copy, Debug)]
pub enum NoWide {}

#[cfg(not(target_arch = "x86_64"))]
impl crate::Classifier for NoWide {
    type Block = crate::PortableBlock;
    fn load(self, _: &[u8], _: usize) -> Option<crate::PortableBlock> {
        match self {}
    }
}

#[cfg(not(target_arch = "x86_64"))]
impl NoWide {
    /// Never runs: there is no `NoWide`.
    pub fn enter_with_pairs<A, R>(
        self,
        _: &str,
        _: A,
        _: impl FnOnce(Self, &str, A) -> R,
        _: impl FnOnce(Pair<Self>, &str, A) -> R,
        _: impl FnOnce(Short<Self>, &str, A) -> R,
        _: impl FnOnce(Narrow, &str, A) -> R,
    ) -> R {
        match self {}
    }

    /// Never runs: there is no `NoWide`.
    pub fn enter<A, R>(
        self,
        _: &str,
        _: A,
        _: impl FnOnce(Self, &str, A) -> R,
        _: impl FnOnce(Short<Self>, &str, A) -> R,
        _: impl FnOnce(Narrow, &str, A) -> R,
    ) -> R {
        match self {}
    }
}

/// Runs `w` with every classifier this CPU has, the portable one first (for the tests and
/// the test hooks).
pub fn each<W: WithClassifier + Clone>(input: &str, w: &W) -> alloc::vec::Vec<W::Out> {
    #[allow(unused_mut)]
    let mut out = alloc::vec![
        w.clone().run(Portable, input),
        w.clone().run(Pair(Portable), input)
    ];
    #[cfg(target_arch = "x86_64")]
    out.extend(x86::each(input, w));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::tests::classes;
    use crate::block::{Classifier, Mask, ALL, LEN};

    /// Every class of a block of `bytes`, as a classifier gives them (its input, any text
    /// of a block's length, is not looked at: `bytes` need not be UTF-8).
    #[derive(Clone)]
    struct Classes([u8; LEN]);

    impl WithClassifier for Classes {
        type Out = [Mask; 8];
        fn run<K: Classifier>(self, k: K, _: &str) -> [Mask; 8] {
            // The bits of the block's bytes: a `Short` block is padded with zeros, which are
            // in no class (and not in the `_bad` ones' complements).
            k.load(&self.0, 0)
                .map(classes)
                .unwrap_or_default()
                .map(|m| m & ALL)
        }
    }

    /// Every classifier gives the portable one's classes.
    fn same(bytes: [u8; LEN]) {
        let all = each(&"-".repeat(LEN), &Classes(bytes));
        for (i, classes) in all.iter().enumerate() {
            assert_eq!(*classes, all[0], "classifier {i} on {bytes:?}");
        }
    }

    #[test]
    fn classifiers_are_the_table() {
        // Every byte at every position, among bytes of every class.
        for c in 0..=255u8 {
            for fill in [b'a', b'/', 0, 0x80, b'%', b'Z', b'-', b'.', 0xFF, b'~'] {
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
        let at = |ks: &[u32]| ks.iter().fold(0, |m: Mask, k| m | (1 << k));
        let [host, dash, period, path, slash, dot, query, fragment] =
            Classes(*b"aZ-._/%?#\"<`'{\\\x7f").run(Portable, "");
        // `Z`: an upper-case letter is not a byte of a host the fast path copies.
        assert_eq!(host, !at(&[0, 2, 3, 4]) & ALL);
        assert_eq!(dash, at(&[2]));
        assert_eq!(slash, at(&[5]));
        assert_eq!(dot, at(&[3, 6]));
        assert_eq!(period, at(&[3]));
        assert_eq!(path, at(&[7, 8, 9, 10, 11, 13, 14, 15]));
        assert_eq!(query, at(&[8, 9, 10, 12, 15]));
        assert_eq!(fragment, at(&[9, 10, 11, 15]));
    }
}
