//! [UTS 46](https://www.unicode.org/reports/tr46/) (Unicode IDNA Compatibility Processing)
//! as the URL Standard uses it, on top of the Unicode data of `idna_adapter`.

mod bidi;
mod contextj;
mod uts46;

pub(crate) use uts46::{process, Output};

/// The Unicode data: UTS 46 mapping and NFC from `icu_normalizer`, Bidi_Class, Joining_Type
/// and General_Category from `icu_properties`, all compiled into the binary.
pub(crate) fn adapter() -> &'static idna_adapter::Adapter {
    static ADAPTER: idna_adapter::Adapter = idna_adapter::Adapter::new();
    &ADAPTER
}
