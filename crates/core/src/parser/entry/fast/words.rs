//! Word-at-a-time helpers for [`super::scan`]'s scheme: eight input bytes
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
