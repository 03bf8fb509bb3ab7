//! Text helpers that need `unsafe` or a CPU's vector instructions: [`in_ranges`], which of
//! a few byte ranges a string has a byte in, 16 bytes at a time with SSE2 on x86-64,
//! [`range_masks`], where in a 16-byte block the bytes of each of a few ranges are, and
//! [`ascii_string`] and [`ascii_string_lowercased`], bytes as a `String` once they are found
//! to be ASCII.
//!
//! # Why the `unsafe` here is sound
//!
//! Two blocks in each of [`in_ranges`]'s and [`range_masks`]' x86-64 paths: the call of its
//! SSE2 function (a `#[target_feature(enable = "sse2")]` function, sound to call on every
//! x86-64 CPU, since SSE2 is part of the architecture), and its 16-byte unaligned load from a
//! `&[u8; 16]`; the same two in `is_ascii`'s, behind [`ascii_string`], and in
//! `lowercase_is_ascii`'s, behind [`ascii_string_lowercased`], with its 16-byte unaligned
//! store to a `&mut [u8; 16]`. And [`ascii_string`]'s and [`ascii_string_lowercased`]'s
//! `String::from_utf8_unchecked`, after `is_ascii` (or the lowercasing pass) found no byte of
//! 0x80 or above.

/// A range of bytes: `low` to `low + span`, wrapping past 0xff to 0x00 (so that, say, "not
/// printable ASCII" is one range, from DEL round to space: `low` 0x7f, `span` 0xa1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteRange {
    /// The range's first byte.
    pub low: u8,
    /// How many bytes after `low` the range holds (0: `low` alone).
    pub span: u8,
}

impl ByteRange {
    /// Whether `b` is in the range.
    #[inline(always)]
    pub fn contains(self, b: u8) -> bool {
        b.wrapping_sub(self.low) <= self.span
    }
}

/// Which of `ranges` (at most 32) `s` has a byte in: bit `k` of the result for `ranges[k]`.
///
/// On x86-64, one pass over `s` in blocks of 16 bytes (the last overlapping the one before)
/// with SSE2 (every x86-64 CPU has it): a block adds to each range's accumulator the least
/// `b - low` of each of its 16 lanes (a subtraction and a minimum), and only the end compares
/// the accumulators with the spans; written with the intrinsics because the compiler, left to
/// vectorize the same loop over arrays, vectorized it across blocks instead. A string under
/// 16 bytes, and every string elsewhere, byte by byte.
///
/// ```
/// use weburl_bytes::text::{in_ranges, ByteRange};
/// let upper = ByteRange { low: b'A', span: 25 };
/// let question = ByteRange { low: b'?', span: 0 };
/// let not_printable = ByteRange { low: 0x7f, span: 0xa1 };
/// let ranges = [upper, question, not_printable];
/// assert_eq!(in_ranges(b"https://example.com/Index.html?x=1", &ranges), 0b011);
/// assert_eq!(in_ranges(b"a b", &ranges), 0b100);
/// ```
#[inline]
pub fn in_ranges<const N: usize>(s: &[u8], ranges: &[ByteRange; N]) -> u32 {
    const { assert!(N <= 32, "at most 32 ranges") };
    #[cfg(target_arch = "x86_64")]
    {
        if s.len() >= 16 {
            // SAFETY: SSE2 is part of x86-64 (every x86-64 CPU has it, and the compiler
            // assumes it for all code on x86-64), the one requirement of this call.
            return unsafe { sse2::in_ranges(s, ranges) };
        }
    }
    in_ranges_bytewise(s, ranges)
}

/// For each of `ranges` (at most 16 of them), which bytes of `block` are in it: bit `i` of
/// `masks[k]` for `block[i]` in `ranges[k]`.
///
/// On x86-64 one 16-byte load and, a range, a subtraction, a minimum, a comparison and a
/// `movemask` (SSE2); elsewhere byte by byte. For scanners that find several kinds of byte in
/// one block at once (where a byte loop tests each byte for each kind).
///
/// ```
/// use weburl_bytes::text::{range_masks, ByteRange};
/// let dot = ByteRange { low: b'.', span: 0 };
/// let slash = ByteRange { low: b'/', span: 0 };
/// let [dots, slashes] = range_masks(b"www.example.com/", &[dot, slash]);
/// assert_eq!(dots, 0b0000_1000_0000_1000);
/// assert_eq!(slashes, 0b1000_0000_0000_0000);
/// ```
#[inline]
pub fn range_masks<const N: usize>(block: &[u8; 16], ranges: &[ByteRange; N]) -> [u16; N] {
    const { assert!(N <= 16, "at most 16 ranges") };
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86-64 (as for `in_ranges` above), the one requirement of
        // this call.
        unsafe { sse2::range_masks(block, ranges) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    range_masks_bytewise(block, ranges)
}

/// `bytes` as a `String` when every byte of it is ASCII (which is valid UTF-8), or `bytes`
/// back. For a builder of ASCII text that writes bytes (a copy of a fixed 16 bytes cut back,
/// a byte array) where `String`'s methods take `&str`s: the check is one pass or-ing 16-byte
/// blocks on x86-64, cheaper on short text than `String::from_utf8`'s (which looks for
/// sequences of more than one byte, a word at a time on runs of ASCII).
///
/// ```
/// use weburl_bytes::text::ascii_string;
/// assert_eq!(ascii_string(b"com,example)/".to_vec()).as_deref(), Ok("com,example)/"));
/// assert_eq!(ascii_string(vec![b'a', 0xc3, 0xa9]), Err(vec![b'a', 0xc3, 0xa9]));
/// ```
#[inline(always)]
pub fn ascii_string(
    bytes: alloc::vec::Vec<u8>,
) -> Result<alloc::string::String, alloc::vec::Vec<u8>> {
    if !is_ascii(&bytes) {
        return Err(bytes);
    }
    // SAFETY: no byte of `bytes` is 0x80 or above (just checked): every byte is an ASCII
    // character, one UTF-8 sequence of one byte, so the bytes are valid UTF-8.
    Ok(unsafe { alloc::string::String::from_utf8_unchecked(bytes) })
}

/// `bytes` with its ASCII capital letters from `from` on made small, as a `String` when
/// every byte of it is ASCII, or the bytes (lowercased from `from`) back: [`ascii_string`]
/// after `bytes[from..].make_ascii_lowercase()`, in one pass. For a builder of ASCII text
/// that lowercases all of it but a head (a key lowercased after its scheme): on x86-64 each
/// 16-byte block from `from` is loaded once, lowercased, stored and OR-ed into the check (the
/// last block overlapping the one before: lowercasing twice is lowercasing once), where the
/// standard library's lowercasing is one vectorized loop and then a loop over the last bytes
/// one by one. A `from` past the end lowercases nothing.
///
/// ```
/// use weburl_bytes::text::ascii_string_lowercased;
/// let key = b"HTTP://(COM,Example,)/Index.HTML".to_vec();
/// assert_eq!(
///     ascii_string_lowercased(key, 5).as_deref(),
///     Ok("HTTP://(com,example,)/index.html")
/// );
/// assert_eq!(
///     ascii_string_lowercased(vec![b'A', 0xc3, 0x89], 0),
///     Err(vec![b'a', 0xc3, 0x89])
/// );
/// ```
#[inline(always)]
pub fn ascii_string_lowercased(
    mut bytes: alloc::vec::Vec<u8>,
    from: usize,
) -> Result<alloc::string::String, alloc::vec::Vec<u8>> {
    #[cfg(target_arch = "x86_64")]
    {
        if let Some(tail) = bytes.get_mut(from..).filter(|tail| tail.len() >= 16) {
            // SAFETY: SSE2 is part of x86-64 (as for `in_ranges` above).
            let tail_ascii = unsafe { sse2::lowercase_is_ascii(tail) };
            let head_ascii = bytes.get(..from).is_some_and(is_ascii);
            if !(tail_ascii && head_ascii) {
                return Err(bytes);
            }
            // SAFETY: no byte of `bytes` is 0x80 or above (just checked: the head by
            // `is_ascii`, the tail as it was lowercased), so the bytes are valid UTF-8, as in
            // `ascii_string`.
            return Ok(unsafe { alloc::string::String::from_utf8_unchecked(bytes) });
        }
    }
    if let Some(tail) = bytes.get_mut(from..) {
        tail.make_ascii_lowercase();
    }
    ascii_string(bytes)
}

/// Whether every byte of `s` is under 0x80: on x86-64 the bytes of its 16-byte blocks (the
/// last overlapping the one before) or-ed together and their top bits tested once (SSE2),
/// elsewhere (and for a string under 16 bytes) `swar::is_ascii` (8 to 15 bytes as two
/// overlapping words).
#[inline(always)]
fn is_ascii(s: &[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if s.len() >= 16 {
            // SAFETY: SSE2 is part of x86-64 (as for `in_ranges` above).
            return unsafe { sse2::is_ascii(s) };
        }
    }
    crate::swar::is_ascii(s)
}

/// [`range_masks`] byte by byte (the definition).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn range_masks_bytewise<const N: usize>(block: &[u8; 16], ranges: &[ByteRange; N]) -> [u16; N] {
    ranges.map(|r| {
        block
            .iter()
            .enumerate()
            .fold(0u16, |m, (i, &b)| m | (u16::from(r.contains(b)) << i))
    })
}

/// [`in_ranges`] byte by byte (the definition).
#[inline(always)]
fn in_ranges_bytewise<const N: usize>(s: &[u8], ranges: &[ByteRange; N]) -> u32 {
    let mut bits = 0;
    for (k, r) in ranges.iter().enumerate() {
        let found = s.iter().fold(false, |found, &b| found | r.contains(b));
        bits |= u32::from(found) << k;
    }
    bits
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::ByteRange;
    use core::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_loadu_si128,
        _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_storeu_si128,
        _mm_sub_epi8,
    };

    /// [`super::in_ranges`] for a string of 16 bytes or more (its caller's check). With
    /// `target_feature` so that the intrinsics (but the load) are safe to call in it; SSE2 is
    /// part of x86-64, so it is compiled as the code around it is, and inlined.
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn in_ranges<const N: usize>(s: &[u8], ranges: &[ByteRange; N]) -> u32 {
        let lows = ranges.map(|r| _mm_set1_epi8(r.low as i8));
        let mut acc = [_mm_set1_epi8(-1); N];
        let mut add = |block: &[u8; 16]| {
            // SAFETY: `block` is 16 readable bytes, and `_mm_loadu_si128` reads 16 bytes with
            // no alignment requirement.
            let x = unsafe { _mm_loadu_si128(block.as_ptr().cast::<__m128i>()) };
            for (a, low) in acc.iter_mut().zip(&lows) {
                *a = _mm_min_epu8(*a, _mm_sub_epi8(x, *low));
            }
        };
        let (blocks, _) = s.as_chunks::<16>();
        for block in blocks {
            add(block);
        }
        if let Some(last) = s.last_chunk::<16>() {
            add(last);
        }
        let mut bits = 0;
        for (k, (a, r)) in acc.iter().zip(ranges).enumerate() {
            // A lane whose least is at most the span: `min(least, span) == least`.
            let within = _mm_cmpeq_epi8(_mm_min_epu8(*a, _mm_set1_epi8(r.span as i8)), *a);
            bits |= u32::from(_mm_movemask_epi8(within) != 0) << k;
        }
        bits
    }

    /// [`super::is_ascii`] for a string of 16 bytes or more (SSE2, as [`in_ranges`] above).
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn is_ascii(s: &[u8]) -> bool {
        let load = |block: &[u8; 16]| {
            // SAFETY: `block` is 16 readable bytes, and `_mm_loadu_si128` reads 16 bytes with
            // no alignment requirement.
            unsafe { _mm_loadu_si128(block.as_ptr().cast::<__m128i>()) }
        };
        // The first and the last 16 bytes, then the blocks from byte 16 while bytes before
        // the last 16 are left (the last of them overlapping those): most strings here are
        // of 16 to 32 bytes, which take no loop.
        let (Some(first), Some(last)) = (s.first_chunk::<16>(), s.last_chunk::<16>()) else {
            return s.iter().fold(0, |acc, &b| acc | b) < 0x80;
        };
        let mut acc = _mm_or_si128(load(first), load(last));
        let mut at = 16;
        while at + 16 < s.len() {
            if let Some(block) = s.get(at..).and_then(<[u8]>::first_chunk::<16>) {
                acc = _mm_or_si128(acc, load(block));
            }
            at += 16;
        }
        // The top bit of each lane: set where some byte was 0x80 or above.
        _mm_movemask_epi8(acc) == 0
    }

    /// [`super::ascii_string_lowercased`]'s pass over its tail `s` (16 bytes or more): each
    /// block lowercased in place and OR-ed into the check; whether every byte is under 0x80.
    /// (SSE2, as [`in_ranges`] above.)
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn lowercase_is_ascii(s: &mut [u8]) -> bool {
        let mut acc = _mm_set1_epi8(0);
        // `A` to `Z` moved to the lowest signed bytes: -128 to -103.
        let shift = _mm_set1_epi8((0x80u8 - b'A') as i8);
        let above_z = _mm_set1_epi8(-128 + 26);
        let case_bit = _mm_set1_epi8(0x20);
        let mut lower = |block: &mut [u8; 16]| {
            let p = block.as_mut_ptr().cast::<__m128i>();
            // SAFETY: `block` is 16 readable bytes, and `_mm_loadu_si128` reads 16 bytes with
            // no alignment requirement.
            let x = unsafe { _mm_loadu_si128(p) };
            acc = _mm_or_si128(acc, x);
            let upper = _mm_cmplt_epi8(_mm_add_epi8(x, shift), above_z);
            let y = _mm_or_si128(x, _mm_and_si128(upper, case_bit));
            // SAFETY: `block` is 16 writable bytes (borrowed mutably), and `_mm_storeu_si128`
            // writes 16 bytes with no alignment requirement.
            unsafe { _mm_storeu_si128(p, y) };
        };
        let (blocks, rest) = s.as_chunks_mut::<16>();
        let whole = rest.is_empty();
        for block in blocks {
            lower(block);
        }
        // The last 16 bytes, overlapping the last whole block: lowercased again.
        if !whole {
            if let Some(last) = s.last_chunk_mut::<16>() {
                lower(last);
            }
        }
        // The top bit of each lane: set where some byte was 0x80 or above.
        _mm_movemask_epi8(acc) == 0
    }

    /// [`super::range_masks`] (SSE2, as [`in_ranges`] above).
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn range_masks<const N: usize>(
        block: &[u8; 16],
        ranges: &[ByteRange; N],
    ) -> [u16; N] {
        // SAFETY: `block` is 16 readable bytes, and `_mm_loadu_si128` reads 16 bytes with no
        // alignment requirement.
        let x = unsafe { _mm_loadu_si128(block.as_ptr().cast::<__m128i>()) };
        ranges.map(|r| {
            let d = _mm_sub_epi8(x, _mm_set1_epi8(r.low as i8));
            // A lane in the range: `min(b - low, span) == b - low`.
            let within = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(r.span as i8)), d);
            // The mask of 16 lanes fits in 16 bits.
            _mm_movemask_epi8(within) as u16
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{in_ranges, ByteRange};

    /// `in_ranges` against the byte-by-byte definition, for strings of 0 to 70 bytes with each
    /// range's bytes, the bytes either side of it and the wrapping range's ends at every place.
    #[test]
    fn in_ranges_byte_by_byte() {
        let ranges = [
            ByteRange {
                low: 0x7f,
                span: 0xa1,
            },
            ByteRange { low: b'#', span: 5 },
            ByteRange { low: b'?', span: 0 },
            ByteRange {
                low: b'A',
                span: 25,
            },
            ByteRange { low: 0, span: 0xff },
        ];
        let probes = b"#$%&'(\"?>@AZ[\x00\x20\x21\x7e\x7f\x80\xff";
        for len in 0..70 {
            let mut strings = alloc::vec![alloc::vec![b'a'; len]];
            for &p in probes {
                for at in 0..len {
                    let mut s = alloc::vec![b'a'; len];
                    if let Some(x) = s.get_mut(at) {
                        *x = p;
                    }
                    strings.push(s);
                }
            }
            for s in strings {
                let want = super::in_ranges_bytewise(&s, &ranges);
                assert_eq!(in_ranges(&s, &ranges), want, "{s:?}");
                let one = [ByteRange { low: b'?', span: 0 }];
                assert_eq!(in_ranges(&s, &one), u32::from(s.contains(&b'?')), "{s:?}");
            }
        }
    }

    /// `ascii_string` takes bytes all under 0x80 and gives back any with one byte of 0x80
    /// or above, at each place of strings of 0 to 69 bytes (up to three blocks between the
    /// first and the last).
    #[test]
    fn ascii_string_checks_every_byte() {
        for len in 0..70 {
            let plain: alloc::vec::Vec<u8> = (0..len).map(|i| (i * 7 % 128) as u8).collect();
            let want = plain
                .iter()
                .map(|&b| char::from(b))
                .collect::<alloc::string::String>();
            assert_eq!(super::ascii_string(plain.clone()), Ok(want));
            for at in 0..len {
                for b in [0x80, 0xc3, 0xff] {
                    let mut s = plain.clone();
                    if let Some(x) = s.get_mut(at) {
                        *x = b;
                    }
                    assert_eq!(super::ascii_string(s.clone()), Err(s));
                }
            }
        }
    }

    /// `ascii_string_lowercased` against `make_ascii_lowercase` then `ascii_string`: every
    /// byte value at the first, a middle and the last place of strings around the block
    /// sizes, lowercased from every place (and past the end).
    #[test]
    fn ascii_string_lowercased_byte_by_byte() {
        for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 40] {
            for from in 0..=len + 1 {
                for b in 0..=255u8 {
                    for at in [0, len / 2, len.saturating_sub(1)] {
                        let mut s: alloc::vec::Vec<u8> =
                            (0..len).map(|i| b"aZ.mQ"[i % 5]).collect();
                        if let Some(x) = s.get_mut(at) {
                            *x = b;
                        }
                        let mut want = s.clone();
                        if let Some(tail) = want.get_mut(from..) {
                            tail.make_ascii_lowercase();
                        }
                        let want = super::ascii_string(want);
                        let got = super::ascii_string_lowercased(s, from);
                        assert_eq!(got, want, "{len} {from} {b} {at}");
                    }
                }
            }
        }
    }

    /// `range_masks` against the byte-by-byte definition: every byte value at every lane of a
    /// block of another byte, for single-byte, wide and wrapping ranges.
    #[test]
    fn range_masks_byte_by_byte() {
        let ranges = [
            ByteRange {
                low: 0x7f,
                span: 0xa1,
            },
            ByteRange { low: b'#', span: 5 },
            ByteRange { low: b'.', span: 0 },
            ByteRange { low: 0, span: 0 },
            ByteRange { low: 0xff, span: 0 },
            ByteRange { low: 0, span: 0xff },
        ];
        for fill in [b'a', 0, 0xff, b'.'] {
            for b in 0..=255u8 {
                for at in 0..16 {
                    let mut block = [fill; 16];
                    if let Some(x) = block.get_mut(at) {
                        *x = b;
                    }
                    let want = super::range_masks_bytewise(&block, &ranges);
                    assert_eq!(super::range_masks(&block, &ranges), want, "{block:?}");
                }
            }
        }
    }
}
