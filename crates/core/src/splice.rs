//! [`Url::splice`]: the one way a URL's serialization is edited in place, which every setter
//! (and record-level editor) goes through. Not a spec concept: the representation's.
//!
//! A splice replaces one range of the serialization with a piece of text and moves the
//! offsets after it ([`Offsets::shift_from`], from a [`Boundary`]); the caller then sets what
//! the piece changed. The length limit ([`Url::max_length`]) is checked before anything
//! changes, and debug builds check the representation's invariants after.

use alloc::string::String;
use core::ops::Range;

use crate::errors::SetterError;
use crate::offsets::us;
use crate::offsets::{Boundary, Offsets};
use crate::url::Url;

impl Url {
    /// Edits the serialization in place: replaces bytes `range` with `piece` (one move of the
    /// part after it, no new buffer for the whole URL). The offsets from `from` on, which must
    /// be at or after `range.end`, move with the text after the range
    /// ([`Offsets::shift_from`], the only place offsets are shifted); then `edit` sets what the
    /// piece changes (offsets inside the range, the port, the host's kind, ...), in the new
    /// serialization's coordinates. Or reports that the result is too long (longer than
    /// [`max_length`](Url::max_length)), leaving `self` unchanged.
    ///
    /// Every edit of a URL goes through here; debug builds check the invariants after it.
    pub(crate) fn splice(
        &mut self,
        range: Range<usize>,
        piece: &str,
        from: Boundary,
        edit: impl FnOnce(&mut Offsets<usize>),
    ) -> Result<(), SetterError> {
        // The generic part is only the offsets' edit: the checks and the edit of the text
        // are compiled once, not once per setter.
        let new_len = self.splice_len(&range, piece)?;
        let mut offsets = self.offsets.widen();
        offsets.shift_from(from, range.end, range.start + piece.len());
        edit(&mut offsets);
        self.splice_commit(range, piece, new_len, offsets)
    }

    /// The serialization's length after the splice, or why it cannot be made (too long, or a
    /// range off char boundaries). Changes nothing.
    fn splice_len(&self, range: &Range<usize>, piece: &str) -> Result<usize, SetterError> {
        let kept = self.serialization.len().saturating_sub(range.len());
        let new_len = kept.saturating_add(piece.len());
        let s = &self.serialization;
        if new_len > us(self.max_len)
            || range.start > range.end
            || !s.is_char_boundary(range.start)
            || !s.is_char_boundary(range.end)
        {
            return Err(SetterError::TooLong);
        }
        Ok(new_len)
    }

    /// The splice's edit, once [`Url::splice_len`] has allowed it: the text, then the offsets.
    fn splice_commit(
        &mut self,
        range: Range<usize>,
        piece: &str,
        new_len: usize,
        offsets: Offsets<usize>,
    ) -> Result<(), SetterError> {
        let len = u32::try_from(new_len).map_err(|_| SetterError::TooLong)?;
        let offsets = Offsets::narrow(offsets, len);
        // Growing past the capacity: to the length plus a little, not double (a reallocation
        // in place when the allocation has room, as a big one usually has).
        let need = new_len.saturating_sub(self.serialization.len());
        if need > self.serialization.capacity() - self.serialization.len() {
            self.serialization.reserve_exact(need + 64);
        }
        replace_range(&mut self.serialization, range, piece);
        self.offsets = offsets;
        #[cfg(debug_assertions)]
        {
            let check = self.check_invariants();
            debug_assert!(check.is_ok(), "{check:?} in {self:?}");
        }
        Ok(())
    }
}

/// `s.replace_range(range, piece)`, quicker: `drain` and `insert_str` (`replace_range` goes
/// byte by byte), and with a long tail, one move of it and only the common part overwritten
/// (see [`overwrite`]). The range is on char boundaries (checked by the caller).
fn replace_range(s: &mut String, range: Range<usize>, piece: &str) {
    if s.len() - range.end <= 4096 {
        // A short tail: moving it twice (out of the way, then after the piece) is quicker
        // than overwriting.
        s.drain(range.clone());
        s.insert_str(range.start, piece);
        return;
    }
    let k = range.len().min(piece.len());
    let (Some(head), Some(rest)) = (piece.get(..k), piece.get(k..)) else {
        s.replace_range(range, piece);
        return;
    };
    if piece.len() > range.len() {
        s.insert_str(range.end, rest);
    } else if s.is_char_boundary(range.start + k) {
        s.drain(range.start + k..range.end);
    } else {
        s.replace_range(range, piece);
        return;
    }
    if k * 32 >= s.len() {
        overwrite(s, range.start, head);
    } else if k > 0 {
        // Checking all of `s` would cost more than going byte by byte over `k` bytes.
        s.replace_range(range.start..range.start + k, head);
    }
}

/// Overwrites the bytes of `s` at `at` with `piece`, which replaces whole code points (`at`
/// and `at + piece.len()` are char boundaries, checked by the caller), so `s` stays UTF-8.
///
/// `String::replace_range` would do it byte by byte through an iterator; a copy of the bytes
/// and a check that the whole result is UTF-8 (word at a time for ASCII) cost less when the
/// piece is more than about a 32nd of `s`, with no `unsafe` (measured by `cargo xtask
/// scaling`: docs/performance.md, "Figures from weburl-core's comments").
fn overwrite(s: &mut String, at: usize, piece: &str) {
    let mut bytes = core::mem::take(s).into_bytes();
    if let Some(dst) = bytes.get_mut(at..at + piece.len()) {
        dst.copy_from_slice(piece.as_bytes());
    }
    *s = String::from_utf8(bytes).unwrap_or_else(|e| {
        // Not reached: a piece of whole code points over whole code points.
        String::from_utf8_lossy(e.as_bytes()).into_owned()
    });
}

#[cfg(test)]
mod tests {
    use super::replace_range;
    use alloc::string::String;

    /// The quick `replace_range` gives what `String::replace_range` gives, on each of its
    /// paths: short and long tails, growing and shrinking, small and large common parts
    /// (overwritten byte by byte or by [`super::overwrite`]), non-ASCII text on both sides.
    #[test]
    fn replace_range_matches_std() {
        for tail in [0, 10, 5000, 20_000] {
            for (old, new) in [
                ("", "x"),
                ("host", ""),
                ("host", "hôst"),
                ("é", "e"),
                ("e", "é"),
                ("ab", "ba"),
            ] {
                for scale in [1, 300, 3000] {
                    let old = old.repeat(scale);
                    let new = new.repeat(scale);
                    let mut s = String::from("http://ü@");
                    s.push_str(&old);
                    let range = s.len() - old.len()..s.len();
                    s.push_str(&"/é".repeat(tail / 3));
                    let mut expected = s.clone();
                    expected.replace_range(range.clone(), &new);
                    replace_range(&mut s, range, &new);
                    assert_eq!(s, expected, "tail {tail}, {old:.8} -> {new:.8} x {scale}");
                }
            }
        }
    }
}
