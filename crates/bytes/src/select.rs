//! Picking the classifier: [`dispatch`], which runs a computation with the best one the CPU
//! has, and [`each`], which runs it with every one (for the tests). Above the classifiers it
//! picks from ([`crate::block`], [`crate::Pair`], and on x86-64 the `x86` ones), which do
//! not know of it.

use crate::block::{Portable, WithClassifier};
use crate::pair::Pair;
#[cfg(target_arch = "x86_64")]
use crate::x86;

/// Runs `w` on `input` with the best [`Classifier`](crate::Classifier) of the CPU.
#[inline(always)]
pub fn dispatch<W: WithClassifier>(input: &str, w: W) -> W::Out {
    #[cfg(target_arch = "x86_64")]
    {
        x86::dispatch(input, w)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        w.run(Portable, input)
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
