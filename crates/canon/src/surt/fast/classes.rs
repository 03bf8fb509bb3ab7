//! The classifying pass of the one-pass SURT key ([`super::key`]): which kinds of byte a
//! string holds (not printable ASCII, `#`, `%`, `(`, `?`, `&`, capital letters), found by
//! vectorized passes over 16-byte blocks, so that the key skips the steps a string does not
//! need; and [`find_byte`] and [`any_byte`], searches by 16-byte blocks.

use weburl::bytes::{in_ranges, range_masks, ByteRange};

/// Whether a byte of `block` satisfies `pred`: a branch-free test of the whole block, which
/// the compiler vectorizes.
fn block_has(block: &[u8; 16], pred: impl Fn(u8) -> bool) -> bool {
    block.iter().fold(false, |found, &b| found | pred(b))
}

/// Whether a byte of `s` satisfies `pred`: [`block_has`] for each 16-byte block (the last
/// overlapping the one before), or a branch-free test of each byte of a shorter string.
pub(in crate::surt) fn any_byte(s: &[u8], pred: impl Fn(u8) -> bool) -> bool {
    let (blocks, _) = s.as_chunks::<16>();
    if blocks.is_empty() {
        return s.iter().fold(false, |found, &b| found | pred(b));
    }
    blocks
        .iter()
        .chain(s.last_chunk::<16>())
        .any(|block| block_has(block, &pred))
}

/// Where `c` first occurs in `s`: 16-byte blocks (`weburl::bytes::range_masks`: the first
/// bit of the block's mask of `c`), the last 16 bytes overlapping the block before (its
/// bytes before that masked off); a string under 16 bytes byte by byte.
pub(super) fn find_byte(s: &[u8], c: u8) -> Option<usize> {
    let byte = [ByteRange { low: c, span: 0 }];
    let mut at = 0;
    while let Some(block) = s.get(at..).and_then(<[u8]>::first_chunk::<16>) {
        let [found] = range_masks(block, &byte);
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize);
        }
        at += 16;
    }
    let Some(last) = s.last_chunk::<16>() else {
        return s.iter().position(|&b| b == c);
    };
    let start = s.len() - 16;
    let [found] = range_masks(last, &byte);
    // The bytes from `at` (past the whole blocks).
    let found = found & u16::MAX.checked_shl((at - start) as u32).unwrap_or(0);
    (found != 0).then(|| start + found.trailing_zeros() as usize)
}

/// What [`all_classes`] reports of a string: bits of the bytes it holds ([`classes`]' in the
/// low four bits, [`rare_classes`]' in the high four).
pub(super) const NOT_PLAIN: u8 = 1;
/// Any of `#$%&'(` (one range): [`rare_classes`] then tells which of [`HASH`], [`PERCENT`],
/// [`PAREN`] and [`AMPERSAND`] it is.
const RARE: u8 = 1 << 1;
pub(super) const QUESTION: u8 = 1 << 2;
pub(super) const UPPER: u8 = 1 << 3;
pub(super) const HASH: u8 = 1 << 4;
pub(super) const PERCENT: u8 = 1 << 5;
pub(super) const PAREN: u8 = 1 << 6;
pub(super) const AMPERSAND: u8 = 1 << 7;

/// The ranges of [`classes`], in the order of their bits: not printable ASCII (from DEL
/// round to space), `#$%&'(`, `?`, `A` to `Z`.
const CLASSES: [ByteRange; 4] = [
    ByteRange {
        low: 0x7f,
        span: b' '.wrapping_sub(0x7f),
    },
    ByteRange {
        low: b'#',
        span: b'(' - b'#',
    },
    ByteRange { low: b'?', span: 0 },
    ByteRange {
        low: b'A',
        span: b'Z' - b'A',
    },
];

/// The bytes of [`rare_classes`], in the order of their bits.
const RARE_CLASSES: [ByteRange; 4] = [
    ByteRange { low: b'#', span: 0 },
    ByteRange { low: b'%', span: 0 },
    ByteRange { low: b'(', span: 0 },
    ByteRange { low: b'&', span: 0 },
];

/// Which of the classes above occur in `s`: one pass over it (`weburl::bytes::in_ranges`: on
/// x86-64 16 bytes at a time, a vector subtraction and minimum a range a block). It tells
/// which of the later steps a string needs (most need few).
fn classes(s: &[u8]) -> u8 {
    // The four ranges' bits are the low four.
    in_ranges(s, &CLASSES) as u8
}

/// [`classes`] for the rare bytes (a string with [`RARE`]): the same pass for each of them.
fn rare_classes(s: &[u8]) -> u8 {
    // The four bytes' bits are the high four.
    (in_ranges(s, &RARE_CLASSES) as u8) << 4
}

/// [`classes`], with [`rare_classes`]'s bits where the string has a rare byte.
#[inline(always)]
pub(super) fn all_classes(s: &[u8]) -> u8 {
    let seen = classes(s);
    if seen & RARE == 0 {
        return seen;
    }
    seen | rare_classes(s)
}

#[cfg(test)]
mod tests {
    use super::{
        all_classes, classes, rare_classes, AMPERSAND, HASH, NOT_PLAIN, PAREN, PERCENT, QUESTION,
        RARE, UPPER,
    };

    /// The bits of [`classes`] one byte sets, byte by byte from their definitions.
    fn reference(b: u8) -> u8 {
        let mut bits = 0;
        if !(0x21..=0x7e).contains(&b) {
            bits |= NOT_PLAIN;
        }
        if matches!(b, b'#' | b'$' | b'%' | b'&' | b'\'' | b'(') {
            bits |= RARE;
        }
        if b == b'?' {
            bits |= QUESTION;
        }
        if b.is_ascii_uppercase() {
            bits |= UPPER;
        }
        bits
    }

    /// The bits of [`rare_classes`] one byte sets, byte by byte.
    fn rare_reference(b: u8) -> u8 {
        match b {
            b'#' => HASH,
            b'%' => PERCENT,
            b'(' => PAREN,
            b'&' => AMPERSAND,
            _ => 0,
        }
    }

    /// The three passes give what a byte-by-byte fold gives, for strings of 0 to 49 bytes
    /// (one block and a part, two, three, with and without a part block) with each class's
    /// bytes and the bytes either side of its range at each place (found in review).
    #[test]
    fn classes_byte_by_byte() {
        const BYTES: &[u8] = b"#$%&'(?AZ\")@[ \x7e\x7f\x00\x21\x80\xff";
        for len in 0..50 {
            let mut strings = vec![vec![b'a'; len]];
            for &b in BYTES {
                for at in 0..len {
                    let mut s = vec![b'a'; len];
                    if let Some(x) = s.get_mut(at) {
                        *x = b;
                    }
                    strings.push(s);
                }
            }
            for s in strings {
                let want = s.iter().fold(0, |acc, &b| acc | reference(b));
                let want_rare = s.iter().fold(0, |acc, &b| acc | rare_reference(b));
                assert_eq!(classes(&s), want, "{s:?}");
                assert_eq!(rare_classes(&s), want_rare, "{s:?}");
                let want_all = match want & RARE {
                    0 => want,
                    _ => want | want_rare,
                };
                assert_eq!(all_classes(&s), want_all, "{s:?}");
            }
        }
    }

    /// `find_byte` finds the first `?` in a block, after blocks, in the bytes after the
    /// last whole block, or none.
    #[test]
    fn find_byte() {
        for len in 0..50 {
            for at in 0..=len {
                let mut s = vec![b'a'; len];
                if let Some(b) = s.get_mut(at) {
                    *b = b'?';
                }
                if let Some(b) = s.get_mut(at + 3) {
                    *b = b'?';
                }
                let want = (at < len).then_some(at);
                assert_eq!(super::find_byte(&s, b'?'), want, "{len} {at}");
            }
        }
    }
}
