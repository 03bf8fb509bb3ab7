//! Record-level editing that the `URL` class's setters cannot express, under rust-url's names:
//! [`Url::set_query`] and [`Url::set_fragment`] (`None` removes the `?` or `#`, `Some("")`
//! keeps an empty one), [`Url::path_segments_mut`], [`Url::query_pairs`] and
//! [`Url::query_pairs_mut`], [`Url::set_ip_host`] and [`Url::set_scheme`].
//!
//! Each edit is made through the spec's setters (the `search`, `hash`, `pathname`, `hostname`
//! and `protocol` setter steps) with a value prepared so that the setter keeps it as it is:
//! so every edit keeps the representation's invariants (checked in debug builds after every
//! setter), respects [`Url::max_length`], and needs nothing of the representation.

use alloc::string::String;
use core::net::IpAddr;

use weburl_percent::{percent_encode_bytes_into, utf8_percent_encode_into, AsciiSet, PATH};

use crate::errors::SetterError;
use crate::url::Url;

/// What a pushed path segment is percent-encoded with: the path percent-encode set, `/` (so
/// the segment stays one segment) and `%` (so it decodes back to itself); for special URLs
/// also `\`, a separator there.
const PATH_SEGMENT: AsciiSet = PATH.add(b'/').add(b'%');
const SPECIAL_PATH_SEGMENT: AsciiSet = PATH_SEGMENT.add(b'\\');
/// For `file` URLs also `|`, so that a segment `C|` is not taken for the drive letter `C:`.
const FILE_PATH_SEGMENT: AsciiSet = SPECIAL_PATH_SEGMENT.add(b'|');

impl Url {
    /// Sets the [query](https://url.spec.whatwg.org/#concept-url-query): `None` removes it
    /// (and its `?`), `Some(query)` percent-encodes `query` as the parser's query state does
    /// and sets it, `Some("")` leaving an empty query (`?` at the end). The `search` setter
    /// cannot express `Some("")`: it treats `""` as removal.
    ///
    /// ```
    /// use weburl_core::Url;
    /// let mut url = Url::parse("https://example.com/a#f").unwrap();
    /// url.set_query(Some("q=a b")).unwrap();
    /// assert_eq!(url.href(), "https://example.com/a?q=a%20b#f");
    /// url.set_query(Some("")).unwrap();
    /// assert_eq!(url.href(), "https://example.com/a?#f");
    /// url.set_query(None).unwrap();
    /// assert_eq!(url.href(), "https://example.com/a#f");
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), SetterError> {
        match query {
            None => self.set_search(""),
            Some(q) => {
                // The setter removes one leading `?`: this one.
                let mut value = String::with_capacity(q.len() + 1);
                value.push('?');
                value.push_str(q);
                self.set_search(&value)
            }
        }
    }

    /// Sets the [fragment](https://url.spec.whatwg.org/#concept-url-fragment): `None` removes
    /// it (and its `#`), `Some(fragment)` percent-encodes and sets it, `Some("")` leaving an
    /// empty fragment (`#` at the end).
    ///
    /// ```
    /// use weburl_core::Url;
    /// let mut url = Url::parse("https://example.com/").unwrap();
    /// url.set_fragment(Some("")).unwrap();
    /// assert_eq!(url.href(), "https://example.com/#");
    /// url.set_fragment(Some("a b")).unwrap();
    /// assert_eq!(url.href(), "https://example.com/#a%20b");
    /// url.set_fragment(None).unwrap();
    /// assert_eq!(url.href(), "https://example.com/");
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), SetterError> {
        match fragment {
            None => self.set_hash(""),
            Some(f) => {
                let mut value = String::with_capacity(f.len() + 1);
                value.push('#');
                value.push_str(f);
                self.set_hash(&value)
            }
        }
    }

    /// The query's name-value pairs, decoded by the
    /// [application/x-www-form-urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser)
    /// (empty when there is no query). Names and values borrow from the URL when nothing in
    /// them is encoded.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use weburl_core::Url;
    /// let url = Url::parse("https://example.com/?q=rust&lang=en+GB").unwrap();
    /// let pairs: Vec<_> = url.query_pairs().collect();
    /// assert!(matches!(pairs[0], (Cow::Borrowed("q"), Cow::Borrowed("rust"))));
    /// assert_eq!(pairs[1], ("lang".into(), "en GB".into()));
    /// ```
    pub fn query_pairs(&self) -> weburl_form::Parse<'_> {
        weburl_form::parse_iter(self.query().unwrap_or_default().as_bytes())
    }

    /// An editor of the query as name-value pairs, which it appends serialized by the
    /// [application/x-www-form-urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer)
    /// after the query there is (`&`-separated). The URL gets a query (maybe empty) at once,
    /// as with rust-url; the pairs are written when the editor is dropped or
    /// [finished](QueryPairsMut::finish).
    ///
    /// ```
    /// use weburl_core::Url;
    /// let mut url = Url::parse("https://example.com/?a=1").unwrap();
    /// url.query_pairs_mut().append_pair("q", "a&b c").append_key_only("flag");
    /// assert_eq!(url.href(), "https://example.com/?a=1&q=a%26b+c&flag");
    /// url.query_pairs_mut().clear().extend_pairs([("x", "1")]).finish().unwrap();
    /// assert_eq!(url.query(), Some("x=1"));
    /// ```
    pub fn query_pairs_mut(&mut self) -> QueryPairsMut<'_> {
        let query = String::from(self.query().unwrap_or_default());
        let written = self.set_query(Some(&query)).is_ok();
        QueryPairsMut {
            url: self,
            query,
            dirty: !written,
        }
    }

    /// An editor of the path's segments, or [`SetterError::OpaquePath`] when the path is
    /// opaque (`mailto:x`, `data:,x`). The new path is written when the editor is dropped or
    /// [finished](PathSegmentsMut::finish).
    ///
    /// ```
    /// use weburl_core::Url;
    /// let mut url = Url::parse("https://example.com/a/b/").unwrap();
    /// url.path_segments_mut()?.pop_if_empty().pop().push("c d").push("e/f");
    /// assert_eq!(url.href(), "https://example.com/a/c%20d/e%2Ff");
    /// assert!(Url::parse("mailto:me@example.com")?.path_segments_mut().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let path = String::from(self.pathname());
        Ok(PathSegmentsMut {
            special: self.is_special(),
            file: self.scheme_type().is_file(),
            url: self,
            path,
            dirty: false,
        })
    }

    /// Sets the host to an IP address (rust-url's `set_ip_host`); refuses, as the hostname
    /// setter does, a URL with an opaque path.
    ///
    /// ```
    /// use weburl_core::Url;
    /// let mut url = Url::parse("http://example.com:8080/a").unwrap();
    /// url.set_ip_host("::1".parse().unwrap()).unwrap();
    /// assert_eq!(url.href(), "http://[::1]:8080/a");
    /// ```
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), SetterError> {
        use core::fmt::Write;
        let mut host = String::with_capacity(41);
        // Writing to a String does not fail.
        let _ = match address {
            IpAddr::V4(a) => write!(host, "{a}"),
            IpAddr::V6(a) => write!(host, "[{a}]"),
        };
        self.set_hostname(&host)
    }

    /// Sets the scheme, with rust-url's `set_scheme` rules, which are stricter than the
    /// [`protocol` setter](https://url.spec.whatwg.org/#dom-url-protocol)'s
    /// ([`Url::set_protocol`]):
    ///
    /// * The whole value must be a scheme: `"https:"` or `"https:x"`, which the protocol
    ///   setter takes as `https`, are refused ([`SetterError::InvalidScheme`]).
    /// * Otherwise the protocol setter's rules apply, each refusal with its own error: no
    ///   change between special and non-special schemes, no `file` with credentials or a port,
    ///   no change from `file` with an empty host. (rust-url also refuses `file` for any URL
    ///   with a host, and keeps a port that becomes the new scheme's default; weburl follows
    ///   the standard: `http://h` becomes `file://h/`, and `http://h:443` set to `https` is
    ///   `https://h`.)
    ///
    /// ```
    /// use weburl_core::{SetterError, Url};
    /// let mut url = Url::parse("http://example.com:443/").unwrap();
    /// url.set_scheme("https").unwrap();
    /// assert_eq!(url.href(), "https://example.com/");
    /// assert_eq!(url.set_scheme("https:x"), Err(SetterError::InvalidScheme));
    /// assert_eq!(url.set_scheme("foo"), Err(SetterError::SpecialnessChange));
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), SetterError> {
        let mut bytes = scheme.bytes();
        let valid = bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
            && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return Err(SetterError::InvalidScheme);
        }
        self.set_protocol(scheme)
    }
}

/// The editor [`Url::query_pairs_mut`] returns.
#[derive(Debug)]
#[must_use = "the pairs are written when the editor is dropped or finished"]
pub struct QueryPairsMut<'a> {
    url: &'a mut Url,
    /// The query as it will be written.
    query: String,
    dirty: bool,
}

impl QueryPairsMut<'_> {
    /// Appends `name=value`, each form-urlencoded.
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.separate();
        weburl_form::serialize_into([(name, value)], &mut self.query);
        self
    }

    /// Appends `name` alone, form-urlencoded, without `=`.
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        self.separate();
        percent_encode_bytes_into(
            name.as_bytes(),
            &weburl_percent::APPLICATION_X_WWW_FORM_URLENCODED,
            true,
            &mut self.query,
        );
        self
    }

    /// Appends each pair, as [`append_pair`](Self::append_pair).
    pub fn extend_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: core::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in pairs {
            let (name, value) = core::borrow::Borrow::<(K, V)>::borrow(&pair);
            self.append_pair(name.as_ref(), value.as_ref());
        }
        self
    }

    /// Appends each name, as [`append_key_only`](Self::append_key_only).
    pub fn extend_keys<I, K>(&mut self, keys: I) -> &mut Self
    where
        I: IntoIterator<Item = K>,
        K: AsRef<str>,
    {
        for key in keys {
            self.append_key_only(key.as_ref());
        }
        self
    }

    /// Removes every pair (the query becomes empty, `?` staying).
    pub fn clear(&mut self) -> &mut Self {
        self.query.clear();
        self.dirty = true;
        self
    }

    /// The query as it stands.
    pub fn as_str(&self) -> &str {
        &self.query
    }

    /// Writes the query to the URL now, returning the URL, or why it could not be written
    /// ([`SetterError::TooLong`], past the URL's [`max_length`](Url::max_length)), the URL
    /// then keeping its query as it was.
    pub fn finish(&mut self) -> Result<&mut Url, SetterError> {
        self.flush()?;
        Ok(self.url)
    }

    fn separate(&mut self) {
        if !self.query.is_empty() {
            self.query.push('&');
        }
        self.dirty = true;
    }

    fn flush(&mut self) -> Result<(), SetterError> {
        if self.dirty {
            self.url.set_query(Some(&self.query))?;
            self.dirty = false;
        }
        Ok(())
    }
}

impl Drop for QueryPairsMut<'_> {
    /// Writes the query, if [`finish`](Self::finish) has not; a query too long for the URL's
    /// [`max_length`](Url::max_length) is not written.
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// The editor [`Url::path_segments_mut`] returns: rust-url's `PathSegmentsMut`.
///
/// Segments pushed are percent-encoded (the path percent-encode set, `/`, `%`, for special
/// URLs `\`, and for `file` URLs `|`), so each stays one segment and decodes back to itself; `.` and `..`, which would
/// not, are skipped, as rust-url does.
#[derive(Debug)]
#[must_use = "the path is written when the editor is dropped or finished"]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    /// The serialized path as it will be written.
    path: String,
    special: bool,
    file: bool,
    dirty: bool,
}

impl PathSegmentsMut<'_> {
    /// Removes every segment, leaving the path `/`.
    pub fn clear(&mut self) -> &mut Self {
        self.path.clear();
        self.path.push('/');
        self.dirty = true;
        self
    }

    /// Removes the last segment if it is empty (the path ends with `/`), unless it is the only
    /// one.
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.path.len() > 1 && self.path.ends_with('/') {
            self.pop();
        }
        self
    }

    /// Removes the last segment, if there is more than one; a single segment becomes empty
    /// (the path `/`).
    pub fn pop(&mut self) -> &mut Self {
        if self.path.is_empty() {
            return self;
        }
        let cut = self.path.rfind('/').unwrap_or(0).max(1);
        self.path.truncate(cut);
        self.dirty = true;
        self
    }

    /// Appends `segment`, percent-encoded; `.` and `..` are skipped.
    pub fn push(&mut self, segment: &str) -> &mut Self {
        if matches!(segment, "." | "..") {
            return self;
        }
        if self.path != "/" {
            self.path.push('/');
        }
        let set = match (self.special, self.file) {
            (_, true) => &FILE_PATH_SEGMENT,
            (true, false) => &SPECIAL_PATH_SEGMENT,
            (false, false) => &PATH_SEGMENT,
        };
        utf8_percent_encode_into(segment, set, &mut self.path);
        self.dirty = true;
        self
    }

    /// Appends each segment, as [`push`](Self::push).
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for segment in segments {
            self.push(segment.as_ref());
        }
        self
    }

    /// The serialized path as it stands.
    pub fn as_str(&self) -> &str {
        &self.path
    }

    /// Writes the path to the URL now, returning the URL, or why it could not be written
    /// ([`SetterError::TooLong`], past the URL's [`max_length`](Url::max_length)), the URL
    /// then keeping its path as it was.
    pub fn finish(&mut self) -> Result<&mut Url, SetterError> {
        self.flush()?;
        Ok(self.url)
    }

    fn flush(&mut self) -> Result<(), SetterError> {
        if self.dirty {
            // Every segment is encoded and none is `.` or `..`, so the pathname setter keeps
            // the path as it is (adding the `/.` a null host may need).
            self.url.set_pathname(&self.path)?;
            self.dirty = false;
        }
        Ok(())
    }
}

impl Drop for PathSegmentsMut<'_> {
    /// Writes the path, if [`finish`](Self::finish) has not; a path too long for the URL's
    /// [`max_length`](Url::max_length) is not written.
    fn drop(&mut self) {
        let _ = self.flush();
    }
}
