//! Word-at-a-time helpers for [`super::scan`]: eight input bytes as a little-endian `u64`,
//! byte masks in it, and the byte classes ([`CLASS`]) the scan checks the components with.
//! Not a spec concept: each class is defined from the spec's percent-encode sets and code
//! point sets, as its documentation says.

use weburl_percent::{AsciiSet, FRAGMENT, PATH, SPECIAL_QUERY};

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

/// The bytes of `b` from `i` (fewer than eight) as a little-endian word, zero-padded.
#[inline(always)]
pub(super) fn tail_word(b: &[u8], i: usize) -> u64 {
    match b.last_chunk::<8>() {
        // The last eight bytes, shifted down by the `i + 8 - b.len()` (1 to 8) before `i`.
        Some(&w) => {
            #[allow(clippy::cast_possible_truncation)] // at most 64
            let shift = (8 * (i + 8).saturating_sub(b.len())) as u32;
            u64::from_le_bytes(w).checked_shr(shift).unwrap_or(0)
        }
        None => first_word(b.get(i..).unwrap_or_default()),
    }
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

// The classes of the bytes, one bit each.

/// A byte of a host: an ASCII alphanumeric, `-`, `.` or `_`. Bit 0, so that the mask of the
/// bytes before the first one without it holds no bit of that byte.
pub(super) const HOST_OK: u8 = 1;
/// An ASCII upper alpha (a host's is lowercased).
pub(super) const UPPER: u8 = 2;
/// `-` (a label starting with `xn--` has `--`).
pub(super) const DASH: u8 = 4;
/// A byte that may appear in a path segment unchanged (not in the path percent-encode set,
/// nor `\`, which a special URL treats as `/`), or the `/` between two segments. Not `?`
/// and `#`, which end the path.
pub(super) const PATH_OK: u8 = 8;
/// `/`.
pub(super) const SLASH: u8 = 16;
/// `.` or `%`: the first byte of a single-dot or double-dot segment.
pub(super) const DOT: u8 = 32;
/// A byte the query state copies unchanged for a special URL (not in the special-query
/// percent-encode set). Not `#`, which ends the query.
pub(super) const QUERY_OK: u8 = 64;
/// A byte the fragment state copies unchanged (not in the fragment percent-encode set).
pub(super) const FRAGMENT_OK: u8 = 128;

/// Whether `b` is printable ASCII and not in `set`.
pub(super) const fn copied(set: &AsciiSet, b: u8) -> bool {
    b > 0x20 && b < 0x7F && !set.contains(b)
}

/// The byte classes, computed at compile time from the percent-encode sets.
#[allow(clippy::indexing_slicing)] // const evaluation: an out-of-bounds index fails the build.
pub(super) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut c = 0;
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_' {
            c |= HOST_OK;
        }
        if b.is_ascii_uppercase() {
            c |= UPPER;
        }
        if b == b'-' {
            c |= DASH;
        }
        if copied(&PATH, b) && b != b'\\' {
            c |= PATH_OK;
        }
        if b == b'/' {
            c |= SLASH;
        }
        if b == b'.' || b == b'%' {
            c |= DOT;
        }
        if copied(&SPECIAL_QUERY, b) && b != b'#' {
            c |= QUERY_OK;
        }
        if copied(&FRAGMENT, b) {
            c |= FRAGMENT_OK;
        }
        t[i] = c;
        i += 1;
    }
    t
};

/// The classes of the eight bytes `w`, in the same places of a word: eight table lookups
/// without a branch.
#[inline(always)]
pub(super) fn classes(w: &[u8; 8]) -> u64 {
    let mut c = 0;
    for (k, &b) in w.iter().enumerate() {
        #[allow(clippy::indexing_slicing)] // a `u8` index into a 256-entry table
        let class = CLASS[b as usize];
        c |= u64::from(class) << (8 * k);
    }
    c
}

/// The bytes of the word of classes `c` without the class `bit` (as that bit).
#[inline(always)]
pub(super) const fn without(c: u64, bit: u8) -> u64 {
    !c & splat(bit)
}

/// The bits of the bytes before the first byte with a bit set in `m` (all if there is none),
/// and the bits of that byte below its lowest set one.
#[inline(always)]
pub(super) const fn before(m: u64) -> u64 {
    m.wrapping_sub(1) & !m
}

/// The offset of the first byte with a bit set in `m` (not zero).
#[inline(always)]
pub(super) fn first_byte(m: u64) -> usize {
    (m.trailing_zeros() / 8) as usize
}

/// The offset of the last byte with a bit set in `m` (not zero).
#[inline(always)]
pub(super) fn last_byte(m: u64) -> usize {
    (7 - m.leading_zeros() / 8) as usize
}

/// Runs `step` on the words of classes of `b` from `at` (the last word zero-padded) until
/// it returns a mask that is not zero: the offset of the first byte of the mask, or
/// `b.len()`. A zero byte is a control, whose class is empty: it ends every component, and a
/// first byte at `b.len()` is the end.
#[inline(always)]
pub(super) fn scan_words(b: &[u8], at: usize, mut step: impl FnMut(u64) -> u64) -> usize {
    let (words, _) = b.get(at..).unwrap_or_default().as_chunks::<8>();
    let mut i = at;
    for w in words {
        let stop = step(classes(w));
        if stop != 0 {
            return i + first_byte(stop);
        }
        i += 8;
    }
    (i + first_byte(step(classes(&tail_word(b, i).to_le_bytes())))).min(b.len())
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
