//! The standard's [`URL`](https://url.spec.whatwg.org/#url-class) over [`weburl::Url`], the
//! parse-level exports (`canParse`, validation errors) and the batch forms.

use wasm_bindgen::prelude::{wasm_bindgen, JsValue};
use weburl::{ParseError, Url};

use crate::json;
use crate::params::WasmSearchParams;
use crate::Utf16Offsets;

/// Parses `input` against `base` as the `URL` constructor does: the base first (its failure
/// is the constructor's failure), then the input against it.
fn parse(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
    match base {
        Some(base) => Url::parse_with_base(input, &Url::parse(base)?),
        None => Url::parse(input),
    }
}

/// A parsed URL: the record behind one JavaScript `URL` object.
#[wasm_bindgen]
pub struct WasmUrl {
    url: Url,
}

#[wasm_bindgen]
impl WasmUrl {
    /// `new URL(input, base)`: the URL, or `undefined` when the parse (of the base or of the
    /// input) fails; [`parse_failure`] names the failure.
    pub fn parse(input: &str, base: Option<String>) -> Option<WasmUrl> {
        parse(input, base.as_deref())
            .ok()
            .map(|url| WasmUrl { url })
    }

    /// A copy (for `new URL(url)` of a parsed URL without a second parse).
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> WasmUrl {
        WasmUrl {
            url: self.url.clone(),
        }
    }

    /// `href`
    #[wasm_bindgen(getter)]
    pub fn href(&self) -> String {
        self.url.href().to_owned()
    }
    /// The `href` setter: `false` when the value does not parse (the wrapper throws a
    /// `TypeError`, as the standard's setter does).
    #[wasm_bindgen(js_name = setHref)]
    pub fn set_href(&mut self, value: &str) -> bool {
        self.url.set_href(value).is_ok()
    }
    /// `origin`
    #[wasm_bindgen(getter)]
    pub fn origin(&self) -> String {
        self.url.origin().to_string()
    }
    /// `protocol`
    #[wasm_bindgen(getter)]
    pub fn protocol(&self) -> String {
        self.url.protocol().to_owned()
    }
    /// The `protocol` setter (a value the standard ignores leaves the URL as it is).
    #[wasm_bindgen(js_name = setProtocol)]
    pub fn set_protocol(&mut self, value: &str) {
        let _ignored = self.url.set_protocol(value);
    }
    /// `username`
    #[wasm_bindgen(getter)]
    pub fn username(&self) -> String {
        self.url.username().to_owned()
    }
    /// The `username` setter.
    #[wasm_bindgen(js_name = setUsername)]
    pub fn set_username(&mut self, value: &str) {
        let _ignored = self.url.set_username(value);
    }
    /// `password`
    #[wasm_bindgen(getter)]
    pub fn password(&self) -> String {
        self.url.password().to_owned()
    }
    /// The `password` setter.
    #[wasm_bindgen(js_name = setPassword)]
    pub fn set_password(&mut self, value: &str) {
        let _ignored = self.url.set_password(value);
    }
    /// `host`
    #[wasm_bindgen(getter)]
    pub fn host(&self) -> String {
        self.url.host().to_owned()
    }
    /// The `host` setter.
    #[wasm_bindgen(js_name = setHost)]
    pub fn set_host(&mut self, value: &str) {
        let _ignored = self.url.set_host(value);
    }
    /// `hostname`
    #[wasm_bindgen(getter)]
    pub fn hostname(&self) -> String {
        self.url.hostname().to_owned()
    }
    /// The `hostname` setter.
    #[wasm_bindgen(js_name = setHostname)]
    pub fn set_hostname(&mut self, value: &str) {
        let _ignored = self.url.set_hostname(value);
    }
    /// `port`
    #[wasm_bindgen(getter)]
    pub fn port(&self) -> String {
        self.url.port().to_owned()
    }
    /// The `port` setter.
    #[wasm_bindgen(js_name = setPort)]
    pub fn set_port(&mut self, value: &str) {
        let _ignored = self.url.set_port(value);
    }
    /// `pathname`
    #[wasm_bindgen(getter)]
    pub fn pathname(&self) -> String {
        self.url.pathname().to_owned()
    }
    /// The `pathname` setter.
    #[wasm_bindgen(js_name = setPathname)]
    pub fn set_pathname(&mut self, value: &str) {
        let _ignored = self.url.set_pathname(value);
    }
    /// `search`
    #[wasm_bindgen(getter)]
    pub fn search(&self) -> String {
        self.url.search().to_owned()
    }
    /// The `search` setter.
    #[wasm_bindgen(js_name = setSearch)]
    pub fn set_search(&mut self, value: &str) {
        let _ignored = self.url.set_search(value);
    }
    /// `hash`
    #[wasm_bindgen(getter)]
    pub fn hash(&self) -> String {
        self.url.hash().to_owned()
    }
    /// The `hash` setter.
    #[wasm_bindgen(js_name = setHash)]
    pub fn set_hash(&mut self, value: &str) {
        let _ignored = self.url.set_hash(value);
    }

    /// The URL's query as a `URLSearchParams` list (the standard's "set this's query object's
    /// list to the result of parsing" the query).
    #[wasm_bindgen(js_name = searchParams)]
    pub fn search_params(&self) -> WasmSearchParams {
        WasmSearchParams::from(self.url.search_params())
    }

    /// The `URLSearchParams` object's update steps: the list serialized into the URL's query
    /// (a null query for an empty list).
    #[wasm_bindgen(js_name = setSearchParams)]
    pub fn set_search_params(&mut self, params: &WasmSearchParams) {
        let _ignored = self.url.set_search_params(params.inner());
    }

    /// The components' UTF-16 ranges in `href`, as a JSON object of `[start, end]` pairs (the
    /// viewer draws them).
    pub fn ranges(&self) -> String {
        let href = self.url.href();
        let mut out = String::from("{");
        let parts: [(&str, &str); 8] = [
            ("protocol", self.url.protocol()),
            ("username", self.url.username()),
            ("password", self.url.password()),
            ("hostname", self.url.hostname()),
            ("port", self.url.port()),
            ("pathname", self.url.pathname()),
            ("search", self.url.search()),
            ("hash", self.url.hash()),
        ];
        let mut first = true;
        let offsets = Utf16Offsets::new(href);
        for (name, value) in parts {
            if value.is_empty() {
                continue;
            }
            // Each getter's string is a slice of the serialization: its place is the
            // pointer difference, found without unsafe through the slice's range.
            let start = (value.as_ptr() as usize).wrapping_sub(href.as_ptr() as usize);
            if start > href.len() || href.get(start..start + value.len()) != Some(value) {
                continue;
            }
            json::key(&mut out, first, name);
            first = false;
            out.push_str(&format!(
                "[{},{}]",
                offsets.get(start),
                offsets.get(start + value.len())
            ));
        }
        out.push('}');
        out
    }

    /// The registrable domain of the URL's host (`undefined` without one).
    #[cfg(feature = "psl")]
    #[wasm_bindgen(js_name = registrableDomain)]
    pub fn registrable_domain(&self) -> Option<String> {
        self.url.registrable_domain().map(str::to_owned)
    }

    /// The public suffix of the URL's host (`undefined` without one).
    #[cfg(feature = "psl")]
    #[wasm_bindgen(js_name = publicSuffix)]
    pub fn public_suffix(&self) -> Option<String> {
        self.url.public_suffix().map(str::to_owned)
    }

    /// Whether the two URLs' origins are [same site](https://html.spec.whatwg.org/#same-site).
    #[cfg(feature = "psl")]
    #[wasm_bindgen(js_name = sameSite)]
    pub fn same_site(&self, other: &WasmUrl) -> bool {
        self.url.origin().same_site(&other.url.origin())
    }

    /// The display rendering of this URL as JSON: see `display` in the package.
    #[cfg(feature = "display")]
    pub fn display(&self, flags: u32, max_width: usize) -> String {
        crate::display::render(&self.url, flags, max_width)
    }
}

/// The failure of `new URL(input, base)` by its validation error's name (`"too-long"` for a
/// too-long input), or `undefined` when it parses.
#[wasm_bindgen(js_name = parseFailure)]
pub fn parse_failure(input: &str, base: Option<String>) -> Option<String> {
    parse(input, base.as_deref())
        .err()
        .map(|e| e.name().to_owned())
}

/// `URL.canParse(input, base)`: weburl's checking parser (no URL built), or without the
/// `validation` feature a parse whose URL is dropped (the same answer, one parser instance
/// less in the `.wasm`).
#[wasm_bindgen(js_name = canParse)]
pub fn can_parse(input: &str, base: Option<String>) -> bool {
    if cfg!(feature = "validation") {
        Url::can_parse(input, base.as_deref())
    } else {
        parse(input, base.as_deref()).is_ok()
    }
}

/// The validation errors of parsing `input` against `base`, as a JSON array of
/// `{name, failure, start, end}` with UTF-16 offsets in `input`. A base that fails is
/// reported as one entry with `"base": true` and its own range in `base`.
#[cfg(feature = "validation")]
#[wasm_bindgen(js_name = validationErrors)]
pub fn validation_errors(input: &str, base: Option<String>) -> String {
    let mut out = String::from("[");
    let base_url = match base.as_deref() {
        Some(b) => match Url::parse(b) {
            Ok(u) => Some(u),
            Err(e) => {
                let offsets = Utf16Offsets::new(b);
                push_error(&mut out, true, e.name(), true, &offsets, e.range());
                out.push(']');
                return out;
            }
        },
        None => None,
    };
    let mut options = Url::options();
    if let Some(b) = &base_url {
        options = options.base(b);
    }
    let (_, errors) = options.parse_with_error_list(input);
    let offsets = Utf16Offsets::new(input);
    for (i, e) in errors.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_error(
            &mut out,
            false,
            e.name(),
            e.failure,
            &offsets,
            e.range.clone(),
        );
    }
    out.push(']');
    out
}

#[cfg(feature = "validation")]
fn push_error(
    out: &mut String,
    base: bool,
    name: &str,
    failure: bool,
    offsets: &Utf16Offsets<'_>,
    range: core::ops::Range<usize>,
) {
    out.push('{');
    json::key(out, true, "name");
    json::string(out, name);
    json::key(out, false, "failure");
    out.push_str(if failure { "true" } else { "false" });
    json::key(out, false, "start");
    out.push_str(&offsets.get(range.start).to_string());
    json::key(out, false, "end");
    out.push_str(&offsets.get(range.end).to_string());
    if base {
        json::key(out, false, "base");
        out.push_str("true");
    }
    out.push('}');
}

/// `hrefs(array)`: each input parsed, its `href` or `null` for a failure; one boundary
/// crossing for the whole array.
#[wasm_bindgen]
pub fn hrefs(inputs: Vec<String>) -> Vec<JsValue> {
    batch(&inputs, |url| url.href())
}

/// `hostnames(array)`: each input's `hostname`, or `null`: see [`hrefs`].
#[wasm_bindgen]
pub fn hostnames(inputs: Vec<String>) -> Vec<JsValue> {
    batch(&inputs, |url| url.hostname())
}

fn batch(inputs: &[String], get: impl Fn(&Url) -> &str) -> Vec<JsValue> {
    inputs
        .iter()
        .map(|input| match Url::parse(input) {
            Ok(url) => JsValue::from_str(get(&url)),
            Err(_) => JsValue::NULL,
        })
        .collect()
}
