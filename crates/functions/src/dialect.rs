//! Other engines' URL function names on weburl's parser: ClickHouse, Trino, BigQuery and
//! Spark. An engine registers them when asked (`register_dialect` in DataFusion,
//! `weburl_dialect` names in DuckDB); each [`Function`] says what it returns, its engine's
//! documented example with weburl's answer, and where the two differ.
//!
//! Every function returns `None` (NULL) for an input that is not a valid URL and for a
//! component the URL does not have, as the `url_*` functions do; BigQuery's functions first
//! try the input as a URL without a scheme (`http://` prepended), as BigQuery accepts one.
//!
//! ```
//! use weburl_functions::dialect::{self, Value};
//!
//! let f = dialect::function("cutToFirstSignificantSubdomain").unwrap();
//! assert_eq!(f.call(&["https://news.clickhouse.com.tr/"]), Ok(Some(Value::Str("clickhouse.com.tr".into()))));
//! let f = dialect::function("net_reg_domain").unwrap();
//! // The ICANN section only, as BigQuery: github.io is a private suffix.
//! assert_eq!(f.call(&["https://a.github.io/"]), Ok(Some(Value::Str("github.io".into()))));
//! ```

use core::fmt;
use weburl::psl::{List, Sections};
use weburl::Url;

/// An engine whose URL function names weburl can register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// ClickHouse's URL functions (`domain`, `cutToFirstSignificantSubdomain`, ...).
    ClickHouse,
    /// Trino's URL functions (`url_extract_host`, ...).
    Trino,
    /// BigQuery's `NET` functions, as `net_host`, `net_reg_domain`, `net_public_suffix`.
    BigQuery,
    /// Spark's `parse_url` and `try_parse_url`.
    Spark,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 4] = [
        Dialect::ClickHouse,
        Dialect::Trino,
        Dialect::BigQuery,
        Dialect::Spark,
    ];

    /// The dialect's name: `clickhouse`, `trino`, `bigquery` or `spark`.
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::ClickHouse => "clickhouse",
            Dialect::Trino => "trino",
            Dialect::BigQuery => "bigquery",
            Dialect::Spark => "spark",
        }
    }

    /// The dialect's functions.
    pub fn functions(self) -> impl Iterator<Item = &'static Function> {
        FUNCTIONS.iter().filter(move |f| f.dialect == Some(self))
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Dialect {
    type Err = String;

    /// A dialect by its [`name`](Dialect::name), ASCII case-insensitive.
    fn from_str(s: &str) -> Result<Dialect, String> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown dialect '{s}'; expected clickhouse, trino, bigquery or spark")
            })
    }
}

pub use crate::catalogue::{Function, Type, Value};

/// What a dialect function computes (the `op` of its record).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Op {
    Scheme,
    Hostname,
    HostnameWithoutWww,
    TopLevelDomain,
    FirstSignificantSubdomain,
    RegistrableDomain,
    RegistrableDomainWithWww,
    PortOrZero,
    Port,
    Pathname,
    PathFull,
    Query,
    Fragment,
    QueryAndFragment,
    Parameter,
    Parameters,
    ParameterNames,
    Hierarchy,
    PathHierarchy,
    CutWww,
    CutQuery,
    CutFragment,
    CutQueryAndFragment,
    CutParameter,
    EncodeComponent,
    DecodeComponent,
    Netloc,
    FormEncode,
    FormDecode,
    BqHost,
    BqRegDomain,
    BqPublicSuffix,
    ParseUrl { strict: bool },
}

/// The function registered under `name` (ASCII case-insensitive).
pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name.eq_ignore_ascii_case(name))
}

/// Every dialect function.
pub fn functions() -> impl Iterator<Item = &'static Function> {
    FUNCTIONS.iter()
}

fn s(v: &str) -> Option<Value> {
    Some(Value::Str(v.to_owned()))
}

fn strip_www(host: &str) -> &str {
    host.strip_prefix("www.").unwrap_or(host)
}

/// The query's `&`-separated pieces that are not empty, as written in the URL.
fn query_pieces(url: &Url) -> impl Iterator<Item = &str> {
    url.query()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
}

/// The URL without its fragment, cut after each run of `/` or `?` from the path on
/// (ClickHouse's URLHierarchy), or only the path part (`path_only`).
fn hierarchy(url: &Url, path_only: bool) -> Option<Vec<String>> {
    if url.has_opaque_path() {
        return None;
    }
    let href = url.href();
    let end = href.len() - url.hash().len();
    let start = end - url.pathname().len() - url.search().len();
    let text = href.get(..end)?;
    let tail = text.get(start..)?.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tail.len() {
        if matches!(tail.get(i), Some(b'/' | b'?')) {
            while matches!(tail.get(i), Some(b'/' | b'?')) {
                i += 1;
            }
            let cut = text.get(..start + i)?;
            let piece = if path_only { cut.get(start..)? } else { cut };
            if !(path_only && piece == "/") {
                out.push(piece.to_owned());
            }
        } else {
            i += 1;
        }
    }
    if !matches!(tail.last(), Some(b'/' | b'?') | None) {
        let piece = if path_only { text.get(start..)? } else { text };
        out.push(piece.to_owned());
    }
    Some(out)
}

fn form_decode(v: &str) -> String {
    crate::percent_decode(&v.replace('+', " ")).into_owned()
}

/// BigQuery accepts a URL without a scheme: `http://` is prepended when the input alone is
/// not a URL.
fn bq_parse(input: &str) -> Option<Url> {
    crate::parse(input).or_else(|| {
        let rest = input.trim_start_matches('/');
        crate::parse(&format!("http://{rest}"))
    })
}

impl Op {
    /// The function applied to its arguments (one string each, none NULL); `Err` for the
    /// error Spark's `parse_url` raises on an invalid URL.
    pub(crate) fn call(self, args: &[&str]) -> Result<Option<Value>, String> {
        let first = args.first().copied().unwrap_or("");
        let second = args.get(1).copied();
        let op = self;
        match op {
            Op::EncodeComponent => {
                return Ok(s(&crate::percent_encode(
                    first,
                    crate::EncodeSet::Component,
                )))
            }
            Op::DecodeComponent => return Ok(s(&crate::percent_decode(first))),
            Op::FormEncode => {
                let pair = weburl::form::serialize([(first, "")]);
                return Ok(s(pair.strip_suffix('=').unwrap_or(&pair)));
            }
            Op::FormDecode => return Ok(Some(Value::Str(form_decode(first)))),
            Op::BqHost | Op::BqRegDomain | Op::BqPublicSuffix => {
                let Some(url) = bq_parse(first) else {
                    return Ok(None);
                };
                return Ok(match op {
                    Op::BqHost => Some(url.hostname()).filter(|h| !h.is_empty()).and_then(s),
                    Op::BqRegDomain => url
                        .registrable_domain_in(List::compiled(), Sections::IcannOnly)
                        .and_then(s),
                    _ => url
                        .public_suffix_in(List::compiled(), Sections::IcannOnly)
                        .and_then(s),
                });
            }
            Op::ParseUrl { strict } => return parse_url(first, second, args.get(2), strict),
            _ => {}
        }
        let Some(url) = crate::parse(first) else {
            return Ok(None);
        };
        let url = &url;
        Ok(match op {
            Op::Scheme => s(url.scheme()),
            Op::Hostname => s(url.hostname()),
            Op::HostnameWithoutWww => s(strip_www(url.hostname())),
            Op::TopLevelDomain => match url.host_kind() {
                Some(weburl::HostKind::Domain | weburl::HostKind::Opaque) => {
                    let host = url.hostname();
                    let host = host.strip_suffix('.').unwrap_or(host);
                    host.rsplit('.')
                        .next()
                        .filter(|l| !l.is_empty())
                        .and_then(s)
                }
                _ => None,
            },
            Op::FirstSignificantSubdomain => url
                .registrable_domain()
                .and_then(|d| d.split('.').next())
                .and_then(s),
            Op::RegistrableDomain => url.registrable_domain().and_then(s),
            Op::RegistrableDomainWithWww => url.registrable_domain().and_then(|d| {
                let host = url.hostname();
                if host.strip_prefix("www.") == Some(d) {
                    s(host)
                } else {
                    s(d)
                }
            }),
            Op::PortOrZero => Some(Value::Int(url.port_number().map_or(0, i64::from))),
            Op::Port => url.port_number().map(|p| Value::Int(i64::from(p))),
            Op::Pathname => s(url.pathname()),
            Op::PathFull => s(&format!("{}{}{}", url.pathname(), url.search(), url.hash())),
            Op::Query => url.query().and_then(s),
            Op::Fragment => url.fragment().and_then(s),
            Op::QueryAndFragment => match (url.query(), url.fragment()) {
                (None, None) => None,
                (q, f) => s(&format!(
                    "{}{}",
                    q.unwrap_or(""),
                    f.map(|f| format!("#{f}")).unwrap_or_default()
                )),
            },
            Op::Parameter => second
                .and_then(|name| crate::query_param(url, name))
                .map(|v| Value::Str(v.into_owned())),
            Op::Parameters => Some(Value::List(query_pieces(url).map(str::to_owned).collect())),
            Op::ParameterNames => Some(Value::List(
                query_pieces(url)
                    .map(|p| p.split('=').next().unwrap_or("").to_owned())
                    .collect(),
            )),
            Op::Hierarchy => hierarchy(url, false).map(Value::List),
            Op::PathHierarchy => hierarchy(url, true).map(Value::List),
            Op::CutWww => {
                let mut copy = url.clone();
                let host = url.hostname();
                if host.starts_with("www.") && copy.set_hostname(strip_www(host)).is_err() {
                    return Ok(None);
                }
                s(copy.href())
            }
            Op::CutQuery | Op::CutFragment | Op::CutQueryAndFragment => {
                let mut copy = url.clone();
                if !matches!(op, Op::CutFragment) {
                    let _ = copy.set_search("");
                }
                if !matches!(op, Op::CutQuery) {
                    let _ = copy.set_hash("");
                }
                s(copy.href())
            }
            Op::CutParameter => {
                let Some(name) = second else { return Ok(None) };
                let kept: Vec<&str> = query_pieces(url)
                    .filter(|p| form_decode(p.split('=').next().unwrap_or("")) != name)
                    .collect();
                let mut copy = url.clone();
                let _ = copy.set_search(&kept.join("&"));
                s(copy.href())
            }
            Op::Netloc => {
                let userinfo = match (url.username(), url.password()) {
                    ("", "") => String::new(),
                    (u, "") => format!("{u}@"),
                    (u, p) => format!("{u}:{p}@"),
                };
                s(&format!("{userinfo}{}", url.host()))
            }
            _ => None,
        })
    }
}

/// Spark's `parse_url(url, part [, key])`.
fn parse_url(
    input: &str,
    part: Option<&str>,
    key: Option<&&str>,
    strict: bool,
) -> Result<Option<Value>, String> {
    let Some(url) = crate::parse(input) else {
        return if strict {
            Err(format!(
                "parse_url: '{input}' is not a valid URL (try_parse_url gives NULL)"
            ))
        } else {
            Ok(None)
        };
    };
    let Some(part) = part else { return Ok(None) };
    if let Some(key) = key {
        if part != "QUERY" {
            return Ok(None);
        }
        return Ok(crate::query_param(&url, key).map(|v| Value::Str(v.into_owned())));
    }
    let nonempty = |v: &str| Some(v).filter(|v| !v.is_empty()).and_then(s);
    Ok(match part {
        "HOST" => nonempty(url.hostname()),
        "PATH" => s(url.pathname()),
        "QUERY" => url.query().and_then(s),
        "REF" => url.fragment().and_then(s),
        "PROTOCOL" => s(url.scheme()),
        "FILE" => s(&format!("{}{}", url.pathname(), url.search())),
        "AUTHORITY" => {
            let userinfo = match (url.username(), url.password()) {
                ("", "") => String::new(),
                (u, "") => format!("{u}@"),
                (u, p) => format!("{u}:{p}@"),
            };
            nonempty(&format!("{userinfo}{}", url.host()))
        }
        "USERINFO" => match (url.username(), url.password()) {
            ("", "") => None,
            (u, "") => s(u),
            (u, p) => s(&format!("{u}:{p}")),
        },
        _ => None,
    })
}

mod table;
pub(crate) use table::FUNCTIONS;

#[cfg(test)]
mod tests;
