//! Eight bytes at a time in a `u64` ("SIMD within a register"): byte tests that would
//! otherwise be loops over bytes whose exits the CPU guesses wrong on inputs of many lengths.
//! The one set of them the URL parser (scheme, trimming), the Public Suffix List (labels) and
//! URL rendering (byte search) share. Words are little-endian: byte `k` of the input is bits
//! `8k..8k + 8`.

/// 0x01 in every byte.
pub const ONES: u64 = 0x0101_0101_0101_0101;
/// 0x80 in every byte: where the tests below put their answers.
pub const HIGHS: u64 = 0x8080_8080_8080_8080;
/// 0x7F in every byte.
pub const LOWS: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// `b` in every byte of a word.
#[inline(always)]
pub const fn splat(b: u8) -> u64 {
    ONES * b as u64
}

/// `s` (at most eight bytes) as a little-endian word, zero-padded; for patterns compared with
/// words of input.
pub const fn word(s: &[u8]) -> u64 {
    let mut w = 0u64;
    let mut i = s.len();
    while i > 0 {
        i -= 1;
        #[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
        {
            w = (w << 8) | s[i] as u64;
        }
    }
    w
}

/// The mask of the first `n` bytes of a little-endian word.
#[inline(always)]
pub const fn mask(n: usize) -> u64 {
    if n >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * n)) - 1
    }
}

/// The first eight bytes of `b` as a little-endian word, zero-padded.
#[inline(always)]
pub fn first_word(b: &[u8]) -> u64 {
    if let Some(&w) = b.first_chunk::<8>() {
        return u64::from_le_bytes(w);
    }
    let mut w = [0u8; 8];
    let n = b.len().min(8);
    if let (Some(d), Some(s)) = (w.get_mut(..n), b.get(..n)) {
        d.copy_from_slice(s);
    }
    u64::from_le_bytes(w)
}

/// The eight bytes of `bytes` from `at`, if there are eight.
#[inline(always)]
pub fn load(bytes: &[u8], at: usize) -> Option<u64> {
    let chunk: [u8; 8] = *bytes.get(at..)?.first_chunk::<8>()?;
    Some(u64::from_le_bytes(chunk))
}

/// The eight bytes of `bytes` from `i` as a little-endian word, zero-padded past the end;
/// `None` if `bytes` is shorter than a word. Near the end, the last eight bytes shifted down
/// (no copy of a variable length).
#[inline]
pub fn word_at(bytes: &[u8], i: usize) -> Option<u64> {
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
pub fn between(x: u64, m: u8, n: u8) -> u64 {
    let v = x & (ONES * 0x7F);
    (ONES * (127 + u64::from(n))).wrapping_sub(v) & !x & (v + ONES * (127 - u64::from(m))) & HIGHS
}

/// For each byte of `x`, 0x80 if it is below 0x0E (the classic "has less than": exact as to
/// whether any byte is, not as to which).
#[inline(always)]
pub fn any_below_0e(x: u64) -> u64 {
    x.wrapping_sub(ONES * 0x0E) & !x & HIGHS
}

/// Whether any byte of `x` is zero (the classic "has zero byte": exact as to whether any
/// byte is, not as to which).
#[inline(always)]
pub fn any_zero(x: u64) -> bool {
    x.wrapping_sub(ONES) & !x & HIGHS != 0
}

/// The high bit of each byte of `x` equal to `b`, exactly (no carries between bytes).
#[inline(always)]
pub fn eq_bytes(x: u64, b: u8) -> u64 {
    let v = x ^ splat(b);
    !(((v & LOWS).wrapping_add(LOWS)) | v) & HIGHS
}

/// `x` with its bytes `A`..=`Z` lowercased (the others unchanged).
#[inline(always)]
pub fn to_ascii_lowercase(x: u64) -> u64 {
    // Every byte `A`..=`Z` has bit 6 set and bit 5 clear; lowercase letters, digits, `-`
    // and zero padding do not, so most words skip the rest.
    if x & !(x << 1) & splat(0x40) == 0 {
        return x;
    }
    let low = x & LOWS;
    // High bit set in each byte that is at least `A`, then in each that is above `Z`.
    let ge_a = low.wrapping_add(splat(0x80 - b'A'));
    let gt_z = low.wrapping_add(splat(0x7F - b'Z'));
    let upper = ge_a & !gt_z & !x & HIGHS;
    x | (upper >> 2)
}

/// Whether `s` has the byte `c`: eight bytes at a time, then the rest.
#[inline]
pub fn has_byte(s: &[u8], c: u8) -> bool {
    let (words, rest) = s.as_chunks::<8>();
    let found = words.iter().fold(false, |found, w| {
        found | any_zero(u64::from_le_bytes(*w) ^ splat(c))
    });
    found || rest.contains(&c)
}

/// Whether every byte of `bytes` is ASCII: sixteen bytes (two words) at a time, the last
/// sixteen overlapping the others, so that the input's length costs at most one mispredicted
/// branch; an input of 8 to 15 bytes is two overlapping words, a shorter one a byte loop.
/// For bindings that take bytes from outside Rust and can borrow them as `&str` without
/// validating UTF-8 when they are ASCII.
///
/// ```
/// use weburl_bytes::swar::is_ascii;
/// assert!(is_ascii(b"https://example.com/"));
/// assert!(!is_ascii("https://b\u{fc}cher.example/".as_bytes()));
/// ```
#[inline]
pub fn is_ascii(bytes: &[u8]) -> bool {
    const HIGH: u128 = (HIGHS as u128) << 64 | HIGHS as u128;
    let n = bytes.len();
    // Out of range cannot happen (every `i` below is at most `n - 16`): all ones, not ASCII.
    let load16 = |i: usize| {
        bytes
            .get(i..)
            .and_then(<[u8]>::first_chunk::<16>)
            .map_or(u128::MAX, |c| u128::from_ne_bytes(*c))
    };
    if n >= 16 {
        let mut words = load16(n - 16);
        let mut i = 0;
        while i + 16 < n {
            words |= load16(i);
            i += 16;
        }
        words & HIGH == 0
    } else if n >= 8 {
        let first = bytes
            .first_chunk::<8>()
            .map_or(u64::MAX, |c| u64::from_ne_bytes(*c));
        let last = bytes
            .last_chunk::<8>()
            .map_or(u64::MAX, |c| u64::from_ne_bytes(*c));
        (first | last) & HIGHS == 0
    } else {
        bytes.iter().fold(0u8, |acc, &b| acc | b) < 0x80
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_ascii_agrees_with_std() {
        let mut buf = [b'a'; 40];
        for len in 0..40 {
            for bad in 0..len {
                for high in [0x80, 0xC3, 0xFF] {
                    if let Some(b) = buf.get_mut(bad) {
                        *b = high;
                    }
                    let s = buf.get(..len).unwrap_or_default();
                    assert!(!is_ascii(s), "{len} {bad}");
                    assert_eq!(is_ascii(s), s.is_ascii());
                    if let Some(b) = buf.get_mut(bad) {
                        *b = b'a';
                    }
                }
            }
            assert!(is_ascii(buf.get(..len).unwrap_or_default()), "{len}");
        }
    }

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
        assert_eq!(first_word(b"ab"), u64::from_le_bytes(*b"ab\0\0\0\0\0\0"));
        assert_eq!(
            load(b"0123456789", 2),
            Some(u64::from_le_bytes(*b"23456789"))
        );
        assert_eq!(load(b"0123456789", 3), None);
        assert_eq!(word(b"ab"), u64::from_le_bytes(*b"ab\0\0\0\0\0\0"));
        assert_eq!(mask(3), 0xFF_FFFF);
        assert_eq!(mask(8), u64::MAX);
    }

    /// Each byte test against the byte-by-byte answer, every byte at every position among
    /// bytes of every kind.
    #[test]
    fn byte_tests_are_exact() {
        for b in 0..=255u8 {
            for fill in [0u8, 0x7F, 0x80, 0xFF, 0x2F, b'A', b'z', b'.'] {
                for at in 0..8 {
                    let mut w = [fill; 8];
                    if let Some(x) = w.get_mut(at) {
                        *x = b;
                    }
                    let x = u64::from_le_bytes(w);
                    let per_byte = |f: &dyn Fn(u8) -> bool| {
                        w.iter()
                            .enumerate()
                            .fold(0u64, |acc, (i, &c)| acc | (u64::from(f(c)) << (8 * i + 7)))
                    };
                    for (m, n) in [(0x60, 0x7B), (0x2A, 0x2C), (0x2F, 0x3A), (0, 0x80)] {
                        let want = per_byte(&|c| c < 0x80 && m < c && c < n);
                        assert_eq!(between(x, m, n), want, "{w:?} {m} {n}");
                    }
                    assert_eq!(eq_bytes(x, b'.'), per_byte(&|c| c == b'.'), "{w:?}");
                    assert_eq!(any_below_0e(x) != 0, w.iter().any(|&c| c < 0x0E), "{w:?}");
                    assert_eq!(any_zero(x), w.contains(&0), "{w:?}");
                    let lower = w.map(|c| c.to_ascii_lowercase());
                    assert_eq!(to_ascii_lowercase(x), u64::from_le_bytes(lower), "{w:?}");
                }
            }
        }
    }

    #[test]
    fn has_byte_is_contains() {
        for c in [b'%', b'-', 0x01, 0x7F, 0x80, 0] {
            for len in 0..40 {
                for fill in [b'a', 0x00, c.wrapping_add(1), c.wrapping_sub(1), c ^ 0x80] {
                    let fill = if fill == c { b'a' } else { fill };
                    for at in 0..=len {
                        let mut s = alloc::vec![fill; len];
                        if let Some(x) = s.get_mut(at) {
                            *x = c;
                        }
                        assert_eq!(has_byte(&s, c), s.contains(&c), "{c} {len} {at}");
                    }
                }
            }
        }
    }
}
