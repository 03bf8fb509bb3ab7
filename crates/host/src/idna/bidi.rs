//! The Bidi rule of [RFC 5893 section 2](https://www.rfc-editor.org/rfc/rfc5893#section-2),
//! UTS 46 validity criterion 9 (*CheckBidi*).

use idna_adapter::{
    Adapter, FIRST_BC_MASK, LAST_LTR_MASK, LAST_RTL_MASK, MIDDLE_LTR_MASK, MIDDLE_RTL_MASK,
    RTL_MASK,
};

/// Whether `label` contains a character with Bidi_Class R, AL or AN: a domain name with such
/// a label is a "Bidi domain name" (RFC 5893 section 1.4).
pub(crate) fn has_rtl(adapter: &Adapter, label: &str) -> bool {
    label
        .chars()
        .any(|c| !c.is_ascii() && adapter.bidi_class(c).to_mask().intersects(RTL_MASK))
}

/// Whether `label` satisfies the six conditions of the Bidi rule. The empty label has no
/// characters to violate them.
pub(crate) fn satisfies_bidi_rule(adapter: &Adapter, label: &str) -> bool {
    let mut chars = label.chars();
    let Some(first) = chars.next() else {
        return true;
    };
    // "1. The first character must be a character with Bidi property L, R, or AL. If it has
    // the R or AL property, it is an RTL label; if it has the L property, it is an LTR
    // label."
    let first_class = adapter.bidi_class(first);
    if !first_class.to_mask().intersects(FIRST_BC_MASK) {
        return false;
    }
    // The last character that is not NSM ("followed by zero or more characters with Bidi
    // property NSM"); the first character is not NSM, so there is one.
    let last_class = label
        .chars()
        .rev()
        .map(|c| adapter.bidi_class(c))
        .find(|bc| !bc.is_nonspacing_mark())
        .unwrap_or(first_class);
    if first_class.is_ltr() {
        // "5. In an LTR label, only characters with the Bidi properties L, EN, ES, CS, ET,
        // ON, BN, or NSM are allowed."
        // "6. In an LTR label, the end of the label must be a character with Bidi property L
        // or EN, followed by zero or more characters with Bidi property NSM."
        chars.all(|c| adapter.bidi_class(c).to_mask().intersects(MIDDLE_LTR_MASK))
            && last_class.to_mask().intersects(LAST_LTR_MASK)
    } else {
        // "2. In an RTL label, only characters with the Bidi properties R, AL, AN, EN, ES,
        // CS, ET, ON, BN, or NSM are allowed."
        // "4. In an RTL label, if an EN is present, no AN may be present, and vice versa."
        let mut has_en = false;
        let mut has_an = false;
        for c in chars {
            let bc = adapter.bidi_class(c);
            if !bc.to_mask().intersects(MIDDLE_RTL_MASK) {
                return false;
            }
            has_en |= bc.is_european_number();
            has_an |= bc.is_arabic_number();
        }
        // "3. In an RTL label, the end of the label must be a character with Bidi property
        // R, AL, EN, or AN, followed by zero or more characters with Bidi property NSM."
        !(has_en && has_an) && last_class.to_mask().intersects(LAST_RTL_MASK)
    }
}
