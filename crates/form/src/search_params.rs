//! [`SearchParams`], the spec's [`URLSearchParams`](https://url.spec.whatwg.org/#interface-urlsearchparams).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::iter::FusedIterator;

use crate::code_units::code_unit_cmp;
use crate::parser::parse_iter;
use crate::serializer::serialize_into;

/// A list of name-value tuples with the behaviour of the spec's
/// [`URLSearchParams`](https://url.spec.whatwg.org/#interface-urlsearchparams) class: its
/// [list](https://url.spec.whatwg.org/#concept-urlsearchparams-list), its methods, and its
/// [stringification](https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior)
/// as [`Display`](fmt::Display).
///
/// A `SearchParams` has no URL object: the methods do not run the spec's
/// [update](https://url.spec.whatwg.org/#concept-urlsearchparams-update) steps. A URL type
/// owning one re-serializes it (with [`SearchParams::serialize_into`]) after each change.
///
/// ```
/// use weburl_form::SearchParams;
/// let mut params = SearchParams::parse("?q=url+parsing&lang=en&lang=fr");
/// assert_eq!(params.get("q"), Some("url parsing"));
/// assert_eq!(params.get_all("lang").collect::<Vec<_>>(), ["en", "fr"]);
/// params.set("lang", "de");
/// params.append("page", "2");
/// params.sort();
/// assert_eq!(params.to_string(), "lang=de&page=2&q=url+parsing");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SearchParams {
    /// The spec's list of (name, value) tuples.
    list: Vec<(String, String)>,
}

impl SearchParams {
    /// An empty list: `new URLSearchParams()`.
    pub fn new() -> SearchParams {
        SearchParams { list: Vec::new() }
    }

    /// The [`new URLSearchParams(init)`](https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams)
    /// constructor with a string: a leading `?` is removed, then the rest is
    /// [parsed](https://url.spec.whatwg.org/#concept-urlencoded-string-parser).
    ///
    /// ```
    /// let params = weburl_form::SearchParams::parse("?a=1&b");
    /// assert_eq!(params.iter().collect::<Vec<_>>(), [("a", "1"), ("b", "")]);
    /// ```
    pub fn parse(init: &str) -> SearchParams {
        // "If init is a string and starts with U+003F (?), then remove the first code point
        // from init."
        let init = init.strip_prefix('?').unwrap_or(init);
        SearchParams::from_urlencoded(init)
    }

    /// [Initialize](https://url.spec.whatwg.org/#urlsearchparams-initialize) with a string,
    /// without removing a leading `?`: the list is the result of the
    /// [urlencoded string parser](https://url.spec.whatwg.org/#concept-urlencoded-string-parser).
    /// This is what a URL's query object gets from the URL's query.
    ///
    /// ```
    /// let params = weburl_form::SearchParams::from_urlencoded("?a=1");
    /// assert_eq!(params.get("?a"), Some("1"));
    /// ```
    pub fn from_urlencoded(input: &str) -> SearchParams {
        SearchParams::from_urlencoded_bytes(input.as_bytes())
    }

    /// The list of the [application/x-www-form-urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser)'s
    /// output for `input`.
    pub fn from_urlencoded_bytes(input: &[u8]) -> SearchParams {
        SearchParams {
            list: parse_iter(input)
                .map(|(n, v)| (n.into_owned(), v.into_owned()))
                .collect(),
        }
    }

    /// [Initialize](https://url.spec.whatwg.org/#urlsearchparams-initialize) with a sequence
    /// of pairs (or a record's entries), kept in order. Also available as
    /// [`FromIterator`].
    ///
    /// ```
    /// let params = weburl_form::SearchParams::from_pairs([("a", "1"), ("b", "2")]);
    /// assert_eq!(params.to_string(), "a=1&b=2");
    /// ```
    pub fn from_pairs<I, K, V>(pairs: I) -> SearchParams
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        pairs.into_iter().collect()
    }

    /// The [`size`](https://url.spec.whatwg.org/#dom-urlsearchparams-size) getter: the number
    /// of tuples.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are no tuples.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// [`append(name, value)`](https://url.spec.whatwg.org/#dom-urlsearchparams-append):
    /// adds a tuple at the end.
    pub fn append(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.list.push((name.into(), value.into()));
    }

    /// [`delete(name)`](https://url.spec.whatwg.org/#dom-urlsearchparams-delete): removes all
    /// tuples whose name is `name`.
    pub fn delete(&mut self, name: &str) {
        self.list.retain(|(n, _)| n != name);
    }

    /// [`delete(name, value)`](https://url.spec.whatwg.org/#dom-urlsearchparams-delete):
    /// removes all tuples whose name is `name` and value is `value`.
    pub fn delete_with_value(&mut self, name: &str, value: &str) {
        self.list.retain(|(n, v)| n != name || v != value);
    }

    /// [`get(name)`](https://url.spec.whatwg.org/#dom-urlsearchparams-get): the value of the
    /// first tuple whose name is `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// [`getAll(name)`](https://url.spec.whatwg.org/#dom-urlsearchparams-getall): the values
    /// of all tuples whose name is `name`, in list order.
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl DoubleEndedIterator<Item = &'a str> + 'a {
        self.list
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// [`has(name)`](https://url.spec.whatwg.org/#dom-urlsearchparams-has): whether a tuple's
    /// name is `name`.
    pub fn has(&self, name: &str) -> bool {
        self.list.iter().any(|(n, _)| n == name)
    }

    /// [`has(name, value)`](https://url.spec.whatwg.org/#dom-urlsearchparams-has): whether a
    /// tuple's name is `name` and its value is `value`.
    pub fn has_with_value(&self, name: &str, value: &str) -> bool {
        self.list.iter().any(|(n, v)| n == name && v == value)
    }

    /// [`set(name, value)`](https://url.spec.whatwg.org/#dom-urlsearchparams-set): sets the
    /// value of the first tuple named `name` and removes the others, or appends a tuple when
    /// there is none.
    ///
    /// ```
    /// let mut params = weburl_form::SearchParams::parse("a=1&b=2&a=3");
    /// params.set("a", "4");
    /// assert_eq!(params.to_string(), "a=4&b=2");
    /// ```
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let name = name.into();
        let mut value = Some(value.into());
        // One pass: the first match takes the value, later matches are removed.
        self.list.retain_mut(|(n, v)| {
            if *n != name {
                return true;
            }
            match value.take() {
                Some(new) => {
                    *v = new;
                    true
                }
                None => false,
            }
        });
        if let Some(value) = value {
            self.list.push((name, value));
        }
    }

    /// [`sort()`](https://url.spec.whatwg.org/#dom-urlsearchparams-sort): a stable sort of the
    /// tuples by name, comparing names by UTF-16 code units
    /// ([code unit less than](https://infra.spec.whatwg.org/#code-unit-less-than)).
    ///
    /// ```
    /// let mut params = weburl_form::SearchParams::parse("z=1&\u{FFFD}=2&😀=3&z=0");
    /// params.sort();
    /// assert_eq!(params.to_string(), "z=1&z=0&%F0%9F%98%80=3&%EF%BF%BD=2");
    /// ```
    // Inline: the stable sort it instantiates (a third of this crate's code) is then compiled
    // only in programs that sort, not in every build of this crate.
    #[inline]
    pub fn sort(&mut self) {
        // `sort_by` is stable and O(n log n) comparisons; each comparison is linear in the
        // names' common prefix and allocates nothing.
        self.list.sort_by(|(a, _), (b, _)| code_unit_cmp(a, b));
    }

    /// The [value pairs to iterate over](https://url.spec.whatwg.org/#interface-urlsearchparams):
    /// `(name, value)` for each tuple, in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            inner: self.list.iter(),
        }
    }

    /// The tuples as a slice.
    pub fn as_pairs(&self) -> &[(String, String)] {
        &self.list
    }

    /// The tuples, by value.
    pub fn into_pairs(self) -> Vec<(String, String)> {
        self.list
    }

    /// Appends the [serialization](https://url.spec.whatwg.org/#concept-urlencoded-serializer)
    /// of the list (UTF-8, as `toString()` does) to `out`. Nothing is appended when the list
    /// is empty; the spec's update steps then set a URL's query to null.
    ///
    /// ```
    /// let params = weburl_form::SearchParams::from_pairs([("a b", "~")]);
    /// let mut href = String::from("https://example.com/?");
    /// params.serialize_into(&mut href);
    /// assert_eq!(href, "https://example.com/?a+b=%7E");
    /// ```
    pub fn serialize_into(&self, out: &mut String) {
        serialize_into(self.iter(), out);
    }

    /// The [serialization](https://url.spec.whatwg.org/#concept-urlencoded-serializer) of the
    /// list with `encoding` (feature `encoding`).
    ///
    /// ```
    /// let params = weburl_form::SearchParams::from_pairs([("q", "≡")]);
    /// assert_eq!(params.to_string_with_encoding(encoding_rs::SHIFT_JIS), "q=%81%DF");
    /// ```
    #[cfg(feature = "encoding")]
    pub fn to_string_with_encoding(&self, encoding: &'static encoding_rs::Encoding) -> String {
        crate::serializer::serialize_with_encoding(self.iter(), encoding)
    }

    /// [`SearchParams::to_string_with_encoding`], appending to `out`.
    #[cfg(feature = "encoding")]
    pub fn serialize_with_encoding_into(
        &self,
        encoding: &'static encoding_rs::Encoding,
        out: &mut String,
    ) {
        crate::serializer::serialize_with_encoding_into(self.iter(), encoding, out);
    }
}

/// The [stringification behavior](https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior):
/// the UTF-8 [serialization](https://url.spec.whatwg.org/#concept-urlencoded-serializer).
impl fmt::Display for SearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.serialize_into(&mut out);
        f.write_str(&out)
    }
}

impl<K: Into<String>, V: Into<String>> FromIterator<(K, V)> for SearchParams {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> SearchParams {
        SearchParams {
            list: pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        }
    }
}

impl<K: Into<String>, V: Into<String>> Extend<(K, V)> for SearchParams {
    /// [`SearchParams::append`] for each pair.
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, pairs: I) {
        self.list
            .extend(pairs.into_iter().map(|(k, v)| (k.into(), v.into())));
    }
}

impl From<Vec<(String, String)>> for SearchParams {
    fn from(list: Vec<(String, String)>) -> SearchParams {
        SearchParams { list }
    }
}

impl<'a> IntoIterator for &'a SearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl IntoIterator for SearchParams {
    type Item = (String, String);
    type IntoIter = alloc::vec::IntoIter<(String, String)>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

/// Iterator over `(name, value)` of a [`SearchParams`], in list order.
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    inner: core::slice::Iter<'a, (String, String)>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner
            .next_back()
            .map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl FusedIterator for Iter<'_> {}
