//! The [application/x-www-form-urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer).

use alloc::string::String;

use weburl_percent::{utf8_percent_encode_into, APPLICATION_X_WWW_FORM_URLENCODED};

/// The [application/x-www-form-urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer)
/// with the default encoding, UTF-8: `name=value` pairs joined by `&`, each percent-encoded
/// with the application/x-www-form-urlencoded set and U+0020 SPACE written as `+`.
///
/// ```
/// let pairs = [("a b", "c&d"), ("é", "~")];
/// assert_eq!(weburl_form::serialize(pairs), "a+b=c%26d&%C3%A9=%7E");
/// assert_eq!(weburl_form::serialize(Vec::<(String, String)>::new()), "");
/// ```
pub fn serialize<I, K, V>(tuples: I) -> String
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    let mut output = String::new();
    serialize_into(tuples, &mut output);
    output
}

/// [`serialize`], appending to `out` (for instance a URL being built after its `?`).
///
/// The spec's "If output is not the empty string, then append U+0026 (&)" is implemented as
/// "if this is not the first tuple": every tuple appends at least `=`, so the two agree, and
/// whatever `out` held before is left alone and does not count.
///
/// ```
/// let mut url = String::from("https://example.com/?");
/// weburl_form::serialize_into([("q", "1+1=2")], &mut url);
/// assert_eq!(url, "https://example.com/?q=1%2B1%3D2");
/// ```
pub fn serialize_into<I, K, V>(tuples: I, out: &mut String)
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    // With UTF-8, percent-encode after encoding is UTF-8 percent-encode, which encodes
    // spaces as `+` with this set; no encoder is needed.
    let set = &APPLICATION_X_WWW_FORM_URLENCODED;
    for (i, (name, value)) in tuples.into_iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        utf8_percent_encode_into(name.as_ref(), set, out);
        out.push('=');
        utf8_percent_encode_into(value.as_ref(), set, out);
    }
}

/// The [application/x-www-form-urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer)
/// with `encoding` (feature `encoding`). Code points `encoding` cannot represent are written
/// as percent-encoded HTML numeric character references (`%26%23…%3B`).
///
/// ```
/// let pairs = [("≡", "‽ ")];
/// assert_eq!(
///     weburl_form::serialize_with_encoding(pairs, encoding_rs::SHIFT_JIS),
///     "%81%DF=%26%238253%3B+",
/// );
/// ```
#[cfg(feature = "encoding")]
pub fn serialize_with_encoding<I, K, V>(
    tuples: I,
    encoding: &'static encoding_rs::Encoding,
) -> String
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    let mut output = String::new();
    serialize_with_encoding_into(tuples, encoding, &mut output);
    output
}

/// [`serialize_with_encoding`], appending to `out`; see [`serialize_into`] for how `&` is
/// placed.
#[cfg(feature = "encoding")]
pub fn serialize_with_encoding_into<I, K, V>(
    tuples: I,
    encoding: &'static encoding_rs::Encoding,
    out: &mut String,
) where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    use weburl_percent::percent_encode_after_encoding_into;
    // "Set encoding to the result of getting an output encoding from encoding."
    let encoding = encoding.output_encoding();
    if encoding == encoding_rs::UTF_8 {
        serialize_into(tuples, out);
        return;
    }
    let set = &APPLICATION_X_WWW_FORM_URLENCODED;
    for (i, (name, value)) in tuples.into_iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        percent_encode_after_encoding_into(encoding, name.as_ref(), set, true, out);
        out.push('=');
        percent_encode_after_encoding_into(encoding, value.as_ref(), set, true, out);
    }
}
