//! WPT `urlpattern/resources/urlpatterntestdata.json`, run as WPT's
//! `urlpattern/resources/urlpatterntestdata.js` harness runs it: the constructor (or its
//! error), each component's pattern string (with the harness's defaults for components the
//! case leaves out), `test()` and `exec()` (or their error), the inputs and each component's
//! input and groups (a JSON null group is undefined: an unmatched optional group).

use std::process::ExitCode;

use weburl::Url;
use weburl_pattern::{
    ComponentName, MatchInput, UrlPattern, UrlPatternInit, UrlPatternInput, UrlPatternOptions,
};
use weburl_wpt::{load, Runner, Value};

/// Cases that cannot pass by design. None: every case passes.
const EXPECTED_FAILURES: &[&str] = &[];

fn init_from(v: &Value) -> Result<UrlPatternInit, String> {
    let obj = v.as_object().ok_or("not an object")?;
    let field = |k: &str| -> Result<Option<String>, String> {
        match obj.get(k) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(format!("{k} is not a string: {other}")),
        }
    };
    Ok(UrlPatternInit {
        protocol: field("protocol")?,
        username: field("username")?,
        password: field("password")?,
        hostname: field("hostname")?,
        port: field("port")?,
        pathname: field("pathname")?,
        search: field("search")?,
        hash: field("hash")?,
        base_url: field("baseURL")?,
    })
}

/// An argument list `[input, baseURL?]` of test()/exec() or the first two of the
/// constructor: a string or an init, then a string base.
enum Arg {
    Str(String),
    Init(UrlPatternInit),
}

impl Arg {
    fn input(&self) -> UrlPatternInput<'_> {
        match self {
            Arg::Str(s) => UrlPatternInput::String(s),
            Arg::Init(i) => UrlPatternInput::Init(i),
        }
    }
}

fn arg(v: &Value) -> Result<Arg, String> {
    match v {
        Value::String(s) => Ok(Arg::Str(s.clone())),
        Value::Object(_) => Ok(Arg::Init(init_from(v)?)),
        other => Err(format!("unexpected argument {other}")),
    }
}

/// `new URLPattern(...args)`, with WebIDL's overload resolution: `(input, options)` when the
/// second argument is an object and there is no third, else `(input, baseURL, options)`,
/// where a non-string base is stringified and a non-object options is a TypeError. `Err`: the
/// constructor throws.
fn construct(args: &[Value]) -> Result<UrlPattern, String> {
    let input = match args.first() {
        Some(v) => arg(v)?,
        None => Arg::Init(UrlPatternInit::default()),
    };
    let options_from = |v: Option<&Value>| -> Result<UrlPatternOptions, String> {
        match v {
            None => Ok(UrlPatternOptions::default()),
            Some(Value::Object(o)) => Ok(UrlPatternOptions {
                ignore_case: o
                    .get("ignoreCase")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
            }),
            Some(other) => Err(format!("TypeError: options {other} is not a dictionary")),
        }
    };
    let (base, options) = match (args.get(1), args.get(2)) {
        (Some(Value::Object(_)), None) => (None, options_from(args.get(1))?),
        (Some(Value::String(b)), third) => (Some(b.clone()), options_from(third)?),
        (Some(_), third) => (Some("[object Object]".to_owned()), options_from(third)?),
        (None, _) => (None, UrlPatternOptions::default()),
    };
    UrlPattern::new(input.input(), base.as_deref(), options).map_err(|e| e.to_string())
}

/// The harness's EARLIER_COMPONENTS.
fn earlier(c: ComponentName) -> &'static [&'static str] {
    match c {
        ComponentName::Protocol | ComponentName::Username | ComponentName::Password => &[],
        ComponentName::Hostname => &["protocol"],
        ComponentName::Port => &["protocol", "hostname"],
        ComponentName::Pathname => &["protocol", "hostname", "port"],
        ComponentName::Search => &["protocol", "hostname", "port", "pathname"],
        ComponentName::Hash => &["protocol", "hostname", "port", "pathname", "search"],
    }
}

fn url_getter(url: &Url, c: ComponentName) -> String {
    match c {
        ComponentName::Protocol => url.scheme().to_owned(),
        ComponentName::Username => url.username().to_owned(),
        ComponentName::Password => url.password().to_owned(),
        ComponentName::Hostname => url.hostname().to_owned(),
        ComponentName::Port => url.port().to_owned(),
        ComponentName::Pathname => url.pathname().to_owned(),
        ComponentName::Search => url.search().get(1..).unwrap_or_default().to_owned(),
        ComponentName::Hash => url.hash().get(1..).unwrap_or_default().to_owned(),
    }
}

fn listed(v: Option<&Value>, name: &str) -> bool {
    v.and_then(Value::as_array)
        .is_some_and(|a| a.iter().any(|x| x.as_str() == Some(name)))
}

fn run_case(case: &Value) -> Result<(), String> {
    let pattern_args = case["pattern"].as_array().ok_or("no pattern")?;
    let built = construct(pattern_args);
    let expected_obj = case.get("expected_obj");
    if expected_obj.and_then(Value::as_str) == Some("error") {
        return match built {
            Err(_) => Ok(()),
            Ok(p) => Err(format!(
                "constructor succeeded (pathname {:?})",
                p.pathname()
            )),
        };
    }
    let pattern = built.map_err(|e| format!("constructor failed: {e}"))?;
    let empty = case.get("exactly_empty_components");
    let first = pattern_args.first();
    let first_obj = first.and_then(Value::as_object);
    for c in ComponentName::ALL {
        let name = c.name();
        let expected = if let Some(s) = expected_obj
            .and_then(|o| o.get(name))
            .and_then(Value::as_str)
        {
            s.to_owned()
        } else {
            let base = if let Some(b) = first_obj
                .and_then(|o| o.get("baseURL"))
                .and_then(Value::as_str)
            {
                Some(b)
            } else {
                pattern_args.get(1).and_then(Value::as_str)
            };
            let base = base.map(|b| Url::parse(b).map_err(|e| format!("base {b}: {e}")));
            if listed(empty, name) {
                String::new()
            } else if let Some(s) = first_obj
                .and_then(|o| o.get(name))
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
            {
                s.to_owned()
            } else if first_obj.is_some_and(|o| earlier(c).iter().any(|e| o.contains_key(*e))) {
                "*".to_owned()
            } else if let (Some(base), false) = (
                base,
                matches!(c, ComponentName::Username | ComponentName::Password),
            ) {
                url_getter(&base?, c)
            } else {
                "*".to_owned()
            }
        };
        let actual = pattern.pattern_string(c);
        if actual != expected {
            return Err(format!(
                "pattern.{name}: expected {expected:?}, got {actual:?}"
            ));
        }
    }
    let Some(inputs) = case.get("inputs").and_then(Value::as_array) else {
        return Ok(());
    };
    let input = match inputs.first() {
        Some(v) => arg(v)?,
        None => Arg::Init(UrlPatternInit::default()),
    };
    let base = inputs.get(1).and_then(Value::as_str);
    let expected_match = case.get("expected_match").unwrap_or(&Value::Null);
    let tested = pattern.test(input.input(), base);
    let executed = pattern.exec(input.input(), base);
    if expected_match.as_str() == Some("error") {
        return match (tested, executed) {
            (Err(_), Err(_)) => Ok(()),
            (t, e) => Err(format!(
                "expected errors, got test {t:?}, exec {:?}",
                e.is_ok()
            )),
        };
    }
    let tested = tested.map_err(|e| format!("test() failed: {e}"))?;
    let executed = executed.map_err(|e| format!("exec() failed: {e}"))?;
    let expected_obj = expected_match.as_object();
    if tested != expected_obj.is_some() {
        return Err(format!(
            "test(): expected {}, got {tested}",
            expected_obj.is_some()
        ));
    }
    let Some(expected_obj) = expected_obj else {
        return match executed {
            None => Ok(()),
            Some(r) => Err(format!("exec(): expected null, got {r:?}")),
        };
    };
    let result = executed.ok_or("exec(): null")?;
    let expected_inputs = expected_obj
        .get("inputs")
        .and_then(Value::as_array)
        .unwrap_or(inputs);
    if result.inputs.len() != expected_inputs.len() {
        return Err(format!("exec().inputs: {:?}", result.inputs));
    }
    for (got, want) in result.inputs.iter().zip(expected_inputs) {
        let ok = match (got, arg(want)?) {
            (MatchInput::String(a), Arg::Str(b)) => *a == b,
            (MatchInput::Init(a), Arg::Init(b)) => *a == b,
            _ => false,
        };
        if !ok {
            return Err(format!("exec().inputs: {got:?} vs {want}"));
        }
    }
    for c in ComponentName::ALL {
        let name = c.name();
        let got = result.component(c);
        let (want_input, want_groups) = match expected_obj.get(name) {
            Some(o) => (
                o.get("input")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned(),
                o.get("groups")
                    .and_then(Value::as_object)
                    .map(|g| {
                        g.iter()
                            .map(|(k, v)| (k.clone(), v.as_str().map(str::to_owned)))
                            .collect::<Vec<_>>()
                    })
                    .unwrap_or_default(),
            ),
            None => (
                String::new(),
                if listed(empty, name) {
                    Vec::new()
                } else {
                    vec![("0".to_owned(), Some(String::new()))]
                },
            ),
        };
        if got.input != want_input {
            return Err(format!(
                "exec().{name}.input: expected {want_input:?}, got {:?}",
                got.input
            ));
        }
        let mut g = got.groups.clone();
        let mut w = want_groups;
        g.sort();
        w.sort();
        if g != w {
            return Err(format!("exec().{name}.groups: expected {w:?}, got {g:?}"));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let data = load("urlpatterntestdata.json");
    let mut runner = Runner::new("urlpatterntestdata.json").expected_failures(EXPECTED_FAILURES);
    for case in data.as_array().into_iter().flatten() {
        let name = format!(
            "Pattern: {} Inputs: {}",
            case["pattern"],
            case.get("inputs").unwrap_or(&Value::Null)
        );
        runner.case(name, run_case(case));
    }
    runner.finish()
}
