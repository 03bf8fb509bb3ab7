//! The [query](https://url.spec.whatwg.org/#query-state) and
//! [fragment](https://url.spec.whatwg.org/#fragment-state) states.

use weburl_percent::{utf8_percent_encode_into, FRAGMENT, QUERY, SPECIAL_QUERY};

use super::{Failure, Flow, Parser};
use crate::encoding;
use crate::errors::ErrorSink;
use crate::scheme::SchemeType;

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// Sets the query to the empty string (and ends the path).
    pub(crate) fn start_query(&mut self) {
        self.end_path();
        self.url.query_start = Some(self.url.out.len());
        self.url.out.push('?');
    }

    /// Sets the fragment to the empty string (and ends the path).
    pub(crate) fn start_fragment(&mut self) {
        self.end_path();
        self.url.fragment_start = Some(self.url.out.len());
        self.url.out.push('#');
    }

    /// [Query state](https://url.spec.whatwg.org/#query-state), run once for the whole query:
    /// the spec appends code points to *buffer* until U+0023 (#) (unless a state override is
    /// given) or EOF and then percent-encodes the buffer after encoding, so the buffer is the
    /// input slice up to there. (It cannot be encoded code point by code point because of
    /// stateful encoders such as ISO-2022-JP.)
    pub(crate) fn query_state(&mut self, _c: Option<char>) -> Result<Flow, Failure> {
        if self.stops_here() {
            return Ok(Flow::End);
        }
        // "If encoding is not UTF-8 and url is not special or url's scheme is "ws" or "wss",
        // then set encoding to UTF-8."
        if self.encoding != encoding::UTF_8
            && matches!(
                self.url.scheme_type,
                SchemeType::NotSpecial | SchemeType::Ws | SchemeType::Wss
            )
        {
            self.encoding = encoding::UTF_8;
        }
        let start = self.pos;
        let rest = self.input.get(start..).unwrap_or_default();
        let set = if self.is_special() {
            &SPECIAL_QUERY
        } else {
            &QUERY
        };
        // One pass for the usual query: both sets have U+0023 (#), so the first byte in the
        // set is the end of the buffer when it is `#` (without a state override) or there is
        // none, and the buffer then needs no encoding.
        let plain = super::find_byte(rest.as_bytes(), |b| set.contains(b));
        let plain_to_end = match rest.as_bytes().get(plain) {
            None => true,
            Some(b'#') => self.state_override.is_none(),
            Some(_) => false,
        };
        let len = if plain_to_end {
            plain
        } else if self.state_override.is_none() {
            rest.find('#').unwrap_or(rest.len())
        } else {
            rest.len()
        };
        let buffer = rest.get(..len).unwrap_or_default();
        self.check_url_units(buffer, start);
        if plain_to_end {
            // Encoding (whichever it is) and percent-encoding leave these ASCII bytes as
            // they are.
            self.url.out.push_str(buffer);
        } else if self.encoding == encoding::UTF_8 {
            utf8_percent_encode_into(buffer, set, &mut self.url.out);
        } else {
            #[cfg(feature = "encoding")]
            weburl_percent::percent_encode_after_encoding_into(
                self.encoding,
                buffer,
                set,
                false,
                &mut self.url.out,
            );
        }
        self.pos = start + len;
        if self.pos < self.input.len() {
            // c is U+0023 (#): "set url's fragment to the empty string and state to fragment
            // state."
            self.start_fragment();
            self.pos += 1;
            let c = self.c();
            return self.fragment_state(c);
        }
        Ok(Flow::End)
    }

    /// [Fragment state](https://url.spec.whatwg.org/#fragment-state), run once for the rest of
    /// the input: every code point is UTF-8 percent-encoded with the fragment percent-encode
    /// set and appended to the fragment.
    pub(crate) fn fragment_state(&mut self, _c: Option<char>) -> Result<Flow, Failure> {
        if self.stops_here() {
            return Ok(Flow::End);
        }
        let start = self.pos;
        let rest = self.input.get(start..).unwrap_or_default();
        self.check_url_units(rest, start);
        utf8_percent_encode_into(rest, &FRAGMENT, &mut self.url.out);
        self.pos = self.input.len();
        Ok(Flow::End)
    }
}
