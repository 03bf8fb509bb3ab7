//! The functions on WPT's urltestdata.json: for every case, `join(base, input)` (or `parse`
//! without a base), `is_valid`, `error` and every [`Component`] compared with the case's
//! expected values. A case is `<function> <input> against <base>`; the summary line says
//! `urltestdata.json (functions): N passed, M failed`.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use std::process::ExitCode;

use weburl_functions::{Component, Url};
use weburl_wpt::{check_eq, Runner, Value};

fn expected_field(case: &Value, component: Component) -> Option<String> {
    let name = match component {
        Component::Href => "href",
        Component::Origin => "origin",
        Component::Protocol => "protocol",
        Component::Username => "username",
        Component::Password => "password",
        Component::Host => "host",
        Component::Hostname => "hostname",
        Component::Pathname => "pathname",
        Component::Search => "search",
        Component::Hash => "hash",
        _ => return None,
    };
    case[name].as_str().map(str::to_owned)
}

fn check_url(
    case: &Value,
    url: &Url,
    input: &str,
    base: Option<&str>,
) -> Vec<(String, Result<(), String>)> {
    let mut scratch = String::new();
    let mut out = Vec::new();
    for component in Component::ALL {
        let name = component.function_name();
        let outcome = if component.is_integer() {
            let expected_port = case["port"].as_str().unwrap_or("");
            let expected = match component {
                Component::Port => expected_port.parse::<i32>().ok(),
                _ => url.port_or_default().map(i32::from),
            };
            if component.integer(url) == expected {
                Ok(())
            } else {
                Err(format!("{:?} != {expected:?}", component.integer(url)))
            }
        } else if let Some(expected) = expected_field(case, component) {
            match component.string(url, &mut scratch) {
                Some(actual) => check_eq(component.name(), &expected, actual),
                None => Err(format!("{} is NULL", component.name())),
            }
        } else {
            // No expected value in the data: the facade's answer.
            let origin = url.origin().to_string();
            let facade = match component {
                Component::Origin => Some(origin.as_str()),
                Component::HostKind => url.host_kind().map(weburl_functions::host_kind_name),
                Component::PublicSuffix => url.public_suffix(),
                Component::RegistrableDomain => url.registrable_domain(),
                _ => None,
            };
            let actual = component.string(url, &mut scratch);
            if actual == facade {
                Ok(())
            } else {
                Err(format!("{actual:?} != facade {facade:?}"))
            }
        };
        out.push((format!("{name} {input:?} against {base:?}"), outcome));
        // The one-call form agrees with the parse-once form (no base only).
        if base.is_none() {
            let once = if component.is_integer() {
                component.integer_of(input).map(|p| p.to_string())
            } else {
                component.string_of(input)
            };
            let parsed = if component.is_integer() {
                component.integer(url).map(|p| p.to_string())
            } else {
                component.string(url, &mut scratch).map(str::to_owned)
            };
            let outcome = if once == parsed {
                Ok(())
            } else {
                Err(format!("{once:?} != {parsed:?}"))
            };
            out.push((format!("{name}_of {input:?}"), outcome));
        }
    }
    out
}

fn main() -> ExitCode {
    let data = weburl_wpt::load("urltestdata.json");
    let mut runner = Runner::new("urltestdata.json (functions)");
    for case in data
        .as_array()
        .into_iter()
        .flatten()
        .filter(|v| v.is_object())
    {
        let input = case["input"].as_str().unwrap_or_default();
        let base = case["base"].as_str();
        let failure = case["failure"].as_bool().unwrap_or(false);
        let parsed = match base {
            Some(base) => weburl_functions::join(base, input),
            None => weburl_functions::parse(input),
        };
        let valid = weburl_functions::is_valid(input, base);
        let error = weburl_functions::error(input, base);
        let name = format!("{input:?} against {base:?}");
        runner.case(
            format!("url_is_valid {name}"),
            if valid != failure {
                Ok(())
            } else {
                Err(format!("is_valid {valid}"))
            },
        );
        runner.case(
            format!("url_error {name}"),
            if error.is_some() == failure {
                Ok(())
            } else {
                Err(format!("error {error:?}"))
            },
        );
        match (parsed, failure) {
            (None, true) => runner.case(format!("parse {name}"), Ok(())),
            (Some(url), false) => {
                for (case_name, outcome) in check_url(case, &url, input, base) {
                    runner.case(case_name, outcome);
                }
            }
            (Some(url), true) => runner.case(
                format!("parse {name}"),
                Err(format!("parsed as {}", url.href())),
            ),
            (None, false) => runner.case(format!("parse {name}"), Err("failed".into())),
        }
    }
    runner.finish()
}
