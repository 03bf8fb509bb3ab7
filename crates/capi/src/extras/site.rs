//! Sites and showing URLs to people: public suffix, registrable domain, the display form.

use std::ffi::c_char;

use weburl::UrlDisplay;

use crate::ada::types::{ada_owned_string, ada_string, ada_url};
use crate::ada::url::url_of;
use crate::ffi::{borrowed, guard, owned, NULL_OWNED, NULL_STRING};

/// The host's [public suffix](https://url.spec.whatwg.org/#host-public-suffix) by the Public
/// Suffix List compiled into the library, borrowed from the URL; `{NULL, 0}` when the host is
/// not a domain (or the URL is invalid).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn weburl_get_public_suffix(result: ada_url) -> ada_string {
    guard(NULL_STRING, || {
        // SAFETY: NULL or a live handle; the slice lives in it.
        unsafe { url_of(result) }
            .and_then(|u| u.public_suffix())
            .map_or(NULL_STRING, borrowed)
    })
}

/// The host's [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain),
/// borrowed from the URL; `{NULL, 0}` when it has none (an IP address, a public suffix
/// itself, no host, an invalid URL).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn weburl_get_registrable_domain(result: ada_url) -> ada_string {
    guard(NULL_STRING, || {
        // SAFETY: NULL or a live handle; the slice lives in it.
        unsafe { url_of(result) }
            .and_then(|u| u.registrable_domain())
            .map_or(NULL_STRING, borrowed)
    })
}

/// Options of `weburl_display`; all `false` / 0 (a zeroed struct, or NULL) is the default
/// rendering.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct weburl_display_options {
    /// Omit `http://` and `https://` (only for surfaces that permit a single scheme).
    pub omit_scheme: bool,
    /// Omit `http://` only.
    pub omit_http: bool,
    /// Omit `https://` only.
    pub omit_https: bool,
    /// Omit `file://`.
    pub omit_file_scheme: bool,
    /// Omit `mailto:`.
    pub omit_mailto_scheme: bool,
    /// Omit a leading `www.` (and similar trivial subdomains).
    pub omit_trivial_subdomains: bool,
    /// Drop the path, query and fragment when they are only `/`.
    pub trim_after_host: bool,
    /// Drop a trailing `/` of the path.
    pub omit_trailing_slash: bool,
    /// Show the host alone.
    pub host_only: bool,
    /// Keep percent-encoded text as it is.
    pub keep_percent_encoded: bool,
    /// Elide to at most this many grapheme clusters (0: no limit), keeping the registrable
    /// domain whole.
    pub max_width: usize,
}

/// The URL [rendered for people](https://url.spec.whatwg.org/#url-rendering) (no credentials,
/// hosts in Unicode where the spoof checks pass, percent-encoded text decoded where safe),
/// owned by the caller; `{NULL, 0}` for an invalid URL. `options` may be NULL.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `options`
/// is NULL or points to a readable `weburl_display_options`.
#[no_mangle]
pub unsafe extern "C" fn weburl_display(
    result: ada_url,
    options: *const weburl_display_options,
) -> ada_owned_string {
    guard(NULL_OWNED, || {
        // SAFETY: NULL or a live handle.
        let Some(url) = (unsafe { url_of(result) }) else {
            return NULL_OWNED;
        };
        // SAFETY: NULL or a readable `weburl_display_options`.
        let o = unsafe { options.as_ref() }.copied().unwrap_or_default();
        let mut r = url
            .display()
            .omit_scheme(o.omit_scheme)
            .omit_trivial_subdomains(o.omit_trivial_subdomains)
            .trim_after_host(o.trim_after_host)
            .omit_trailing_slash(o.omit_trailing_slash)
            .host_only(o.host_only)
            .keep_percent_encoded(o.keep_percent_encoded);
        if o.omit_http {
            r = r.omit_http(true);
        }
        if o.omit_https {
            r = r.omit_https(true);
        }
        if o.omit_file_scheme {
            r = r.omit_file_scheme(true);
        }
        if o.omit_mailto_scheme {
            r = r.omit_mailto_scheme(true);
        }
        if o.max_width > 0 {
            r = r.max_width(o.max_width);
        }
        owned(r.to_string().as_bytes())
    })
}

/// weburl's version (static), e.g. `"0.1.0"`.
#[no_mangle]
pub extern "C" fn weburl_get_version() -> *const c_char {
    const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    VERSION.as_ptr().cast()
}
