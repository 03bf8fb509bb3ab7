//! [Special schemes](https://url.spec.whatwg.org/#special-scheme) and their
//! [default ports](https://url.spec.whatwg.org/#default-port).

/// Which [special scheme](https://url.spec.whatwg.org/#special-scheme) a scheme is, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchemeType {
    /// `ftp` (default port 21).
    Ftp,
    /// `file` (no default port).
    File,
    /// `http` (default port 80).
    Http,
    /// `https` (default port 443).
    Https,
    /// `ws` (default port 80).
    Ws,
    /// `wss` (default port 443).
    Wss,
    /// Any other scheme: the URL [is not special](https://url.spec.whatwg.org/#is-not-special).
    NotSpecial,
}

impl SchemeType {
    /// The [special schemes](https://url.spec.whatwg.org/#special-scheme), in the URL
    /// Standard's table order.
    pub const SPECIAL: [SchemeType; 6] = [
        SchemeType::Ftp,
        SchemeType::File,
        SchemeType::Http,
        SchemeType::Https,
        SchemeType::Ws,
        SchemeType::Wss,
    ];

    /// The special scheme's name, e.g. `"https"`; `None` for [`SchemeType::NotSpecial`].
    pub const fn name(self) -> Option<&'static str> {
        match self {
            SchemeType::Ftp => Some("ftp"),
            SchemeType::File => Some("file"),
            SchemeType::Http => Some("http"),
            SchemeType::Https => Some("https"),
            SchemeType::Ws => Some("ws"),
            SchemeType::Wss => Some("wss"),
            SchemeType::NotSpecial => None,
        }
    }

    /// The type's name: the special scheme's name (as [`name`](Self::name)), or
    /// `"not-special"`.
    ///
    /// ```
    /// use weburl_core::SchemeType;
    /// assert_eq!(SchemeType::Wss.as_str(), "wss");
    /// assert_eq!(SchemeType::NotSpecial.as_str(), "not-special");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self.name() {
            Some(name) => name,
            None => "not-special",
        }
    }

    /// Classifies an (already lowercased) scheme.
    pub fn from_scheme(scheme: &str) -> SchemeType {
        match scheme {
            "ftp" => SchemeType::Ftp,
            "file" => SchemeType::File,
            "http" => SchemeType::Http,
            "https" => SchemeType::Https,
            "ws" => SchemeType::Ws,
            "wss" => SchemeType::Wss,
            _ => SchemeType::NotSpecial,
        }
    }

    /// Whether this is a [special scheme](https://url.spec.whatwg.org/#special-scheme).
    #[inline]
    pub fn is_special(self) -> bool {
        self != SchemeType::NotSpecial
    }

    /// Whether this is `file`.
    #[inline]
    pub fn is_file(self) -> bool {
        self == SchemeType::File
    }

    /// The scheme's [default port](https://url.spec.whatwg.org/#default-port).
    pub fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Ftp => Some(21),
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::File | SchemeType::NotSpecial => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SchemeType;

    #[test]
    fn special_names_round_trip() {
        for scheme in SchemeType::SPECIAL {
            let name = scheme.name().unwrap_or_default();
            assert_eq!(SchemeType::from_scheme(name), scheme);
            assert!(scheme.is_special());
        }
        assert_eq!(SchemeType::NotSpecial.name(), None);
        assert_eq!(SchemeType::from_scheme("HTTP"), SchemeType::NotSpecial);
    }
}
