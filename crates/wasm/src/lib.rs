//! weburl for JavaScript through WebAssembly: the exports the npm package `weburl`
//! (`js/weburl.js`) wraps in the standard's `URL` and `URLSearchParams` classes and friends.
//!
//! Every rule lives in the Rust crates; this crate only crosses the boundary. Strings come in
//! as wasm-bindgen's `&str`: its `TextEncoder.encodeInto` is the Web IDL
//! [conversion to a USVString](https://webidl.spec.whatwg.org/#es-USVString) (each lone
//! surrogate becomes U+FFFD), the conversion the `URL` constructor's arguments go through.
//! Offsets handed back (validation error ranges, component ranges) are UTF-16 code unit
//! offsets in that string, which are the offsets in the caller's JavaScript string too (a
//! lone surrogate and its U+FFFD are one code unit each).
//!
//! Results with structure (error lists, renderings, pattern matches) cross as one JSON text,
//! parsed once by the wrapper.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod json;
mod params;
mod url;

#[cfg(feature = "canon")]
mod canon;
#[cfg(feature = "display")]
mod display;
#[cfg(feature = "pattern")]
mod pattern;

pub use params::WasmSearchParams;
pub use url::WasmUrl;

#[cfg(feature = "pattern")]
pub use pattern::WasmPattern;

use wasm_bindgen::prelude::wasm_bindgen;

/// The package's features, as a JSON array of names: which exports this build has.
#[wasm_bindgen(js_name = features)]
pub fn features() -> String {
    let mut names: Vec<&str> = Vec::new();
    if cfg!(feature = "psl") {
        names.push("psl");
    }
    if cfg!(feature = "display") {
        names.push("display");
    }
    if cfg!(feature = "pattern") {
        names.push("pattern");
    }
    if cfg!(feature = "canon") {
        names.push("canon");
    }
    if cfg!(feature = "validation") {
        names.push("validation");
    }
    let mut out = String::from("[");
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json::string(&mut out, n);
    }
    out.push(']');
    out
}

/// Byte offsets of one string to UTF-16 offsets (the number of UTF-16 code units before a
/// byte offset; a byte offset inside a character counts that character as before it), each
/// in constant time: an ASCII string's offsets are its byte offsets, any other string's come
/// from a table built with one walk. Converting many offsets of one string (a validation
/// error per tab in a long input) thus stays linear.
pub(crate) struct Utf16Offsets<'a> {
    s: &'a str,
    /// `table[b]` is the UTF-16 offset of byte offset `b` (`s.len() + 1` entries); empty for
    /// an ASCII string.
    table: Vec<usize>,
}

impl<'a> Utf16Offsets<'a> {
    pub(crate) fn new(s: &'a str) -> Self {
        let mut table = Vec::new();
        if !s.is_ascii() {
            table.reserve(s.len() + 1);
            let mut units = 0;
            for c in s.chars() {
                table.push(units);
                units += c.len_utf16();
                for _ in 1..c.len_utf8() {
                    table.push(units);
                }
            }
            table.push(units);
        }
        Utf16Offsets { s, table }
    }

    /// The UTF-16 offset of byte offset `byte` (clamped to the string's length).
    pub(crate) fn get(&self, byte: usize) -> usize {
        let byte = byte.min(self.s.len());
        if self.table.is_empty() {
            byte
        } else {
            self.table[byte]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Utf16Offsets;

    /// The definition: a walk from the start.
    fn walk(s: &str, byte: usize) -> usize {
        let byte = byte.min(s.len());
        let mut units = 0;
        for (i, c) in s.char_indices() {
            if i >= byte {
                break;
            }
            units += c.len_utf16();
        }
        units
    }

    #[test]
    fn utf16_offsets_match_a_walk_from_the_start() {
        for s in [
            "",
            "abc",
            "a\u{e9}b",
            "\u{1f600}x\u{20ac}",
            "\u{10ffff}",
            "x\t\u{e9}\t",
        ] {
            let offsets = Utf16Offsets::new(s);
            for byte in 0..=s.len() + 2 {
                assert_eq!(offsets.get(byte), walk(s, byte), "{s:?} at {byte}");
            }
        }
    }
}
