//! Mapping byte ranges of an input to display columns, for caret lines.
//!
//! Columns are counted in chars: one column per Unicode scalar value. (Wide CJK characters and
//! combining marks can still misalign on a terminal; no width tables are used.)

use std::ops::Range;

/// The input as shown above a caret line: each char stays one column wide, with ASCII control
/// characters (tab, CR, ...) shown as their Unicode control pictures (`␉`, `␍`, ...) so the
/// terminal neither expands nor acts on them.
pub fn display(input: &str) -> String {
    input.chars().map(visible).collect()
}

fn visible(c: char) -> char {
    match c {
        '\0'..='\x1f' => char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{fffd}'),
        '\x7f' => '\u{2421}',
        _ => c,
    }
}

/// The chars-based columns `[start, end)` that the byte range `range` of `input` covers. A
/// range past the end is clamped to the end; a byte offset inside a char counts as that char.
pub fn columns(input: &str, range: &Range<usize>) -> Range<usize> {
    let start = range.start.min(input.len());
    let end = range.end.clamp(start, input.len());
    let mut col_start = 0;
    let mut col_end = 0;
    for (i, c) in input.char_indices() {
        if i + c.len_utf8() <= start {
            col_start += 1;
        }
        if i < end {
            col_end += 1;
        }
    }
    col_start..col_end.max(col_start)
}

/// A line of spaces and carets marking `range` (bytes of `input`) under [`display`]`(input)`.
/// An empty range gets a single caret at its position.
pub fn caret_line(input: &str, range: &Range<usize>) -> String {
    let cols = columns(input, range);
    let width = cols.len().max(1);
    let mut line = String::with_capacity(cols.start + width);
    line.extend(std::iter::repeat_n(' ', cols.start));
    line.extend(std::iter::repeat_n('^', width));
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii() {
        assert_eq!(caret_line("https://a@b", &(8..9)), "        ^");
        assert_eq!(caret_line("abc", &(0..3)), "^^^");
    }

    #[test]
    fn empty_range_gets_one_caret() {
        assert_eq!(caret_line("abc", &(1..1)), " ^");
        // At the end of the input: just past the last char.
        assert_eq!(caret_line("abc", &(3..3)), "   ^");
        assert_eq!(caret_line("", &(0..0)), "^");
    }

    #[test]
    fn non_ascii_counts_chars_not_bytes() {
        // "é" is 2 bytes, "日" 3, "😀" 4: each one column.
        let input = "https://é日😀.example/\\x";
        let backslash = input.find('\\').unwrap();
        // "https://" is 8 columns, the host 11, then "/" and "\\".
        assert_eq!(columns(input, &(backslash..backslash + 1)), 20..21);
        assert_eq!(
            caret_line(input, &(backslash..backslash + 1)),
            format!("{}^", " ".repeat(20))
        );
        // The host: bytes 8..25 are the 11 chars "é日😀.example".
        let host = 8..8 + "é日😀.example".len();
        assert_eq!(columns(input, &host), 8..19);
        assert_eq!(
            caret_line(input, &host),
            format!("{}{}", " ".repeat(8), "^".repeat(11))
        );
    }

    #[test]
    fn offsets_inside_a_char_and_out_of_range() {
        let input = "aé"; // é is bytes 1..3
        assert_eq!(columns(input, &(2..3)), 1..2);
        assert_eq!(columns(input, &(1..2)), 1..2);
        assert_eq!(columns(input, &(10..20)), 2..2);
        assert_eq!(caret_line(input, &(10..20)), "  ^");
        let reversed = Range { start: 3, end: 1 };
        assert_eq!(columns(input, &reversed), 2..2);
    }

    #[test]
    fn control_characters_are_one_column() {
        assert_eq!(display("a\tb\r\x7f"), "a␉b␍␡");
        assert_eq!(display("日\0"), "日␀");
    }
}
