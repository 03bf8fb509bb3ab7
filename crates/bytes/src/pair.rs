//! [`Pair`]: a classifier for inputs of one to two blocks, whose one window is the whole input
//! (its first block and its last block, which overlap), so that each component is found
//! without a loop.
//!
//! With blocks of `n` bytes, an input of `n` to `2n - 1` bytes takes two windows per
//! component ([`scan_blocks`]: the one where the component starts, then the input's
//! last block), and which of the two the component ends in is a branch the CPU guesses
//! wrong about often on a corpus of mixed lengths (most mispredicted branches were in the
//! scan loops: `docs/performance.md`). A pair's block
//! is the whole input: its two blocks are classified, and for each class the last block's
//! mask is shifted up over the first's (`lo | hi << (len - n)`: the bytes both hold get the
//! same bit from each). Every component is then one window, from where it starts to the end.

use crate::block::{scan_blocks, scan_blocks_from_one, Block, Classifier, Mask, Step, Window};

/// The whole input as one block of the classifier `K`'s pairs of blocks, for an input of one
/// to two of its blocks; any other input is scanned by `K` itself.
#[derive(Clone, Copy)]
pub struct Pair<K>(pub K);

/// An input of one to two blocks of `B`: its first block and its last one, which starts
/// `shift` bytes after the first (less than a block).
#[derive(Clone, Copy)]
pub struct PairBlock<B> {
    lo: B,
    hi: B,
    shift: u32,
}

impl<K: Classifier> Pair<K> {
    /// The whole of `b` as one block, if `b` has one to two blocks of `K` (less than two).
    #[inline(always)]
    fn whole(self, b: &[u8]) -> Option<PairBlock<K::Block>> {
        let n = <K::Block as Block>::LEN;
        let shift = b.len().checked_sub(n).filter(|&s| s < n)?;
        Some(PairBlock {
            lo: self.0.load(b, 0)?,
            hi: self.0.load(b, shift)?,
            shift: u32::try_from(shift).ok()?,
        })
    }

    /// The component at `at` in the one window of the whole input `whole`: where it stops,
    /// or `b.len()` at the end.
    #[inline(always)]
    fn in_whole(whole: PairBlock<K::Block>, len: usize, at: usize, step: &mut impl Step) -> usize {
        // `len` is less than `Mask::BITS` (two blocks of at most 32 bytes, less one), and so
        // is `at` (where a component starts, at most `len`).
        let bits_from = |k: usize| {
            if k < len + 1 {
                Mask::MAX << (k % 64)
            } else {
                0
            }
        };
        let window = Window {
            block: whole,
            base: 0,
            from: bits_from(at),
            end: if len < 64 { 1 << len } else { 0 },
        };
        (step.step(&window).trailing_zeros() as usize).min(len)
    }
}

impl<K: Classifier> Classifier for Pair<K> {
    type Block = PairBlock<K::Block>;
    /// The whole input, whatever `at` (see [`Classifier::scan`]).
    #[inline(always)]
    fn load(self, b: &[u8], _at: usize) -> Option<Self::Block> {
        self.whole(b)
    }
    #[inline(always)]
    fn scan(self, b: &[u8], at: usize, step: &mut impl Step) -> usize {
        match self.whole(b) {
            Some(whole) => Self::in_whole(whole, b.len(), at, step),
            None => scan_blocks(self.0, b, at, step),
        }
    }
    /// The first block alone, then (if the component does not stop in it) the rest of the
    /// whole input as one window: a component that most often ends in the first block (the
    /// host) costs the classes of one block, not two.
    #[inline(always)]
    fn scan_from_one(self, b: &[u8], at: usize, step: &mut impl Step) -> usize {
        let Some(whole) = self.whole(b) else {
            return scan_blocks_from_one(self.0, b, at, step);
        };
        let n = <K::Block as Block>::LEN;
        if at < n {
            // `at` is less than `n`, at most 32.
            #[allow(clippy::cast_possible_truncation)]
            let stop = step.step(&Window {
                block: whole.lo,
                base: 0,
                from: Mask::MAX << at as u32,
                end: 0,
            });
            if stop != 0 {
                return stop.trailing_zeros() as usize;
            }
            // The bytes the first block had are not looked at again.
            return Self::in_whole(whole, b.len(), n, step);
        }
        Self::in_whole(whole, b.len(), at, step)
    }
}

/// Each class's mask: the first block's, and over it the last block's shifted to where that
/// block starts.
macro_rules! pair_classes {
    ($($class:ident),*) => {
        $(
            #[inline(always)]
            fn $class(self) -> Mask {
                self.lo.$class() | (self.hi.$class() << self.shift)
            }
        )*
    };
}

impl<B: Block> Block for PairBlock<B> {
    const LEN: usize = 2 * B::LEN;
    pair_classes!(
        host_bad,
        dash,
        period,
        path_bad,
        slash,
        dot,
        query_bad,
        fragment_bad
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::tests::{classes, path_stop, PathBad};
    use crate::block::{Portable, LEN};

    /// A pair's scans against a byte-by-byte search.
    #[test]
    fn pair_windows() {
        for len in 0..50 {
            for stop in 0..=len {
                let mut b = alloc::vec![b'a'; len];
                if let Some(x) = b.get_mut(stop) {
                    *x = b' ';
                }
                for at in 0..=len {
                    let expected = path_stop(&b, at);
                    let found = Pair(Portable).scan(&b, at, &mut PathBad);
                    assert_eq!(found, expected, "pair: {len} {stop} {at}");
                    let found = Pair(Portable).scan_from_one(&b, at, &mut PathBad);
                    assert_eq!(found, expected, "pair, from one: {len} {stop} {at}");
                }
            }
        }
    }

    /// A pair's masks are those of the table on each byte of the input, for every length it
    /// takes, every byte at every position.
    #[test]
    fn pair_is_the_table() {
        for len in LEN..2 * LEN {
            for c in 0..=255u8 {
                for k in 0..len {
                    let mut bytes = alloc::vec![b'a'; len];
                    if let Some(x) = bytes.get_mut(k) {
                        *x = c;
                    }
                    let Some(pair) = Pair(Portable).load(&bytes, 0) else {
                        panic!("{len}");
                    };
                    let mut expected = [0; 8];
                    for (j, &byte) in bytes.iter().enumerate() {
                        let mut one = [0u8; LEN];
                        one[0] = byte;
                        let single = Portable.load(&one, 0).map(classes).unwrap_or_default();
                        for (e, s) in expected.iter_mut().zip(single) {
                            *e |= (s & 1) << j;
                        }
                    }
                    assert_eq!(classes(pair), expected, "{len} {k} {c}");
                }
            }
        }
        assert!(Pair(Portable).load(&[b'a'; LEN - 1], 0).is_none());
        assert!(Pair(Portable).load(&[b'a'; 2 * LEN], 0).is_none());
    }
}
