//! The standard's [`URLPattern`](https://urlpattern.spec.whatwg.org/#urlpattern) over
//! [`weburl_pattern::UrlPattern`]. A `URLPatternInit` crosses as its nine members (`''` for
//! an absent one) and a bitmask of the present ones (bit `i` for member `i`); a result
//! crosses as one JSON text.

use wasm_bindgen::prelude::wasm_bindgen;
use weburl_pattern::{
    ComponentName, Error, MatchInput, UrlPattern, UrlPatternInit, UrlPatternOptions,
    UrlPatternResult,
};

use crate::json;

/// A compiled `URLPattern`.
#[wasm_bindgen]
pub struct WasmPattern {
    pattern: UrlPattern,
}

/// A `URLPatternInit` from its members: protocol, username, password, hostname, port,
/// pathname, search, hash, baseURL (the wrapper's order).
fn init(members: Vec<String>, present: u32) -> UrlPatternInit {
    let mut it = members.into_iter().enumerate().map(|(i, v)| {
        if present & (1 << i) != 0 {
            Some(v)
        } else {
            None
        }
    });
    let mut next = || it.next().flatten();
    UrlPatternInit {
        protocol: next(),
        username: next(),
        password: next(),
        hostname: next(),
        port: next(),
        pathname: next(),
        search: next(),
        hash: next(),
        base_url: next(),
    }
}

/// The error as a string the wrapper throws as a `TypeError`'s message.
fn message(e: Error) -> String {
    e.to_string()
}

#[wasm_bindgen]
impl WasmPattern {
    /// `new URLPattern(string, baseURL, options)`; `Err` is the `TypeError`'s message.
    #[wasm_bindgen(js_name = fromString)]
    pub fn from_string(
        input: &str,
        base: Option<String>,
        ignore_case: bool,
    ) -> Result<WasmPattern, String> {
        UrlPattern::new(input, base.as_deref(), UrlPatternOptions { ignore_case })
            .map(|pattern| WasmPattern { pattern })
            .map_err(message)
    }

    /// `new URLPattern(init, options)`: `members` as [`init`] reads them, `present` a bit per
    /// member given.
    #[wasm_bindgen(js_name = fromInit)]
    pub fn from_init(
        members: Vec<String>,
        present: u32,
        ignore_case: bool,
    ) -> Result<WasmPattern, String> {
        UrlPattern::new(
            &init(members, present),
            None,
            UrlPatternOptions { ignore_case },
        )
        .map(|pattern| WasmPattern { pattern })
        .map_err(message)
    }

    /// A component's pattern string, by the standard's name (`"pathname"`, ...).
    pub fn component(&self, name: &str) -> String {
        ComponentName::from_name(name)
            .map(|n| self.pattern.pattern_string(n).to_owned())
            .unwrap_or_default()
    }

    /// `hasRegExpGroups`
    #[wasm_bindgen(js_name = hasRegExpGroups)]
    pub fn has_regexp_groups(&self) -> bool {
        self.pattern.has_regexp_groups()
    }

    /// `test(string, baseURL)`
    #[wasm_bindgen(js_name = testString)]
    pub fn test_string(&self, input: &str, base: Option<String>) -> Result<bool, String> {
        self.pattern.test(input, base.as_deref()).map_err(message)
    }

    /// `test(init)`
    #[wasm_bindgen(js_name = testInit)]
    pub fn test_init(&self, members: Vec<String>, present: u32) -> Result<bool, String> {
        self.pattern
            .test(&init(members, present), None)
            .map_err(message)
    }

    /// `exec(string, baseURL)` as JSON (`null` for no match).
    #[wasm_bindgen(js_name = execString)]
    pub fn exec_string(&self, input: &str, base: Option<String>) -> Result<String, String> {
        self.pattern
            .exec(input, base.as_deref())
            .map(|r| result_json(r.as_ref()))
            .map_err(message)
    }

    /// `exec(init)` as JSON (`null` for no match).
    #[wasm_bindgen(js_name = execInit)]
    pub fn exec_init(&self, members: Vec<String>, present: u32) -> Result<String, String> {
        self.pattern
            .exec(&init(members, present), None)
            .map(|r| result_json(r.as_ref()))
            .map_err(message)
    }
}

/// A `URLPatternResult` as JSON: `inputs` (strings, or init objects) and one
/// `{input, groups}` per component; an unmatched optional group is absent from `groups`'
/// JSON and restored as `undefined` by the wrapper from `undefinedGroups`.
fn result_json(result: Option<&UrlPatternResult>) -> String {
    let Some(result) = result else {
        return "null".to_owned();
    };
    let mut out = String::from("{\"inputs\":[");
    for (i, input) in result.inputs.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match input {
            MatchInput::String(s) => json::string(&mut out, s),
            MatchInput::Init(init) => {
                out.push('{');
                let mut first = true;
                for name in ComponentName::ALL {
                    if let Some(v) = &init[name] {
                        json::key(&mut out, first, name.name());
                        json::string(&mut out, v);
                        first = false;
                    }
                }
                if let Some(b) = &init.base_url {
                    json::key(&mut out, first, "baseURL");
                    json::string(&mut out, b);
                }
                out.push('}');
            }
        }
    }
    out.push(']');
    for name in ComponentName::ALL {
        let c = result.component(name);
        json::key(&mut out, false, name.name());
        out.push('{');
        json::key(&mut out, true, "input");
        json::string(&mut out, &c.input);
        json::key(&mut out, false, "groups");
        out.push('{');
        let mut first = true;
        for (group, value) in &c.groups {
            if let Some(v) = value {
                json::key(&mut out, first, group);
                json::string(&mut out, v);
                first = false;
            }
        }
        out.push('}');
        json::key(&mut out, false, "undefinedGroups");
        json::strings(
            &mut out,
            c.groups
                .iter()
                .filter(|(_, v)| v.is_none())
                .map(|(g, _)| g.as_str()),
        );
        out.push('}');
    }
    out.push('}');
    out
}
