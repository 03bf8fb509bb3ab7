//! [ada](https://github.com/ada-url/ada)'s API rules, for the bindings that offer it as a
//! drop-in (the C API's `ada_c.h` and Python's `weburl.ada`): which setter calls ada reports
//! as refused, and ada's numbers for host and scheme types. Feature `ada`.
//!
//! These are ada's answers where they differ from the standard's `URL` class only in how a
//! result is reported; the URL itself is always the standard's.
//!
//! ```
//! use weburl::{ada, Setter, Url};
//! let mut url = Url::parse("https://example.org/").unwrap();
//! // The standard sets the host and ignores the bad port after it; ada reports success.
//! assert!(ada::set(&mut url, Setter::Host, "example.com:invalid"));
//! assert_eq!(url.href(), "https://example.com/");
//! assert!(!ada::set(&mut url, Setter::Port, "x"));
//! assert_eq!((ada::host_type(&url), ada::scheme_type(&url)), (0, 2));
//! ```

use crate::{HostKind, SchemeType, Setter, SetterError, Url, ValidationErrorKind};

/// ada's `url_host_type`: 0 a domain, an opaque or empty host, or no host; 1 an IPv4
/// address; 2 an IPv6 address.
pub fn host_type(url: &Url) -> u8 {
    match url.host_kind() {
        Some(HostKind::Ipv4) => 1,
        Some(HostKind::Ipv6) => 2,
        _ => 0,
    }
}

/// ada's `scheme::type`: 0 http, 1 not special, 2 https, 3 ws, 4 ftp, 5 wss, 6 file.
pub fn scheme_type(url: &Url) -> u8 {
    match url.scheme_type() {
        SchemeType::Http => 0,
        SchemeType::NotSpecial => 1,
        SchemeType::Https => 2,
        SchemeType::Ws => 3,
        SchemeType::Ftp => 4,
        SchemeType::Wss => 5,
        SchemeType::File => 6,
    }
}

/// Runs `setter` on `url` with `value` as the standard says and returns what ada's setter
/// returns: `false` where ada reports the value refused (the URL is then unchanged), `true`
/// otherwise. Where they differ from whether the standard's setter refused anything:
///
/// - `host`: `true` when the host was set and only a port after it was ignored
///   (`"example.com:invalid"`, `"example.com:65536"`);
/// - `protocol`: `true` for a value that is empty once tabs and newlines are removed (nothing
///   changes);
/// - `port`: `true` for a non-empty value of tabs and newlines only (nothing changes);
/// - `search` and `hash`: always `true` (ada's setters return nothing).
pub fn set(url: &mut Url, setter: Setter, value: &str) -> bool {
    let result = match setter {
        Setter::Href => return url.set_href(value).is_ok(),
        _ => url.set(setter, value),
    };
    match (setter, result) {
        (_, Ok(())) | (Setter::Search | Setter::Hash, Err(_)) => true,
        (Setter::Host, Err(e)) => matches!(
            e,
            SetterError::InvalidPort | SetterError::Invalid(ValidationErrorKind::PortOutOfRange)
        ),
        (Setter::Protocol, Err(_)) => blank(value),
        (Setter::Port, Err(SetterError::CannotHaveUsernamePasswordPort)) => false,
        (Setter::Port, Err(_)) => !value.is_empty() && blank(value),
        (_, Err(_)) => false,
    }
}

/// Whether `value` is empty once ASCII tabs and newlines are removed (what the basic URL
/// parser removes first).
fn blank(value: &str) -> bool {
    value.bytes().all(|b| matches!(b, b'\t' | b'\n' | b'\r'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn host_and_scheme_type_numbers() {
        let cases = [
            ("http://example.org/", 0, 0),
            ("foo://h/", 0, 1),
            ("https://192.0.2.1/", 1, 2),
            ("ws://[::1]/", 2, 3),
            ("ftp://h/", 0, 4),
            ("wss://h/", 0, 5),
            ("file:///a", 0, 6),
            ("mailto:a@b", 0, 1),
        ];
        for (input, host, scheme) in cases {
            let u = url(input);
            assert_eq!((host_type(&u), scheme_type(&u)), (host, scheme), "{input}");
        }
    }

    #[test]
    fn host_with_an_ignored_port_is_set() {
        for value in ["example.com:invalid", "example.com:65536"] {
            let mut u = url("https://example.org:8080/");
            assert!(set(&mut u, Setter::Host, value), "{value}");
            assert_eq!(u.href(), "https://example.com:8080/");
        }
        // The same host again: nothing changes, and ada still reports success.
        let mut u = url("https://example.org/");
        assert!(set(&mut u, Setter::Host, "example.org:invalid"));
        assert!(!set(&mut u, Setter::Host, "exa mple.org"));
        assert_eq!(u.href(), "https://example.org/");
    }

    #[test]
    fn protocol_and_port_of_tabs_and_newlines_succeed() {
        let mut u = url("https://example.org:8080/");
        assert!(set(&mut u, Setter::Protocol, ""));
        assert!(set(&mut u, Setter::Protocol, "\t\n"));
        assert!(!set(&mut u, Setter::Protocol, "1x"));
        assert!(set(&mut u, Setter::Port, "\t"));
        assert!(!set(&mut u, Setter::Port, "x"));
        assert_eq!(u.href(), "https://example.org:8080/");
        assert!(set(&mut u, Setter::Port, ""));
        assert_eq!(u.href(), "https://example.org/");
        let mut file = url("file:///a");
        assert!(!set(&mut file, Setter::Port, ""));
        assert!(!set(&mut file, Setter::Port, "\t"));
    }

    #[test]
    fn search_and_hash_always_succeed_and_href_must_parse() {
        let mut u = url("https://example.org/");
        assert!(set(&mut u, Setter::Search, "q"));
        assert!(set(&mut u, Setter::Hash, "f"));
        assert!(!set(&mut u, Setter::Href, "not a url"));
        assert_eq!(u.href(), "https://example.org/?q#f");
        assert!(set(&mut u, Setter::Href, "http://a/"));
        assert_eq!(u.href(), "http://a/");
        let mut opaque = url("mailto:a@b");
        assert!(!set(&mut opaque, Setter::Username, "x"));
        assert!(!set(&mut opaque, Setter::Hostname, "h"));
    }
}
