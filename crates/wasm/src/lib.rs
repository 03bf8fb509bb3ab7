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

/// The UTF-16 offset of byte offset `byte` of `s` (the number of UTF-16 code units before it).
/// A byte offset inside a character counts that character as before it.
pub(crate) fn utf16_offset(s: &str, byte: usize) -> usize {
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
