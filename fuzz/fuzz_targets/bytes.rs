//! `weburl-bytes`, the workspace's one crate with `unsafe` code: every classifier the CPU has
//! (SSSE3, AVX2, each as a `Pair`, and AVX2 as a `Short`) against the portable table, on
//! arbitrary bytes
//! at every alignment and length.
//!
//! The first input byte picks where in the buffer the bytes start (0 to 31: every alignment
//! of a 32-byte load); the rest are the bytes. For each length from 0 to all of them:
//!
//! - every block each classifier loads, at every offset: each class's mask is the table's
//!   class of each byte (bits past the block are clear; past the input, for a pair or a
//!   short input's padded block, they are not looked at: the scans stop at the end first);
//! - every component scan (`Classifier::scan` and `scan_from_one`, which a `Pair` has its own
//!   of) from every offset, for the four component classes: the first byte of the class,
//!   found byte by byte, or the length;
//! - the `text` helpers (`in_ranges`, `range_masks` on every 16-byte window, `ascii_string`,
//!   `ascii_string_lowercased`)
//!   against their definitions, with fixed ranges and ranges made of the input's own bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl_bytes::class::{CLASS, FRAGMENT_OK, HOST_OK, PATH_OK, QUERY_OK};
use weburl_bytes::{Block, Classifier, Mask, Step, Window, WithClassifier};

/// Longest input looked at (two AVX2 blocks and then some; masks of it fit a `u128`).
const MAX: usize = 72;

/// Every class of a block, in the order of `expected`.
fn classes<B: Block>(b: B) -> [Mask; 8] {
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

/// The table's answer for `byte`, class by class (as `classes`).
fn expected(byte: u8) -> [bool; 8] {
    let c = CLASS[usize::from(byte)];
    let class = |bit: u8| c & bit != 0;
    [
        !class(HOST_OK),
        byte == b'-',
        byte == b'.',
        !class(PATH_OK),
        byte == b'/',
        byte == b'.' || byte == b'%',
        !class(QUERY_OK),
        !class(FRAGMENT_OK),
    ]
}

/// A component's scan: stops at the bytes of one of the four `_bad` classes.
struct Bad(usize);

impl Step for Bad {
    fn step<B: Block>(&mut self, w: &Window<B>) -> Mask {
        let b = w.block;
        let bad = match self.0 {
            0 => b.host_bad(),
            1 => b.path_bad(),
            2 => b.query_bad(),
            _ => b.fragment_bad(),
        };
        w.stops(bad)
    }
}

/// The check, run by `weburl_bytes::each` with every classifier: panics on a difference from
/// the table, else returns every scan's stop (which must also be the same for all).
#[derive(Clone)]
struct Check<'a> {
    bytes: &'a [u8],
    /// For each class (as `classes`), the table's mask of the bytes (bit `i` for byte `i`).
    table: &'a [u128; 8],
}

impl WithClassifier for Check<'_> {
    type Out = Vec<usize>;
    fn run<K: Classifier>(self, k: K, _: &str) -> Vec<usize> {
        let b = self.bytes;
        let n = <K::Block as Block>::LEN;
        let bits = |base: usize, len: usize, class: usize| {
            let all = (1u128 << len) - 1;
            (self.table[class] >> base) & all
        };
        for at in 0..=b.len() {
            let Some(block) = k.load(b, at) else {
                continue;
            };
            // A block is the `n` bytes from `at`; a pair's or a short input's, loaded only
            // from an input shorter than its `n`, is the whole input (whatever `at`), and its
            // bits past the input are not looked at.
            let (base, len, seen) = if at + n <= b.len() {
                (at, n, u128::MAX)
            } else {
                (0, b.len(), (1u128 << b.len()) - 1)
            };
            for (class, mask) in classes(block).into_iter().enumerate() {
                let want = bits(base, len, class);
                assert_eq!(
                    u128::from(mask) & seen,
                    want,
                    "class {class} at {at} of {b:?} ({n})"
                );
            }
        }
        let mut stops = Vec::new();
        for (i, class) in [0, 3, 6, 7].into_iter().enumerate() {
            for at in 0..=b.len() {
                let from = (self.table[class] & ((1u128 << b.len()) - 1)) >> at;
                let want = if from == 0 {
                    b.len()
                } else {
                    at + from.trailing_zeros() as usize
                };
                let got = k.scan(b, at, &mut Bad(i));
                assert_eq!(got, want, "scan {class} from {at} in {b:?} ({n})");
                let got = k.scan_from_one(b, at, &mut Bad(i));
                assert_eq!(got, want, "scan_from_one {class} from {at} in {b:?} ({n})");
                stops.push(got);
            }
        }
        stops
    }
}

/// The `text` helpers on `b` against their definitions, byte by byte.
fn check_text(b: &[u8]) {
    use weburl_bytes::text::{
        ascii_string, ascii_string_lowercased, in_ranges, range_masks, ByteRange,
    };
    let low = b.first().copied().unwrap_or(b'a');
    let span = b.get(1).copied().unwrap_or(0);
    let ranges = [
        ByteRange { low, span },
        ByteRange {
            low: 0x7f,
            span: 0xa1,
        },
        ByteRange { low: b'.', span: 0 },
        ByteRange {
            low: b'A',
            span: 25,
        },
    ];
    let want = ranges.iter().enumerate().fold(0u32, |bits, (k, r)| {
        bits | (u32::from(b.iter().any(|&c| r.contains(c))) << k)
    });
    assert_eq!(in_ranges(b, &ranges), want, "in_ranges {b:?}");
    for window in b.windows(16) {
        let block: &[u8; 16] = window.try_into().expect("a window of 16 bytes");
        let want = ranges.map(|r| {
            block
                .iter()
                .enumerate()
                .fold(0u16, |m, (i, &c)| m | (u16::from(r.contains(c)) << i))
        });
        assert_eq!(range_masks(block, &ranges), want, "range_masks {block:?}");
    }
    let got = ascii_string(b.to_vec());
    if b.is_ascii() {
        assert_eq!(
            got.ok().as_deref().map(str::as_bytes),
            Some(b),
            "ascii_string {b:?}"
        );
    } else {
        assert_eq!(got, Err(b.to_vec()), "ascii_string {b:?}");
    }
    // Lowercased from a place the first byte picks (past the end too).
    let from = usize::from(low) % (b.len() + 2);
    let mut lowered = b.to_vec();
    if let Some(tail) = lowered.get_mut(from..) {
        tail.make_ascii_lowercase();
    }
    let got = ascii_string_lowercased(b.to_vec(), from);
    if b.is_ascii() {
        assert_eq!(
            got.ok().map(String::into_bytes),
            Some(lowered),
            "ascii_string_lowercased {b:?} {from}"
        );
    } else {
        assert_eq!(got, Err(lowered), "ascii_string_lowercased {b:?} {from}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let bytes = &bytes[..bytes.len().min(MAX)];
    let align = usize::from(first % 32);
    let mut buffer = vec![0u8; align + bytes.len()];
    buffer[align..].copy_from_slice(bytes);
    let bytes = &buffer[align..];
    let mut table = [0u128; 8];
    for (i, &byte) in bytes.iter().enumerate() {
        for (class, yes) in expected(byte).into_iter().enumerate() {
            table[class] |= u128::from(yes) << i;
        }
    }
    for len in 0..=bytes.len() {
        let b = &bytes[..len];
        let check = Check {
            bytes: b,
            table: &table,
        };
        // `each` takes the input as text only to pick the classifiers for its length.
        let all = weburl_bytes::each(&"a".repeat(len), &check);
        assert!(all.iter().all(|s| *s == all[0]), "{b:?}");
        check_text(b);
    }
});
