//! [`Short`]: a classifier for inputs shorter than a block (at least half of one), whose one
//! window is the whole input in one block, zero-padded.
//!
//! On the AVX2 level an input of 16 to 31 bytes would otherwise take 16-byte blocks (two per
//! class, as a [`crate::Pair`]), and the CPU's 32-byte registers would be half used. Loaded
//! as one padded 32-byte block (see [`Classifier::load_padded`]), each class is one compare
//! or lookup. The zeros after the input are controls, in no class: every component stops at
//! them, as at the end of the input.

use crate::block::{scan_blocks, scan_blocks_from_one, Classifier, Mask, Step, Window};

/// The whole input as one zero-padded block of `K` ([`Classifier::load_padded`]), for an
/// input shorter than a block and at least half of one; any other input is scanned by `K`
/// itself.
#[derive(Clone, Copy)]
pub struct Short<K>(pub K);

impl<K: Classifier> Short<K> {
    /// The component at `at` in the one window of the padded input `block`: where it stops,
    /// or `len` at the end.
    #[inline(always)]
    fn in_one(block: K::Block, len: usize, at: usize, step: &mut impl Step) -> usize {
        // `len` is less than a block's length (at most 32), and `at` at most `len`.
        #[allow(clippy::cast_possible_truncation)]
        let window = Window {
            block,
            base: 0,
            from: Mask::MAX.checked_shl(at as u32).unwrap_or(0),
            end: 1 << (len % 64),
        };
        (step.step(&window).trailing_zeros() as usize).min(len)
    }
}

impl<K: Classifier> Classifier for Short<K> {
    type Block = K::Block;
    /// The whole input, whatever `at` (see [`Classifier::scan`]).
    #[inline(always)]
    fn load(self, b: &[u8], _at: usize) -> Option<K::Block> {
        self.0.load_padded(b)
    }
    #[inline(always)]
    fn scan(self, b: &[u8], at: usize, step: &mut impl Step) -> usize {
        match self.0.load_padded(b) {
            Some(block) => Self::in_one(block, b.len(), at, step),
            None => scan_blocks(self.0, b, at, step),
        }
    }
    #[inline(always)]
    fn scan_from_one(self, b: &[u8], at: usize, step: &mut impl Step) -> usize {
        match self.0.load_padded(b) {
            Some(block) => Self::in_one(block, b.len(), at, step),
            None => scan_blocks_from_one(self.0, b, at, step),
        }
    }
}
