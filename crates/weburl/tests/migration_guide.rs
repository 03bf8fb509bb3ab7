//! The migration guide's tables (docs/migrating-from-url.md) name only weburl items that
//! exist: every code span in the `weburl` column of a table must be in [`known`], a list in
//! which each name comes with a reference to the item, so that the list does not compile if an
//! item it names is missing. (The guide's examples run as doctests of the facade.)

use std::collections::BTreeSet;
use std::process::ExitCode;
use std::str::FromStr;

use weburl_wpt::Runner;

use weburl::{
    BuildError, Host, OpaqueOrigin, Origin, ParseError, ParseErrorKind, ParseOptions,
    PathSegmentsMut, PathStyle, Position, QueryPairsMut, SearchParams, Url, UrlBuilder,
    ValidationErrorKind,
};

/// `name => reference`: each reference is compiled (and evaluated, to nothing).
macro_rules! known {
    ($($name:literal => $item:expr),* $(,)?) => {{
        let mut names = BTreeSet::new();
        $(
            let _ = $item;
            names.insert($name);
        )*
        names
    }};
}

fn implements<T: ?Sized>() {}

fn known() -> BTreeSet<&'static str> {
    known! {
        "Url::parse" => Url::parse,
        "Url::parse_with_params" => Url::parse_with_params::<[(&str, &str); 0], &str, &str>,
        "Url::join" => Url::join,
        "Url::options" => Url::options,
        "ParseOptions::base" => ParseOptions::base,
        "ParseOptions::encoding" => ParseOptions::encoding,
        "ParseOptions::validation_errors" => ParseOptions::validation_errors::<Vec<weburl::ValidationError>>,
        "ParseOptions::parse" => ParseOptions::parse,
        "ValidationErrorKind" => ValidationErrorKind::InvalidUrlUnit,
        "impl FromStr" => <Url as FromStr>::from_str,
        "impl TryFrom<&str>" => <Url as TryFrom<&str>>::try_from,
        "Url::builder" => Url::builder,
        "UrlBuilder::build" => UrlBuilder::build,
        "Url::parse_utf16" => Url::parse_utf16,
        "Url::parse_utf16_with_base" => Url::parse_utf16_with_base,
        "Url::can_parse" => Url::can_parse,
        "Url::as_str" => Url::as_str,
        "Url::into_string" => Url::into_string,
        "impl Display" => <Url as std::fmt::Display>::fmt,
        "impl Debug" => <Url as std::fmt::Debug>::fmt,
        "impl AsRef<str>" => <Url as AsRef<str>>::as_ref,
        "impl Ord" => <Url as Ord>::cmp,
        "impl Hash" => <Url as std::hash::Hash>::hash::<std::collections::hash_map::DefaultHasher>,
        "Position" => Position::AfterPath,
        "impl Index<Range<Position>>" => <Url as std::ops::Index<std::ops::Range<Position>>>::index,
        "Url::position" => Url::position,
        "impl Serialize" => {
            #[cfg(feature = "serde")]
            implements::<dyn erased::Serialize>();
        },
        "Url::scheme" => Url::scheme,
        "Url::is_special" => Url::is_special,
        "Url::has_authority" => Url::has_authority,
        "Url::authority" => Url::authority,
        "Url::cannot_be_a_base" => Url::cannot_be_a_base,
        "Url::username" => Url::username,
        "Url::password" => Url::password,
        "Url::has_host" => Url::has_host,
        "Url::host_str" => Url::host_str,
        "Url::host_parsed" => Url::host_parsed,
        "Url::domain" => Url::domain,
        "Url::port_number" => Url::port_number,
        "Url::port_or_known_default" => Url::port_or_known_default,
        "Url::socket_addrs" => |u: &Url| u.socket_addrs(|| None),
        "Url::path" => Url::path,
        "Url::path_segments" => Url::path_segments,
        "Url::query" => Url::query,
        "Url::query_pairs" => Url::query_pairs,
        "Url::fragment" => Url::fragment,
        "Url::origin" => Url::origin,
        "Url::make_relative" => Url::make_relative,
        "Url::set_fragment" => Url::set_fragment,
        "Url::set_query" => Url::set_query,
        "Url::query_pairs_mut" => Url::query_pairs_mut,
        "Url::set_path" => Url::set_path,
        "Url::path_segments_mut" => Url::path_segments_mut,
        "Url::set_port_number" => Url::set_port_number,
        "Url::set_hostname" => Url::set_hostname,
        "Url::set_ip_host" => Url::set_ip_host,
        "Url::set_password" => Url::set_password,
        "Url::set_username" => Url::set_username,
        "Url::set_scheme" => Url::set_scheme,
        "Url::set_href" => Url::set_href,
        "Url::set_search" => Url::set_search,
        "Url::set_hash" => Url::set_hash,
        "Url::set_search_params" => Url::set_search_params,
        "Url::from_file_path" => Url::from_file_path::<&str>,
        "Url::from_directory_path" => Url::from_directory_path::<&str>,
        "Url::to_file_path" => Url::to_file_path,
        "Url::from_file_path_with" => |p: &str| Url::from_file_path_with(p, PathStyle::Unix),
        "Url::from_directory_path_with" => |p: &str| Url::from_directory_path_with(p, PathStyle::Unix),
        "Url::to_file_path_with" => Url::to_file_path_with,
        "PathStyle" => PathStyle::NATIVE,
        "PathSegmentsMut::clear" => PathSegmentsMut::clear,
        "PathSegmentsMut::pop_if_empty" => PathSegmentsMut::pop_if_empty,
        "PathSegmentsMut::pop" => PathSegmentsMut::pop,
        "PathSegmentsMut::push" => PathSegmentsMut::push,
        "PathSegmentsMut::extend" => PathSegmentsMut::extend::<[&str; 0]>,
        "PathSegmentsMut::finish" => PathSegmentsMut::finish,
        "QueryPairsMut" => implements::<QueryPairsMut<'static>>,
        "QueryPairsMut::append_pair" => QueryPairsMut::append_pair,
        "QueryPairsMut::append_key_only" => QueryPairsMut::append_key_only,
        "QueryPairsMut::extend_pairs" => QueryPairsMut::extend_pairs::<[(&str, &str); 0], &str, &str>,
        "QueryPairsMut::extend_keys" => QueryPairsMut::extend_keys::<[&str; 0], &str>,
        "QueryPairsMut::clear" => QueryPairsMut::clear,
        "QueryPairsMut::finish" => QueryPairsMut::finish,
        "weburl::form::serialize_with_encoding" => weburl::form::serialize_with_encoding::<[(&str, &str); 0], &str, &str>,
        "Host" => Host::<String>::Empty,
        "weburl::host::parse_host" => weburl::host::parse_host::<()>,
        "Host::as_borrowed" => Host::<String>::as_borrowed,
        "Host::serialize_into" => Host::<String>::serialize_into,
        "Host::equals" => Host::<String>::equals::<&str>,
        "Origin" => implements::<Origin>,
        "Origin::new_opaque" => Origin::new_opaque,
        "Origin::is_tuple" => Origin::is_tuple,
        "Origin::ascii_serialization" => Origin::ascii_serialization,
        "Origin::unicode_serialization" => Origin::unicode_serialization,
        "OpaqueOrigin" => OpaqueOrigin::new,
        "ParseError::kind" => ParseError::kind,
        "ParseErrorKind" => ParseErrorKind::TooLong,
        "Url::href" => Url::href,
        "Url::protocol" => Url::protocol,
        "Url::set_protocol" => Url::set_protocol,
        "Url::hostname" => Url::hostname,
        "Url::pathname" => Url::pathname,
        "Url::set_pathname" => Url::set_pathname,
        "Url::search" => Url::search,
        "Url::hash" => Url::hash,
        "Url::set_with_errors" => Url::set_with_errors::<()>,
        "weburl::host::domain_to_ascii" => weburl::host::domain_to_ascii::<()>,
        "weburl::host::domain_to_unicode" => weburl::host::domain_to_unicode,
        "weburl::host::is_valid_domain" => weburl::host::is_valid_domain,
        "weburl::form::parse_iter" => weburl::form::parse_iter,
        "weburl::form::Parse" => implements::<weburl::form::Parse<'static>>,
        "weburl::form::parse" => weburl::form::parse,
        "weburl::form::serialize" => weburl::form::serialize::<[(&str, &str); 0], &str, &str>,
        "weburl::form::serialize_into" => weburl::form::serialize_into::<[(&str, &str); 0], &str, &str>,
        "weburl::percent::percent_encode_bytes_into" => weburl::percent::percent_encode_bytes_into,
        "SearchParams" => SearchParams::new,
        "weburl::percent::AsciiSet" => implements::<weburl::percent::AsciiSet>,
        "weburl::percent::AsciiSet::add" => weburl::percent::AsciiSet::add,
        "weburl::percent::AsciiSet::remove" => weburl::percent::AsciiSet::remove,
        "weburl::percent::C0_CONTROL" => &weburl::percent::C0_CONTROL,
        "weburl::percent::APPLICATION_X_WWW_FORM_URLENCODED" => &weburl::percent::APPLICATION_X_WWW_FORM_URLENCODED,
        "weburl::percent::PATH" => &weburl::percent::PATH,
        "weburl::percent::QUERY" => &weburl::percent::QUERY,
        "weburl::percent::USERINFO" => &weburl::percent::USERINFO,
        "weburl::percent::COMPONENT" => &weburl::percent::COMPONENT,
        "weburl::percent::utf8_percent_encode" => weburl::percent::utf8_percent_encode,
        "weburl::percent::percent_encode_byte" => weburl::percent::percent_encode_byte,
        "weburl::percent::percent_decode" => weburl::percent::percent_decode,
        "weburl::percent::percent_decode_str" => weburl::percent::percent_decode_str,
        "weburl::percent::percent_decode_utf8_lossy" => weburl::percent::percent_decode_utf8_lossy,
        "BuildError" => BuildError::InvalidScheme,
    }
}

#[cfg(feature = "serde")]
mod erased {
    /// `dyn`-compatible stand-in proving `Url: serde::Serialize`.
    pub trait Serialize {}
    impl<T: serde::Serialize> Serialize for T {}
    const _: fn() = || {
        fn check<T: serde::Serialize>() {}
        check::<weburl::Url>();
    };
}

/// The cells of a table row, split on `|` not escaped as `\|`.
fn cells(line: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut prev = ' ';
    for c in line.trim().chars() {
        if c == '|' && prev != '\\' {
            cells.push(String::new());
        } else if let Some(cell) = cells.last_mut() {
            cell.push(c);
        }
        prev = c;
    }
    cells
        .into_iter()
        .skip(1)
        .map(|c| c.trim().to_owned())
        .collect()
}

fn code_spans(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// Every code span of the `weburl` column (and every `weburl::` path in the notes), as a case
/// named by the row's first cell and the name: it passes when the name is known.
fn main() -> ExitCode {
    let text = include_str!("../../../docs/migrating-from-url.md");
    let known = known();
    let mut runner = Runner::new("docs/migrating-from-url.md: weburl names in the tables");
    let (mut rows, mut in_weburl_table) = (0, false);
    for line in text.lines() {
        if !line.starts_with('|') {
            in_weburl_table = false;
            continue;
        }
        let row = cells(line);
        if row.iter().all(|c| c.chars().all(|ch| ch == '-')) {
            continue;
        }
        if row.get(1).is_some_and(|c| c == "weburl") {
            in_weburl_table = true;
            continue;
        }
        if !in_weburl_table {
            continue;
        }
        rows += 1;
        let first = row.first().map(String::as_str).unwrap_or_default();
        let weburl = row.get(1).map(String::as_str).unwrap_or_default();
        if weburl != "—" && !weburl.starts_with("— ") && code_spans(weburl).is_empty() {
            runner.case(
                format!("row {first}"),
                Err("names neither an item nor —".into()),
            );
        }
        let notes = row.get(2).map(String::as_str).unwrap_or_default();
        let in_notes = code_spans(notes)
            .into_iter()
            .filter(|n| n.starts_with("weburl::"));
        for name in code_spans(weburl).into_iter().chain(in_notes) {
            let outcome = if known.contains(name) {
                Ok(())
            } else {
                Err("no such item in the list of real references".to_owned())
            };
            runner.case(format!("{first}: {name}"), outcome);
        }
    }
    println!("migration guide: {rows} table rows");
    if rows < 100 {
        runner.case("the tables", Err(format!("only {rows} rows found")));
    }
    // The list refers to live items; a few spot checks that they behave as the guide says.
    let url = Url::from_str("https://example.com/a").ok();
    let spot = url.is_some_and(|u| {
        u.path() == u.pathname() && u.host_str() == Some("example.com") && !u.cannot_be_a_base()
    });
    runner.case(
        "spot checks",
        if spot { Ok(()) } else { Err("failed".into()) },
    );
    runner.finish()
}
