//! Word-at-a-time helpers for [`super::scan`]'s scheme and last host label: eight input bytes
//! as a little-endian `u64`, and byte masks in it. (The components are checked sixteen bytes
//! at a time, in [`super::block`].)

/// The first eight bytes of `b` as a little-endian word, zero-padded.
#[inline(always)]
pub(super) fn first_word(b: &[u8]) -> u64 {
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

/// `s` (at most eight bytes) as a little-endian word, zero-padded; for the patterns below.
pub(super) const fn word(s: &[u8]) -> u64 {
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
pub(super) const fn mask(n: usize) -> u64 {
    if n >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * n)) - 1
    }
}

/// `b` in every byte of a word.
pub(super) const fn splat(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// The high bit of every byte of a word.
pub(super) const HIGH: u64 = splat(0x80);

/// Each byte of the word `x` is `c`, as an exact mask of high bits: `x ^ c` has a zero byte
/// there, which adding 0x7F to its low seven bits leaves without its high bit (no carry
/// crosses into the next byte).
#[inline(always)]
pub(super) const fn equals(x: u64, c: u8) -> u64 {
    let y = x ^ splat(c);
    !(((y & !HIGH) + splat(0x7F)) | y) & HIGH
}

/// The offset of the last byte with a bit set in `m` (not zero).
#[inline(always)]
pub(super) fn last_byte(m: u64) -> usize {
    (7 - m.leading_zeros() / 8) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equals_is_exact() {
        for c in 0..=255u8 {
            for x in [0u8, 0x7F, 0x80, 0xFF, b'.', c ^ 1, c ^ 0x80] {
                for k in 0..8 {
                    let w = (splat(x) & !(0xFF << (8 * k))) | (u64::from(c) << (8 * k));
                    let want = (0..8).fold(0, |m, j| {
                        let byte = if j == k { c } else { x };
                        m | (u64::from(byte == b'.') << (8 * j + 7))
                    });
                    assert_eq!(equals(w, b'.'), want, "{c:#x} among {x:#x} at {k}");
                }
            }
        }
    }
}
