//! Input bytes a block at a time for the URL parser's fast path (`weburl-core`): a [`Block`] of 16 or 32 bytes, and for
//! each byte class the scan checks a component with, the mask of the block's bytes in (or not
//! in) it, one bit per byte (bit `k` for byte `k`); and [`scan_blocks`], which runs a
//! component's check over the input a [`Window`] at a time. Not a spec concept: each class is
//! defined from the spec's percent-encode sets and code point sets, as its documentation says.
//!
//! A [`Classifier`] loads and classifies blocks; the one the scan uses is picked once per
//! call by [`pick`](crate::pick) (and the level token's `enter` methods), from what the CPU
//! has. All give the same masks:
//!
//! - [`Portable`]: a lookup per byte in [`CLASS`], a table computed from the percent-encode
//!   sets. The definition the others are tested against, and the one on targets other than
//!   x86-64.
//! - On x86-64 (`x86`, the crate's one module with `unsafe` code): where the CPU has SSSE3,
//!   the component classes by two 16-entry table lookups (`pshufb`) per block (see
//!   [`nibble_tables`]), the others by compares; where it has AVX2, the same on 32-byte
//!   blocks. (Detected at run time with CPUID, or enabled for the whole build.) Where it has
//!   neither, [`pick`](crate::pick) gives none ([`Picked::Fallback`](crate::Picked)): the
//!   computation runs its own way (for [`dispatch`](crate::dispatch), its
//!   [`WithClassifier::fallback`]).
//! - [`Pair`](crate::Pair) of any of these: an input of one to two blocks as one window (`pair`).
//! - [`Short`](crate::Short) of one that can load a block padded with zeros (AVX2): an input
//!   of a half to one block as one window (`short`).
//!
//! (Why each classifier: `docs/performance.md`.)
//!
//! The tests check every classifier against the table for every byte at every position.

#[cfg(doc)]
use crate::class::nibble_tables;
use crate::class::{CLASS, DASH, DOT, FRAGMENT_OK, HOST_OK, PATH_OK, QUERY_OK, SLASH};

/// The bytes of a block of the 128-bit classifiers.
pub const LEN: usize = 16;

/// A mask of a block's bytes, bit `k` for byte `k` (blocks have at most 32 bytes, and a
/// [`Pair`](crate::Pair) of them is an input of at most 63; the bit after the block's last, or after the
/// input's for a pair, marks the end of the input, see [`Window`]).
pub type Mask = u64;

/// The mask of a 16-byte block's bytes.
pub(crate) const ALL: Mask = (1 << LEN) - 1;

/// Sixteen bytes, classified: for each class a component is checked with, the mask of the
/// bytes in it (or, for the `_bad` ones, not in it), bit `k` for byte `k`.
pub trait Block: Copy {
    /// How many bytes it has: 16 or 32, or for a [`Pair`](crate::Pair) of blocks twice that (of which
    /// the input's length are bytes).
    const LEN: usize;
    /// Not a byte of a host the fast path copies: not an ASCII alphanumeric, `-`, `.` or `_`.
    fn host_bad(self) -> Mask;
    /// `-` (a label starting with `xn--` has `--`).
    fn dash(self) -> Mask;
    /// `.` (a host's last label starts after its last one).
    fn period(self) -> Mask;
    /// Not a byte a path segment may have unchanged, nor the `/` between segments (see
    /// [`PATH_OK`]).
    fn path_bad(self) -> Mask;
    /// `/`.
    fn slash(self) -> Mask;
    /// `.` or `%`: the first byte of a single-dot or double-dot segment.
    fn dot(self) -> Mask;
    /// Not a byte the query state copies unchanged for a special URL (see [`QUERY_OK`]).
    fn query_bad(self) -> Mask;
    /// Not a byte the fragment state copies unchanged (see [`FRAGMENT_OK`]).
    fn fragment_bad(self) -> Mask;
}

/// A way to load blocks and classify them on this CPU: a token without data. One that needs
/// a CPU feature exists only where the CPU has it.
pub trait Classifier: Copy {
    /// The blocks it loads.
    type Block: Block;
    /// The block of the [`Block::LEN`] bytes of `b` from `at`, if it has as many.
    fn load(self, b: &[u8], at: usize) -> Option<Self::Block>;
    /// The block of all of `b` and zeros after it, if `b` is shorter than a block and at
    /// least half of one, and the classifier has a way to load it without copying (else
    /// `None`, the default; see [`Short`](crate::Short)).
    #[inline(always)]
    fn load_padded(self, b: &[u8]) -> Option<Self::Block> {
        let _ = b;
        None
    }
    /// Where the component that `step` checks, from `at` in `b`, stops ([`scan_blocks`],
    /// unless the classifier has its own way).
    #[inline(always)]
    fn scan(self, b: &[u8], at: usize, step: &mut impl Step) -> usize {
        scan_blocks(self, b, at, step)
    }
    /// [`Classifier::scan`] for a component that most often ends in its first window
    /// ([`scan_blocks_from_one`], unless the classifier has its own way).
    #[inline(always)]
    fn scan_from_one(self, b: &[u8], at: usize, step: &mut impl Step) -> usize {
        scan_blocks_from_one(self, b, at, step)
    }
}

/// A computation over an input with a [`Classifier`], which [`dispatch`](crate::dispatch) runs with the best
/// one the CPU has, compiled for that CPU's features. The input is an argument of its own,
/// not a field, so that a computation with a field or two more is still passed in registers
/// (a struct of more than two words is passed through memory: the caller stores it, the
/// callee loads it back; figures in `docs/performance.md`).
pub trait WithClassifier {
    /// What it gives.
    type Out;
    /// Whether an input of one to two blocks is better scanned as one window ([`Pair`](crate::Pair)): for
    /// a scan of the components after the host, which the first window does not end (the
    /// host's is chosen without a branch anyway, see [`scan_blocks_from_one`]).
    const PAIRS: bool = true;
    /// Runs it on `input` with `k`.
    fn run<K: Classifier>(self, k: K, input: &str) -> Self::Out;
    /// Runs it on `input` where [`dispatch`](crate::dispatch) has no classifier it would rather use than none:
    /// on an x86-64 CPU without SSSE3. By default with [`Portable`] (a lookup per byte); a
    /// computation that has a way without byte classes (the URL parser: its state machine)
    /// runs that instead, and a program then carries no copy of it for such CPUs.
    fn fallback(self, input: &str) -> Self::Out
    where
        Self: Sized,
    {
        self.run(Portable, input)
    }
}

/// The portable classifier: lookups in [`CLASS`]. (On x86-64, only the tests use it.)
#[derive(Clone, Copy, Debug)]
pub struct Portable;

/// A block of the portable classifier: the bytes.
#[derive(Clone, Copy)]
pub struct PortableBlock([u8; LEN]);

impl Classifier for Portable {
    type Block = PortableBlock;
    #[inline(always)]
    fn load(self, b: &[u8], at: usize) -> Option<PortableBlock> {
        b.get(at..)?.first_chunk().copied().map(PortableBlock)
    }
}

impl PortableBlock {
    /// The bytes with a bit of `class`.
    #[inline(always)]
    fn with(self, class: u8) -> Mask {
        let mut m = 0;
        for (k, &b) in self.0.iter().enumerate() {
            #[allow(clippy::indexing_slicing)] // a `u8` index into a 256-entry table
            let c = CLASS[usize::from(b)];
            m |= Mask::from(c & class != 0) << k;
        }
        m
    }
}

impl Block for PortableBlock {
    const LEN: usize = LEN;
    #[inline(always)]
    fn host_bad(self) -> Mask {
        !self.with(HOST_OK) & ALL
    }
    #[inline(always)]
    fn dash(self) -> Mask {
        self.with(DASH)
    }
    /// Not a class of [`CLASS`], whose eight bits are taken.
    #[inline(always)]
    fn period(self) -> Mask {
        let mut m = 0;
        for (k, &b) in self.0.iter().enumerate() {
            m |= Mask::from(b == b'.') << k;
        }
        m
    }
    #[inline(always)]
    fn path_bad(self) -> Mask {
        !self.with(PATH_OK) & ALL
    }
    #[inline(always)]
    fn slash(self) -> Mask {
        self.with(SLASH)
    }
    #[inline(always)]
    fn dot(self) -> Mask {
        self.with(DOT)
    }
    #[inline(always)]
    fn query_bad(self) -> Mask {
        !self.with(QUERY_OK) & ALL
    }
    #[inline(always)]
    fn fragment_bad(self) -> Mask {
        !self.with(FRAGMENT_OK) & ALL
    }
}

/// The bits of the bytes before the first byte with a bit set in `m` (all if there is none).
#[inline(always)]
pub const fn before(m: Mask) -> Mask {
    m.wrapping_sub(1) & !m
}

/// The block of input bytes a component's check looks at: the sixteen bytes at `base`, of
/// which those from where the check stands on (the bits of `from`) are its to look at; the
/// others came before (the last window of an input is its last sixteen bytes, which may
/// reach back before where the check stands).
pub struct Window<B> {
    /// The bytes.
    pub block: B,
    /// The offset of the block's first byte in the input.
    pub base: usize,
    /// The bits of the bytes the check looks at: from where it stands to the block's end.
    pub from: Mask,
    /// The bit after the block's last byte if the block ends the input (the end stops every
    /// component), else 0.
    pub(crate) end: Mask,
}

impl<B> Window<B> {
    /// Where a component made of the bytes not in `bad` stops in this window: the bits of
    /// `bad` the check looks at, and the end of the input. The first one is the stop.
    #[inline(always)]
    pub fn stops(&self, bad: Mask) -> Mask {
        (bad | self.end) & self.from
    }
}

/// A component's check, window by window (a type rather than a closure, so that its code is
/// always inlined: `scan_blocks` calls it in two places, and a closure called twice was
/// compiled out of line; see `docs/performance.md`).
///
/// One scan may give a step windows of two block types, one after the other (a
/// [`Pair`](crate::Pair)'s `scan_from_one`: its first block, then the whole input), so what a step carries
/// from one window to the next is about bytes (an offset, a flag), not bit positions of the
/// previous window's block.
pub trait Step {
    /// The stops of the component in `w` (a mask of [`Window::stops`]), noting what else the
    /// check looks for.
    fn step<B: Block>(&mut self, w: &Window<B>) -> Mask;
}

/// Runs `step` on the windows of `b` from `at` until it returns a mask that is not zero (one
/// of [`Window::stops`]): the offset of its first bit, the first byte the component stops at,
/// or `b.len()` at the end.
///
/// The windows are the next sixteen bytes while there are sixteen, then the input's last
/// sixteen, the bytes before where the check stands left out by [`Window::from`] (no
/// padding, no shifting, which costs fewer instructions than shifting the last bytes into a
/// zero-padded block; see `docs/performance.md`). An input shorter than a block is one
/// window, zero-padded: a zero byte is a control, in no class, so it stops every component.
#[inline(always)]
pub fn scan_blocks<K: Classifier>(k: K, b: &[u8], at: usize, step: &mut impl Step) -> usize {
    let n = <K::Block as Block>::LEN;
    let len = b.len();
    let Some(last) = len.checked_sub(n) else {
        return scan_short(k, b, at, step);
    };
    let mut i = at;
    while i <= last {
        let Some(block) = k.load(b, i) else {
            break;
        };
        let stop = step.step(&Window {
            block,
            base: i,
            from: Mask::MAX,
            end: 0,
        });
        if stop != 0 {
            return i + stop.trailing_zeros() as usize;
        }
        i += n;
    }
    let Some(block) = k.load(b, last) else {
        return len;
    };
    // `i - last` is from 1 to `n` (or `at` was past the end).
    #[allow(clippy::cast_possible_truncation)] // at most the input's length
    let stop = step.step(&Window {
        block,
        base: last,
        from: Mask::MAX.checked_shl((i - last) as u32).unwrap_or(0),
        end: 1 << n,
    });
    (last + stop.trailing_zeros() as usize).min(len)
}

/// [`scan_blocks`] with the first window selected without a branch: the next `n` bytes or,
/// near the end, the last `n`. For the host, which most often ends in its first window (see
/// its use in `host_run`).
#[inline(always)]
pub fn scan_blocks_from_one<K: Classifier>(
    k: K,
    b: &[u8],
    at: usize,
    step: &mut impl Step,
) -> usize {
    let n = <K::Block as Block>::LEN;
    let len = b.len();
    let Some(last) = len.checked_sub(n) else {
        return scan_short(k, b, at, step);
    };
    let i = at.min(len);
    let base = i.min(last);
    let Some(block) = k.load(b, base) else {
        return len;
    };
    // `i - base` is at most `n`, at most 32.
    #[allow(clippy::cast_possible_truncation)]
    let stop = step.step(&Window {
        block,
        base,
        from: Mask::MAX << (i - base) as u32,
        end: Mask::from(base == last) << n,
    });
    if stop != 0 {
        return (base + stop.trailing_zeros() as usize).min(len);
    }
    // Not the last window (its stops have the end's bit): the rest as `scan_blocks` does.
    scan_blocks(k, b, base + n, step)
}

/// [`scan_blocks`] on an input shorter than a block: one window, zero-padded.
#[inline(never)]
fn scan_short<K: Classifier>(k: K, b: &[u8], at: usize, step: &mut impl Step) -> usize {
    let mut w = [0u8; 32];
    if let Some(d) = w.get_mut(..b.len()) {
        d.copy_from_slice(b);
    }
    let Some(block) = k.load(&w, 0) else {
        return b.len();
    };
    #[allow(clippy::cast_possible_truncation)] // at most 32
    let window = Window {
        block,
        base: 0,
        from: Mask::MAX.checked_shl(at.min(32) as u32).unwrap_or(0),
        end: 1 << <K::Block as Block>::LEN,
    };
    (step.step(&window).trailing_zeros() as usize).min(b.len())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Every class of a block.
    pub(crate) fn classes<B: Block>(b: B) -> [Mask; 8] {
        [
            b.host_bad(),
            b.dash(),
            b.period(),
            b.path_bad(),
            b.slash(),
            b.dot(),
            b.query_bad(),
            b.fragment_bad(),
        ]
    }

    /// Stops at the bytes not in a path.
    pub(crate) struct PathBad;

    impl Step for PathBad {
        fn step<B: Block>(&mut self, w: &Window<B>) -> Mask {
            w.stops(w.block.path_bad())
        }
    }

    /// The first stop of a byte not in a path in `b` from `at`, byte by byte.
    pub(crate) fn path_stop(b: &[u8], at: usize) -> usize {
        b.iter()
            .skip(at)
            .position(|&c| c == b' ')
            .map_or(b.len(), |p| p + at)
    }

    /// [`scan_blocks`] and [`scan_blocks_from_one`] against a byte-by-byte search.
    #[test]
    fn windows() {
        for len in 0..50 {
            for stop in 0..=len {
                let mut b = alloc::vec![b'a'; len];
                if let Some(x) = b.get_mut(stop) {
                    *x = b' ';
                }
                for at in 0..=len {
                    let expected = path_stop(&b, at);
                    let found = scan_blocks(Portable, &b, at, &mut PathBad);
                    assert_eq!(found, expected, "{len} {stop} {at}");
                    let found = scan_blocks_from_one(Portable, &b, at, &mut PathBad);
                    assert_eq!(found, expected, "from one: {len} {stop} {at}");
                }
            }
        }
    }
}
