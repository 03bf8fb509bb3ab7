//! The standard's [`URLSearchParams`](https://url.spec.whatwg.org/#urlsearchparams) list over
//! [`weburl::SearchParams`]; the wrapper links it to its `URL` (the update steps).

use wasm_bindgen::prelude::{wasm_bindgen, JsValue};
use weburl::SearchParams;

/// A `URLSearchParams` object's list.
#[wasm_bindgen]
pub struct WasmSearchParams {
    params: SearchParams,
}

impl From<SearchParams> for WasmSearchParams {
    fn from(params: SearchParams) -> Self {
        WasmSearchParams { params }
    }
}

impl WasmSearchParams {
    /// The list.
    pub(crate) fn inner(&self) -> &SearchParams {
        &self.params
    }
}

#[wasm_bindgen]
impl WasmSearchParams {
    /// `new URLSearchParams(string)`: a leading `?` is dropped, the rest parsed as
    /// `application/x-www-form-urlencoded`.
    pub fn parse(init: &str) -> WasmSearchParams {
        WasmSearchParams {
            params: SearchParams::parse(init),
        }
    }
    /// `new URLSearchParams(pairs)`: names and values alternate in `flat`.
    #[wasm_bindgen(js_name = fromFlat)]
    pub fn from_flat(flat: Vec<String>) -> WasmSearchParams {
        let mut params = SearchParams::new();
        let mut it = flat.into_iter();
        while let (Some(name), Some(value)) = (it.next(), it.next()) {
            params.append(name, value);
        }
        WasmSearchParams { params }
    }
    /// `size`
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.params.len()
    }
    /// `append(name, value)`
    pub fn append(&mut self, name: String, value: String) {
        self.params.append(name, value);
    }
    /// `delete(name)`
    pub fn delete(&mut self, name: &str) {
        self.params.delete(name);
    }
    /// `delete(name, value)`
    #[wasm_bindgen(js_name = deleteWithValue)]
    pub fn delete_with_value(&mut self, name: &str, value: &str) {
        self.params.delete_with_value(name, value);
    }
    /// `get(name)`: `null` when absent.
    pub fn get(&self, name: &str) -> Option<String> {
        self.params.get(name).map(str::to_owned)
    }
    /// `getAll(name)`
    #[wasm_bindgen(js_name = getAll)]
    pub fn get_all(&self, name: &str) -> Vec<String> {
        self.params.get_all(name).map(str::to_owned).collect()
    }
    /// `has(name)`
    pub fn has(&self, name: &str) -> bool {
        self.params.has(name)
    }
    /// `has(name, value)`
    #[wasm_bindgen(js_name = hasWithValue)]
    pub fn has_with_value(&self, name: &str, value: &str) -> bool {
        self.params.has_with_value(name, value)
    }
    /// `set(name, value)`
    pub fn set(&mut self, name: String, value: String) {
        self.params.set(name, value);
    }
    /// `sort()`
    pub fn sort(&mut self) {
        self.params.sort();
    }
    /// The list as names and values alternating (for iteration).
    pub fn flat(&self) -> Vec<JsValue> {
        self.params
            .as_pairs()
            .iter()
            .flat_map(|(n, v)| [JsValue::from_str(n), JsValue::from_str(v)])
            .collect()
    }
    /// `toString()`: the `application/x-www-form-urlencoded` serialization.
    #[wasm_bindgen(js_name = toString)]
    pub fn serialize(&self) -> String {
        self.params.to_string()
    }
}
