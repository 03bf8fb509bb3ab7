//! The Unicode properties rendering and spoof checking read, from ICU4X's compiled data
//! (`icu_properties`, the data weburl-host's IDNA uses) and unicode-rs's UTS 39 tables
//! (`unicode-security`). No table here is typed by hand.

use icu_properties::props::{
    BidiClass, BidiControl, DefaultIgnorableCodePoint, GeneralCategory, GeneralCategoryGroup,
    WhiteSpace,
};
use icu_properties::{CodePointMapData, CodePointSetData};

/// The code point's General_Category.
#[inline]
pub(crate) fn general_category(c: char) -> GeneralCategory {
    CodePointMapData::<GeneralCategory>::new().get(c)
}

/// Default_Ignorable_Code_Point: code points that are invisible unless a renderer
/// supports them (ZWJ, ZWNJ, soft hyphen, variation selectors, the Hangul fillers, the bidi
/// formatting characters, ...).
#[inline]
pub(crate) fn is_default_ignorable(c: char) -> bool {
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

/// Bidi_Control: the explicit bidi formatting characters (LRM, RLM, ALM, LRE..RLO, LRI..PDI).
#[inline]
pub(crate) fn is_bidi_control(c: char) -> bool {
    CodePointSetData::new::<BidiControl>().contains(c)
}

/// White_Space.
#[inline]
pub(crate) fn is_white_space(c: char) -> bool {
    CodePointSetData::new::<WhiteSpace>().contains(c)
}

/// Whether `c` is strong right-to-left text (Bidi_Class R or AL), which reorders what is
/// around it.
#[inline]
pub(crate) fn is_rtl(c: char) -> bool {
    let class = CodePointMapData::<BidiClass>::new().get(c);
    class == BidiClass::RightToLeft || class == BidiClass::ArabicLetter
}

/// Whether `c` is a mark (General_Category M: Mn, Mc, Me), which combines with the code
/// point before it.
#[inline]
pub(crate) fn is_mark(c: char) -> bool {
    GeneralCategoryGroup::Mark.contains(general_category(c))
}

/// Whether `c` is a nonspacing mark (Mn).
#[inline]
pub(crate) fn is_nonspacing_mark(c: char) -> bool {
    general_category(c) == GeneralCategory::NonspacingMark
}

/// The zero of the decimal digit system `c` belongs to, if `c` is a decimal digit (Nd).
///
/// Unicode assigns decimal digits (Numeric_Type=Decimal, coextensive with Nd) only in
/// contiguous runs of ten, 0 to 9 ascending; so a maximal run of Nd code points is a run of
/// whole systems that starts at a zero, and the zero of `c` is found by walking back to the
/// run's start. (The longest run, the mathematical digits U+1D7CE..U+1D7FF, is 50.)
pub(crate) fn digit_zero(c: char) -> Option<u32> {
    if c.is_ascii_digit() {
        return Some(u32::from('0'));
    }
    if general_category(c) != GeneralCategory::DecimalNumber {
        return None;
    }
    let cp = u32::from(c);
    let mut start = cp;
    while let Some(prev) = start.checked_sub(1).and_then(char::from_u32) {
        if general_category(prev) != GeneralCategory::DecimalNumber {
            break;
        }
        start -= 1;
    }
    Some(start + (cp - start) / 10 * 10)
}

/// Whether a decoded `c` must stay percent-encoded in a rendering because it would be
/// invisible, control the layout, or not be text: C0/C1 controls (Cc), format characters
/// (Cf), line and paragraph separators, private use, surrogates, unassigned code points,
/// Default_Ignorable_Code_Point and Bidi_Control.
pub(crate) fn is_hidden_or_control(c: char) -> bool {
    let gc = general_category(c);
    matches!(
        gc,
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
            | GeneralCategory::Unassigned
    ) || is_default_ignorable(c)
        || is_bidi_control(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_zeros() {
        assert_eq!(digit_zero('7'), Some(0x30));
        assert_eq!(digit_zero('\u{0663}'), Some(0x0660)); // ARABIC-INDIC DIGIT THREE
        assert_eq!(digit_zero('\u{06F5}'), Some(0x06F0)); // EXTENDED ARABIC-INDIC DIGIT FIVE
        assert_eq!(digit_zero('\u{1D7E1}'), Some(0x1D7D8)); // MATHEMATICAL DOUBLE-STRUCK NINE
        assert_eq!(digit_zero('a'), None);
        assert_eq!(digit_zero('\u{00BD}'), None); // VULGAR FRACTION ONE HALF: No, not Nd
    }

    #[test]
    fn properties() {
        assert!(is_default_ignorable('\u{200D}'));
        assert!(is_bidi_control('\u{202E}'));
        assert!(is_hidden_or_control('\u{0085}'));
        assert!(is_hidden_or_control('\u{3164}')); // HANGUL FILLER
        assert!(!is_hidden_or_control('é'));
        assert!(is_rtl('א') && is_rtl('ب') && !is_rtl('a'));
        assert!(is_mark('\u{0301}') && is_white_space('\u{3000}'));
    }
}
