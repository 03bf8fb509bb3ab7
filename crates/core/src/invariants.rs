//! The representation's invariants, checked in debug builds after every parse and setter.

#[cfg(debug_assertions)]
use weburl_host::HostKind;

#[cfg(debug_assertions)]
use crate::offsets::us;
#[cfg(debug_assertions)]
use crate::scheme::SchemeType;
#[cfg(debug_assertions)]
use crate::url::Url;

#[cfg(debug_assertions)]
impl Url {
    /// Checks that the offsets describe the serialization as [`Url`]'s layout says, returning
    /// the first violated invariant.
    pub(crate) fn check_invariants(&self) -> Result<(), &'static str> {
        let s = self.serialization.as_bytes();
        let len = s.len();
        let se = us(self.offsets.scheme_end);
        let (ue, hs, he, ps) = (
            us(self.offsets.username_end),
            us(self.offsets.host_start),
            us(self.offsets.host_end),
            us(self.offsets.path_start),
        );
        check(s.get(se) == Some(&b':'), "':' after the scheme")?;
        let scheme = self.scheme();
        check(
            scheme
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_lowercase())
                && scheme.bytes().all(|b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')
                }),
            "scheme syntax",
        )?;
        check(
            SchemeType::from_scheme(scheme) == self.offsets.scheme_type,
            "scheme type",
        )?;
        check(
            se < ue || self.offsets.host_kind.is_none(),
            "username after scheme",
        )?;
        check(
            ue <= hs && hs <= he && he <= ps && ps <= len,
            "offset order",
        )?;
        match self.offsets.host_kind {
            Some(kind) => {
                check(s.get(se + 1..se + 3) == Some(b"//"), "'//' before a host")?;
                check(ue >= se + 3, "username start")?;
                if hs > se + 3 {
                    check(s.get(hs - 1) == Some(&b'@'), "'@' after credentials")?;
                    if hs - 1 > ue {
                        check(s.get(ue) == Some(&b':'), "':' before the password")?;
                        check(hs - 1 > ue + 1, "non-empty password")?;
                    }
                    check(hs - 1 > ue || ue > se + 3, "credentials are not empty")?;
                } else {
                    check(ue == hs, "no credentials")?;
                }
                check((he == hs) == (kind == HostKind::Empty), "empty host kind")?;
                if self.offsets.scheme_type.is_special() {
                    check(kind != HostKind::Opaque, "special URLs have no opaque host")?;
                    check(
                        kind != HostKind::Empty || self.offsets.scheme_type.is_file(),
                        "only file has an empty host among special URLs",
                    )?;
                }
            }
            None => {
                check(ue == se + 1 && hs == ue && he == hs, "null host offsets")?;
                check(self.offsets.port.is_none(), "no port without a host")?;
                check(
                    !self.offsets.scheme_type.is_special(),
                    "special URLs have a host",
                )?;
                check(
                    ps == he || (ps == he + 2 && s.get(he..ps) == Some(b"/.")),
                    "only the '/.' marker between scheme and path",
                )?;
            }
        }
        match self.offsets.port {
            Some(port) => {
                check(s.get(he) == Some(&b':'), "':' before the port")?;
                // Compared without allocating (allocation-budget tests run debug builds).
                let text = self.slice(he + 1, ps);
                check(
                    text.bytes().all(|b| b.is_ascii_digit())
                        && (text.len() == 1 || !text.starts_with('0'))
                        && text.parse::<u16>() == Ok(port),
                    "port serialization",
                )?;
                check(
                    Some(port) != self.offsets.scheme_type.default_port(),
                    "default port is null",
                )?;
            }
            None => check(
                self.offsets.host_kind.is_none() || he == ps,
                "nothing after the host",
            )?,
        }
        let path = self.pathname();
        if self.offsets.opaque_path {
            check(self.offsets.host_kind.is_none(), "opaque path without host")?;
            check(
                !self.offsets.scheme_type.is_special(),
                "special URLs have a list path",
            )?;
        } else {
            check(
                path.is_empty() || path.starts_with('/'),
                "list path starts with '/'",
            )?;
            if self.offsets.scheme_type.is_special() {
                check(!path.is_empty(), "special URLs have a non-empty path")?;
            }
            let marker = self.offsets.host_kind.is_none() && path.starts_with("//");
            check(
                marker == (ps == he + 2 && self.offsets.host_kind.is_none()),
                "'/.' marker",
            )?;
        }
        if let Some(q) = self.offsets.query_start {
            check(s.get(us(q)) == Some(&b'?'), "'?' at the query start")?;
            check(us(q) >= ps, "query after path")?;
        }
        if let Some(f) = self.offsets.fragment_start {
            check(s.get(us(f)) == Some(&b'#'), "'#' at the fragment start")?;
            check(
                us(f) >= ps && self.offsets.query_start.is_none_or(|q| q < f),
                "fragment last",
            )?;
        }
        // Path and query contain no '#'; the path no '?'.
        check(
            !path.contains('#') && (self.offsets.opaque_path || !path.contains('?')),
            "path delimiters",
        )?;
        check(
            self.query().is_none_or(|q| !q.contains('#')),
            "query has no '#'",
        )?;
        check(self.serialization.is_ascii(), "ASCII serialization")?;
        Ok(())
    }
}

#[cfg(debug_assertions)]
fn check(ok: bool, what: &'static str) -> Result<(), &'static str> {
    if ok {
        Ok(())
    } else {
        Err(what)
    }
}

#[cfg(all(test, debug_assertions))]
mod tests {
    use crate::Url;

    #[test]
    fn parsed_urls_hold() {
        for input in [
            "https://user:pass@example.com:8080/a/b?q#f",
            "sc:/.//x",
            "mailto:a@b",
            "file:///c:/x",
            "sc://@h",
        ] {
            let url = Url::parse(input).unwrap();
            assert_eq!(url.check_invariants(), Ok(()), "{input}");
        }
    }

    #[test]
    fn corruption_is_detected() {
        let url = Url::parse("https://example.com:8080/a?q#f").unwrap();
        let mut bad = url.clone();
        bad.offsets.scheme_end += 1;
        assert!(bad.check_invariants().is_err());
        let mut bad = url.clone();
        bad.offsets.port = Some(8081);
        assert_eq!(bad.check_invariants(), Err("port serialization"));
        let mut bad = url.clone();
        bad.offsets.query_start = bad.offsets.query_start.map(|q| q + 1);
        assert!(bad.check_invariants().is_err());
        let mut bad = url.clone();
        bad.offsets.host_kind = None;
        assert!(bad.check_invariants().is_err());
        let mut bad = url.clone();
        bad.offsets.fragment_start = None;
        assert!(bad.check_invariants().is_err());
        let mut bad = url;
        bad.serialization.push('é');
        assert!(bad.check_invariants().is_err());
    }
}
