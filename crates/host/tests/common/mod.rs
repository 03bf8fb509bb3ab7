//! Shared by the WPT runners: emulates what the URL parser does with `https://{input}/x`
//! up to the host parser, then runs this crate's host parser.
//!
//! The URL parser first removes ASCII tab and newline from the whole string (leading and
//! trailing C0 controls and spaces cannot occur, the string starts with `https` and ends with
//! `/x`). In the authority state the authority ends at `/`, `?`, `#` or `\` (https is
//! special); a `@` in it makes everything before the last `@` credentials. In the host state
//! a `:` outside `[...]` starts the port, which must be digits and at most 65535; an empty
//! host fails (host-missing). The rest is handed to the host parser with *isOpaque* false,
//! which percent-decodes. This is exactly the URL parser's behaviour for these inputs, so the
//! expected outputs apply unchanged; WPT's IdnaTestV2 runner additionally percent-encodes
//! `:/?#\` in the input so that they reach the host parser (done by the caller).

use weburl_host::{parse_host, parse_host_into, HostError};

/// The URL's host (hostname plus any non-default port) and hostname, or `None` for failure.
pub fn https_host(input: &str) -> Result<Option<(String, String)>, String> {
    let url: String = format!("https://{input}/x")
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let after_scheme = &url["https://".len()..];
    let authority_end = after_scheme
        .find(['/', '?', '#', '\\'])
        .unwrap_or(after_scheme.len());
    let authority = &after_scheme[..authority_end];
    let host_and_port = match authority.rfind('@') {
        Some(at) => &authority[at + 1..],
        None => authority,
    };
    let mut in_brackets = false;
    let mut colon = None;
    for (i, c) in host_and_port.char_indices() {
        match c {
            '[' => in_brackets = true,
            ']' => in_brackets = false,
            ':' if !in_brackets => {
                colon = Some(i);
                break;
            }
            _ => {}
        }
    }
    let (host, port) = match colon {
        Some(i) => (&host_and_port[..i], &host_and_port[i + 1..]),
        None => (host_and_port, ""),
    };
    if host.is_empty() {
        return Ok(None);
    }
    if !port.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let port_number = if port.is_empty() {
        None
    } else {
        match port.trim_start_matches('0').parse::<u32>() {
            Ok(p) if p <= 65535 => Some(p),
            Err(_) if port.trim_start_matches('0').is_empty() => Some(0),
            _ => return Ok(None),
        }
    };
    let hostname = parse_checked(host)?;
    Ok(hostname.map(|hostname| {
        let host = match port_number {
            Some(p) if p != 443 => format!("{hostname}:{p}"),
            _ => hostname.clone(),
        };
        (host, hostname)
    }))
}

/// Runs the host parser with and without an error sink and checks they agree: same result,
/// the same serialization from `parse_host` and `parse_host_into`, and on failure the
/// returned error is the last one reported, with `failure` set.
fn parse_checked(host: &str) -> Result<Option<String>, String> {
    let quiet = parse_host(host, false, &mut ());
    let mut errors: Vec<HostError> = Vec::new();
    let loud = parse_host(host, false, &mut errors);
    if quiet != loud {
        return Err(format!("result depends on the sink: {quiet:?} vs {loud:?}"));
    }
    let mut out = String::from("prefix");
    let into = parse_host_into(host, false, &mut out, &mut ());
    match (&loud, into) {
        (Ok(h), Ok(kind)) => {
            if h.kind() != kind || out != format!("prefix{h}") {
                return Err(format!("parse_host_into gave {out:?} ({kind:?}) for {h:?}"));
            }
        }
        (Err(e), Err(e2)) => {
            if out != "prefix" {
                return Err(format!("parse_host_into changed out on failure: {out:?}"));
            }
            if *e != e2 || !e.failure || errors.last() != Some(e) {
                return Err(format!(
                    "bad failure error {e:?} / {e2:?}, reported {errors:?}"
                ));
            }
        }
        (a, b) => return Err(format!("parse_host {a:?} vs parse_host_into {b:?}")),
    }
    if errors
        .iter()
        .any(|e| e.range.end > host.len() || e.range.start > e.range.end)
    {
        return Err(format!("error range outside the input: {errors:?}"));
    }
    Ok(loud.ok().map(|h| h.to_string()))
}

/// Checks one `{input, output}` case: `output` null means the URL must fail to parse.
pub fn check(input: &str, output: Option<&str>) -> Result<(), String> {
    let got = https_host(input)?;
    match (output, got) {
        (None, None) => Ok(()),
        (None, Some((host, _))) => Err(format!("expected failure, got {host:?}")),
        (Some(expected), None) => Err(format!("expected {expected:?}, got failure")),
        (Some(expected), Some((host, hostname))) => {
            weburl_wpt::check_eq("host", expected, &host)?;
            weburl_wpt::check_eq("hostname", expected, &hostname)
        }
    }
}
