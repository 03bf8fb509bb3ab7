//! A `string_view` (or `binary_view`) chunk's rows: each row's 16-byte view, its bytes inline
//! or in one of the variadic data buffers, read in place. Part of `import.rs`, whose notes on
//! what is checked and what is trusted hold here (its `unsafe_code` allowance too).

use super::Column;

impl Column {
    /// View `j`'s bytes (`j` counted from the buffers' start, `j < offset + len`) and, for an
    /// inline view, whether they are ASCII (checked in two words with its zero padding, without
    /// a loop; `false` for an out-of-line view, whose bytes are not checked here). An
    /// out-of-line view's range is checked against the size of the buffer it names: `None` if
    /// it is not within it.
    #[inline]
    pub(super) fn view(&self, j: usize) -> Option<(&[u8], bool)> {
        let views = self.index?;
        // SAFETY: a views buffer holds 16 bytes per row from the array's start, and `j` is one
        // of its rows.
        let at = unsafe { views.as_ptr().add(j.checked_mul(16)?) };
        // SAFETY: as above: the view's 16 bytes, as four native-endian words (its length,
        // then its inline bytes, or its prefix, buffer index and offset).
        let [length, prefix, buffer, start] = unsafe { at.cast::<[u32; 4]>().read_unaligned() };
        let len = usize::try_from(length as i32).ok()?;
        if len <= 12 {
            // SAFETY: an inline view holds its `len <= 12` bytes after the length.
            let bytes = unsafe { std::slice::from_raw_parts(at.add(4), len) };
            // Bytes 4..16: the inline text and its zero padding.
            return Some((bytes, (prefix | buffer | start) & 0x8080_8080 == 0));
        }
        let buffer = usize::try_from(buffer as i32).ok()?;
        let start = usize::try_from(start as i32).ok()?;
        let &(data, size) = self.variadic.get(buffer)?;
        if start.checked_add(len)? > size {
            return None;
        }
        // SAFETY: the range was checked against the buffer's size as the array gives it.
        let bytes = unsafe { std::slice::from_raw_parts(data.as_ptr().add(start), len) };
        Some((bytes, false))
    }

    /// Row `i` of a `Views` chunk as text (what [`Column::str`] gives): a view of at most 12
    /// bytes is checked as ASCII in two words, without a loop (its unused bytes are zeros, as
    /// the format has them; bytes that are not send it to the full check); a longer one is
    /// checked as ASCII a word at a time, then as UTF-8.
    #[inline]
    pub(super) fn view_str(&self, i: usize) -> Option<&str> {
        if i >= self.len || !self.valid(i) {
            return None;
        }
        let (bytes, inline_ascii) = self.view(self.offset + i)?;
        if inline_ascii || weburl::bytes::is_ascii(bytes) {
            // SAFETY: ASCII is UTF-8.
            Some(unsafe { std::str::from_utf8_unchecked(bytes) })
        } else {
            std::str::from_utf8(bytes).ok()
        }
    }
}
