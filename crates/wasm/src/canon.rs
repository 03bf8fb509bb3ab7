//! The canonical keys of weburl-canon: SURT, SSURT, Safe Browsing's canonical URL and
//! lookup expressions, urlcanon's `semantic` and `aggressive` rule sets and ClearURLs-style
//! tracking removal. `Err` is the message the wrapper throws as a `TypeError`.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::wasm_bindgen;
use weburl_canon::tracking::Rules;

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

/// urlcanon's `semantic` form of `input`.
#[wasm_bindgen]
pub fn semantic(input: &str) -> Result<String, String> {
    weburl_canon::urlcanon::semantic(input).map_err(|e| e.to_string())
}

/// urlcanon's `aggressive` form of `input`.
#[wasm_bindgen]
pub fn aggressive(input: &str) -> Result<String, String> {
    weburl_canon::urlcanon::aggressive(input).map_err(|e| e.to_string())
}

thread_local! {
    /// The last rules text given to [`strip_tracking`] and its compiled rules (wasm is
    /// single-threaded: one cache), so that a text passed again is not compiled again.
    static RULES: RefCell<Option<(String, Rc<Rules>)>> = const { RefCell::new(None) };
}

/// The compiled rules of `text`, from the cache when it is the last text given.
fn rules(text: &str) -> Result<Rc<Rules>, String> {
    RULES.with(|cache| {
        if let Some((cached, rules)) = &*cache.borrow() {
            if cached == text {
                return Ok(Rc::clone(rules));
            }
        }
        let rules = Rc::new(Rules::from_json(text.as_bytes()).map_err(|e| e.to_string())?);
        *cache.borrow_mut() = Some((text.to_owned(), Rc::clone(&rules)));
        Ok(rules)
    })
}

/// `input` without the tracking fields of `rules` (ClearURLs' JSON format; `None`: the
/// built-in list).
#[wasm_bindgen(js_name = stripTracking)]
pub fn strip_tracking(input: &str, rules_json: Option<String>) -> Result<String, String> {
    let result = match rules_json {
        None => weburl_canon::tracking::strip_tracking(input, Rules::builtin()),
        Some(text) => weburl_canon::tracking::strip_tracking(input, &*rules(&text)?),
    };
    result.map_err(|e| e.to_string())
}
