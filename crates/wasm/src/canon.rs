//! The canonical keys of weburl-canon: SURT, SSURT and Safe Browsing's canonical URL and
//! lookup expressions. `Err` is the message the wrapper throws as a `TypeError`.

use wasm_bindgen::prelude::wasm_bindgen;

/// The [SURT](https://github.com/internetarchive/surt) form of `input`.
#[wasm_bindgen]
pub fn surt(input: &str) -> Result<String, String> {
    weburl_canon::surt::surt(input).map_err(|e| e.to_string())
}

/// The SSURT form of `input`.
#[wasm_bindgen]
pub fn ssurt(input: &str) -> Result<String, String> {
    weburl_canon::ssurt::ssurt(input).map_err(|e| e.to_string())
}

/// Safe Browsing's canonical form of `input`.
#[wasm_bindgen(js_name = safeBrowsing)]
pub fn safe_browsing(input: &str) -> Result<String, String> {
    weburl_canon::safe_browsing::canonicalize(input).map_err(|e| e.to_string())
}

/// Safe Browsing's lookup expressions (host suffix / path prefix combinations) of `input`.
#[wasm_bindgen(js_name = safeBrowsingExpressions)]
pub fn safe_browsing_expressions(input: &str) -> Result<Vec<String>, String> {
    weburl_canon::safe_browsing::expressions(input).map_err(|e| e.to_string())
}
