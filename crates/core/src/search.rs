//! The URL's query as [`SearchParams`] (the `searchParams` getter) and the
//! [URLSearchParams update steps](https://url.spec.whatwg.org/#concept-urlsearchparams-update).

use alloc::string::String;

use weburl_form::SearchParams;

use crate::errors::SetterError;
use crate::url::Url;

impl Url {
    /// The [`searchParams`](https://url.spec.whatwg.org/#dom-url-searchparams) getter's list:
    /// the URL's query parsed as `application/x-www-form-urlencoded` (empty when the query is
    /// null). Changes to it apply to the URL through [`Url::set_search_params`].
    pub fn search_params(&self) -> SearchParams {
        SearchParams::from_urlencoded(self.query().unwrap_or_default())
    }

    /// The URLSearchParams [update steps](https://url.spec.whatwg.org/#concept-urlsearchparams-update):
    /// sets the query to the serialization of `params`, or null when that is empty.
    pub fn set_search_params(&mut self, params: &SearchParams) -> Result<(), SetterError> {
        let mut serialized = String::new();
        params.serialize_into(&mut serialized);
        if serialized.is_empty() {
            self.set_query_raw(None)
        } else {
            self.set_query_raw(Some(&serialized))
        }
    }
}
