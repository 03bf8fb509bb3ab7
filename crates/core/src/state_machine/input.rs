//! The basic URL parser's input preprocessing: removing leading and trailing
//! [C0 control or space](https://infra.spec.whatwg.org/#c0-control) and all
//! [ASCII tab or newline](https://infra.spec.whatwg.org/#ascii-tab-or-newline), and mapping
//! positions in the processed input back to the original for error ranges.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::errors::{ErrorSink, ValidationError, ValidationErrorKind};
use weburl_bytes::swar;

/// Maps byte offsets in the processed input back to the original input.
#[derive(Default)]
pub(crate) struct PosMap {
    /// Bytes trimmed from the start (plus the caller's offset).
    trim_start: usize,
    /// For each removed tab or newline, in order, the offset in the processed input it was
    /// removed at (the number of bytes kept before it): non-decreasing. Only kept when errors
    /// are wanted.
    removed: Vec<usize>,
}

impl PosMap {
    /// The original offset of `pos`: after the trimmed bytes and every removed byte at or
    /// before it. A binary search, so that mapping many errors stays linear-logarithmic.
    pub(crate) fn map(&self, pos: usize) -> usize {
        self.trim_start + pos + self.removed.partition_point(|&p| p <= pos)
    }

    pub(crate) fn map_range(&self, range: Range<usize>) -> Range<usize> {
        let start = self.map(range.start);
        let end = if range.end > range.start {
            // Map the last byte, so removed code points after the range are not included.
            self.map(range.end - 1) + 1
        } else {
            start
        };
        start..end
    }
}

#[inline]
fn is_c0_control_or_space(b: u8) -> bool {
    b <= 0x20
}

/// 1 for the bytes of the [ASCII tab or newline](https://infra.spec.whatwg.org/#ascii-tab-or-newline)
/// code points, 0 for the others: a lookup and an OR per byte, no branch.
#[allow(clippy::indexing_slicing)] // const evaluation: out of bounds fails the build
static TAB_OR_NEWLINE: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'\t' as usize] = 1;
    t[b'\n' as usize] = 1;
    t[b'\r' as usize] = 1;
    t
};

#[inline]
fn tab_or_newline(b: u8) -> u8 {
    TAB_OR_NEWLINE.get(usize::from(b)).copied().unwrap_or(0)
}

#[inline]
fn is_tab_or_newline(b: u8) -> bool {
    tab_or_newline(b) != 0
}

/// Whether any byte of `bytes` is below 0x0E, eight bytes at a time: for a word `x`,
/// `(x - 0x0E0E..0E) & !x & 0x8080..80` is nonzero exactly when one of its bytes is below 0x0E
/// (the classic has-less-than test, exact as to whether any byte is).
///
/// The bytes after the last whole word are checked as the input's last eight bytes (which
/// overlap the words before), not one by one: a loop over the rest with an early exit costs a
/// branch the CPU guesses wrong on inputs of many lengths (nearly all of this function's
/// mispredicted branches were that loop's; figures in docs/performance.md, "Figures from
/// weburl-core's comments").
#[inline]
fn any_byte_below_0e(bytes: &[u8]) -> bool {
    let below = |w: &[u8; 8]| swar::any_below_0e(u64::from_le_bytes(*w));
    let Some(last) = bytes.last_chunk::<8>() else {
        // Shorter than a word: every byte, without an early exit.
        return bytes.iter().fold(false, |any, &b| any | (b < 0x0E));
    };
    let (words, _) = bytes.as_chunks::<8>();
    words.iter().fold(below(last), |any, w| any | below(w)) != 0
}

/// Steps 1 to 3 of the basic URL parser: trimming (only when `trim`, i.e. *url* is not given)
/// and tab/newline removal, each with its invalid-URL-unit validation error.
///
/// `offset` is where `input` starts in the text error ranges refer to (a setter's value whose
/// leading `?` or `#` was removed starts at 1); ranges reported here and mapped by the
/// returned [`PosMap`] include it.
// Always inlined (the removal of tabs and newlines is not): called from the parse and from the
// setters, it was compiled out of line once `Url::parse` was, and the parse's copy,
// specialized for `trim` and offset 0, is cheaper (docs/performance.md, "Figures from
// weburl-core's comments").
#[inline(always)]
pub(crate) fn preprocess<'a, S: ErrorSink>(
    input: &'a str,
    trim: bool,
    offset: usize,
    sink: &mut S,
) -> (Cow<'a, str>, PosMap) {
    let mut map = PosMap {
        trim_start: offset,
        removed: Vec::new(),
    };
    let mut s = input;
    if trim {
        let bytes = input.as_bytes();
        let start = bytes
            .iter()
            .position(|&b| !is_c0_control_or_space(b))
            .unwrap_or(bytes.len());
        let end = bytes
            .iter()
            .rposition(|&b| !is_c0_control_or_space(b))
            .map_or(start, |i| i + 1);
        if sink.wants_errors() && (start > 0 || end < bytes.len()) {
            // "If input contains any leading or trailing C0 control or space, invalid-URL-unit
            // validation error." One error for both ends, as the spec raises it once; its
            // range is what was removed at the start, or at the end when nothing was removed
            // at the start.
            let range = if start > 0 {
                offset..offset + start
            } else {
                offset + end..offset + bytes.len()
            };
            sink.report(ValidationError {
                kind: ValidationErrorKind::InvalidUrlUnit,
                failure: false,
                range,
            });
        }
        // C0 controls and space are ASCII, so these are char boundaries.
        s = input.get(start..end).unwrap_or_default();
        map.trim_start += start;
    }
    // Most inputs have no tab or newline: a word-at-a-time check for any byte below 0x0E
    // (tab, LF and CR all are) rules them out, and only inputs with such a byte are checked
    // for tab or newline exactly.
    let bytes = s.as_bytes();
    if !any_byte_below_0e(bytes)
        || !bytes
            .chunks(8)
            .any(|c| c.iter().fold(0, |any, &b| any | tab_or_newline(b)) != 0)
    {
        return (Cow::Borrowed(s), map);
    }
    remove_tabs_and_newlines(s, map, sink)
}

/// Step 3 of the basic URL parser on an input that has a tab or newline: "Remove all ASCII tab
/// or newline from input", each with its invalid-URL-unit validation error. Out of line: few
/// inputs have one.
#[inline(never)]
fn remove_tabs_and_newlines<'a, S: ErrorSink>(
    s: &str,
    mut map: PosMap,
    sink: &mut S,
) -> (Cow<'a, str>, PosMap) {
    let wants = sink.wants_errors();
    let mut out = String::with_capacity(s.len());
    for (i, ch) in s.char_indices() {
        if ch.is_ascii() && is_tab_or_newline(ch as u8) {
            if wants {
                let orig = map.trim_start + i;
                // "If input contains any ASCII tab or newline, invalid-URL-unit validation
                // error." Reported once per code point, so each has its range.
                sink.report(ValidationError {
                    kind: ValidationErrorKind::InvalidUrlUnit,
                    failure: false,
                    range: orig..orig + 1,
                });
                map.removed.push(out.len());
            }
        } else {
            out.push(ch);
        }
    }
    (Cow::Owned(out), map)
}

#[cfg(test)]
mod tests {
    use super::any_byte_below_0e;

    #[test]
    fn any_byte_below_0e_is_the_byte_test() {
        // Every length up to three words and a half, every position, bytes around the bound
        // and ones whose borrow could reach the next byte.
        for len in 0..28 {
            for at in 0..len {
                for b in [
                    0x00, 0x01, 0x09, 0x0D, 0x0E, 0x0F, 0x20, 0x7F, 0x80, 0x8D, 0xFF,
                ] {
                    for fill in [b'a', 0x0E, 0x80, 0xFF] {
                        let mut bytes = [fill; 28];
                        if let Some(x) = bytes.get_mut(at) {
                            *x = b;
                        }
                        let s = bytes.get(..len).unwrap_or_default();
                        assert_eq!(any_byte_below_0e(s), s.iter().any(|&c| c < 0x0E), "{s:?}");
                    }
                }
            }
        }
    }
}
