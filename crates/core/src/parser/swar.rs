//! Eight bytes at a time in a `u64` ("SIMD within a register"): the byte tests of the state
//! machine's entry ([`super::input`], [`super::scheme`]) that would otherwise be loops over
//! bytes whose exits the CPU guesses wrong on inputs of many lengths. Not a spec concept.

/// 0x01 in every byte.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
/// 0x80 in every byte: where the tests below put their answers.
pub(crate) const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The eight bytes of `bytes` from `i` as a little-endian word, zero-padded past the end;
/// `None` if `bytes` is shorter than a word. Near the end, the last eight bytes shifted down
/// (no copy of a variable length).
#[inline]
pub(crate) fn word_at(bytes: &[u8], i: usize) -> Option<u64> {
    if let Some(w) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        return Some(u64::from_le_bytes(*w));
    }
    let last = u64::from_le_bytes(*bytes.last_chunk::<8>()?);
    let past = i.saturating_add(8).saturating_sub(bytes.len());
    Some(
        u32::try_from(past.saturating_mul(8))
            .ok()
            .and_then(|s| last.checked_shr(s))
            .unwrap_or(0),
    )
}

/// For each byte `b` of `x` below 0x80, 0x80 if `m < b < n` (`n` at most 0x80): the bit
/// trick "has between", exact byte by byte (no carry or borrow crosses a byte of a word whose
/// bytes are below 0x80; the bytes of 0x80 and above are masked off).
#[inline(always)]
pub(crate) fn between(x: u64, m: u8, n: u8) -> u64 {
    let v = x & (ONES * 0x7F);
    (ONES * (127 + u64::from(n))).wrapping_sub(v) & !x & (v + ONES * (127 - u64::from(m))) & HIGHS
}

/// For each byte of `x`, 0x80 if it is below 0x0E (the classic "has less than": exact as to
/// whether any byte is, not as to which).
#[inline(always)]
pub(crate) fn any_below_0e(x: u64) -> u64 {
    x.wrapping_sub(ONES * 0x0E) & !x & HIGHS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_at_pads_with_zeros() {
        let b = b"0123456789";
        assert_eq!(word_at(b, 0), Some(u64::from_le_bytes(*b"01234567")));
        assert_eq!(word_at(b, 2), Some(u64::from_le_bytes(*b"23456789")));
        assert_eq!(word_at(b, 3), Some(u64::from_le_bytes(*b"3456789\0")));
        assert_eq!(word_at(b, 9), Some(u64::from(b'9')));
        assert_eq!(word_at(b, 10), Some(0));
        assert_eq!(word_at(b, usize::MAX), Some(0));
        assert_eq!(word_at(b"0123456", 0), None);
    }

    #[test]
    fn between_is_the_byte_test() {
        for b in 0..=255u8 {
            for (m, n) in [
                (0x60, 0x7B),
                (0x2A, 0x2C),
                (0x2C, 0x2F),
                (0x2F, 0x3A),
                (0, 0x80),
            ] {
                for fill in [0u8, 0x7F, 0x80, 0xFF, 0x2F] {
                    for at in 0..8 {
                        let mut w = [fill; 8];
                        if let Some(x) = w.get_mut(at) {
                            *x = b;
                        }
                        let got = between(u64::from_le_bytes(w), m, n);
                        let want = w.iter().enumerate().fold(0u64, |acc, (i, &c)| {
                            acc | (u64::from(c < 0x80 && m < c && c < n) << (8 * i + 7))
                        });
                        assert_eq!(got, want, "{w:?} {m} {n}");
                    }
                }
            }
        }
    }
}
