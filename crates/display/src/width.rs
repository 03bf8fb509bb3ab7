//! How wide a rendering is: in grapheme clusters (UAX 29, what a user perceives as one
//! character) or in terminal columns (UAX 11 East Asian Width, as `unicode-width` counts
//! them: 2 for wide CJK and emoji, 0 for marks).

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// The unit [`Rendering::max_width`](crate::Rendering::max_width) counts in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WidthUnit {
    /// Extended grapheme clusters (UAX 29): one per user-perceived character. The default:
    /// right for a UI that lays the text out itself with a proportional font.
    #[default]
    Graphemes,
    /// Terminal columns (UAX 11 via `unicode-width`): wide East Asian characters count 2.
    /// Right for a terminal (the CLI uses it).
    Columns,
}

impl WidthUnit {
    /// The width of `s`.
    pub fn width(self, s: &str) -> usize {
        if s.is_ascii() {
            // Every printable ASCII character is one grapheme and one column; a rendering
            // has no ASCII controls (they stay percent-encoded).
            return s.len();
        }
        match self {
            WidthUnit::Graphemes => s.graphemes(true).count(),
            WidthUnit::Columns => s.width(),
        }
    }

    /// The longest prefix of `s`, cut at a grapheme cluster boundary, at most `budget`
    /// wide; returns its length in bytes.
    pub(crate) fn prefix_within(self, s: &str, budget: usize) -> usize {
        if s.is_ascii() {
            return budget.min(s.len());
        }
        let mut used = 0;
        let mut end = 0;
        for (at, g) in s.grapheme_indices(true) {
            used += self.width(g);
            if used > budget {
                break;
            }
            end = at + g.len();
        }
        end
    }
}
