//! The CONTEXTJ rules of [RFC 5892 Appendix A.1 and A.2](https://www.rfc-editor.org/rfc/rfc5892#appendix-A.1),
//! UTS 46 validity criterion 8 (*CheckJoiners*).

use idna_adapter::{Adapter, LEFT_OR_DUAL_JOINING_MASK, RIGHT_OR_DUAL_JOINING_MASK};

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';

/// Whether every U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER of `label`
/// satisfies its CONTEXTJ rule.
///
/// The scans to either side of a ZWNJ stop at the first non-transparent character, so each
/// run of transparent characters is scanned at most twice: linear in the label length.
pub(crate) fn satisfies_contextj(adapter: &Adapter, label: &str) -> bool {
    for (i, c) in label.char_indices() {
        if c != ZWNJ && c != ZWJ {
            continue;
        }
        let before = label.get(..i).unwrap_or_default();
        let after = label.get(i + c.len_utf8()..).unwrap_or_default();
        // "If Canonical_Combining_Class(Before(cp)) .eq. Virama Then True;"
        if before
            .chars()
            .next_back()
            .is_some_and(|b| adapter.is_virama(b))
        {
            continue;
        }
        if c == ZWJ {
            // A.2: "If Canonical_Combining_Class(Before(cp)) .eq. Virama Then True;" only.
            return false;
        }
        // A.1: "If RegExpMatch((Joining_Type:{L,D})(Joining_Type:T)*\u200C
        // (Joining_Type:T)*(Joining_Type:{R,D})) Then True;"
        let left_ok = before
            .chars()
            .rev()
            .map(|b| adapter.joining_type(b))
            .find(|jt| !jt.is_transparent())
            .is_some_and(|jt| jt.to_mask().intersects(LEFT_OR_DUAL_JOINING_MASK));
        let right_ok = left_ok
            && after
                .chars()
                .map(|a| adapter.joining_type(a))
                .find(|jt| !jt.is_transparent())
                .is_some_and(|jt| jt.to_mask().intersects(RIGHT_OR_DUAL_JOINING_MASK));
        if !right_ok {
            return false;
        }
    }
    true
}
