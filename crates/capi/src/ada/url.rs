//! `ada_url`: parsing, the getters, setters, `ada_has_*`, `ada_get_components`.

use std::ffi::c_char;

use weburl::{ada, Position, Setter, Url};

use crate::ada::misc::max_input_length;
use crate::ada::types::{
    ada_owned_string, ada_string, ada_url, ada_url_components, ada_url_omitted,
};
use crate::ffi::{
    borrowed, free_handle, guard, handle_mut, into_handle, owned, text, NULL_OWNED, NULL_STRING,
};

/// What an `ada_url` points to: the parse's outcome, and the components
/// `ada_get_components` hands out (filled on demand).
pub(crate) struct UrlHandle {
    pub(crate) url: Option<Url>,
    components: ada_url_components,
}

impl UrlHandle {
    pub(crate) fn new(url: Option<Url>) -> UrlHandle {
        UrlHandle {
            url,
            components: ada_url_components::default(),
        }
    }
}

/// A new `ada_url` holding `url`. (A per-thread list of freed handles for reuse was tried:
/// it cost as much as the allocation it saved.)
#[inline]
pub(crate) fn new_handle(url: Option<Url>) -> ada_url {
    into_handle(UrlHandle::new(url))
}

/// The URL behind `result`, if it is a valid one.
///
/// # Safety
/// `result` must be NULL or a live `ada_url`.
#[inline]
pub(crate) unsafe fn url_of<'a>(result: ada_url) -> Option<&'a mut Url> {
    // SAFETY: the caller's contract.
    unsafe { handle_mut::<UrlHandle>(result) }.and_then(|h| h.url.as_mut())
}

/// Parses `input` (against `base`), honouring `ada_set_max_input_length` for the input and
/// the href.
#[inline(always)]
pub(crate) fn parse_str(input: &str, base: Option<&Url>) -> Result<Url, weburl::ParseError> {
    let max = max_input_length();
    let mut options = Url::options();
    if let Some(base) = base {
        options = options.base(base);
    }
    if max != u32::MAX {
        options = options.max_length(max as usize);
    }
    options.parse(input)
}

/// `ada_parse` on raw C input: `None` when the input is refused before parsing (over the
/// maximum input length).
///
/// # Safety
/// As `ffi::bytes`.
#[inline(always)]
pub(crate) unsafe fn parse_raw(
    input: *const c_char,
    length: usize,
    base: Option<&Url>,
) -> Option<Url> {
    if length > max_input_length() as usize {
        return None;
    }
    // SAFETY: forwarded contract.
    let input = unsafe { text(input, length) }?;
    parse_str(&input, base).ok()
}

/// Parses `length` bytes at `input` (UTF-8; other bytes are decoded with replacement) as a
/// URL. Always returns a handle, valid or not (`ada_is_valid`); free it with `ada_free`.
///
/// # Safety
///
/// `input` is NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_parse(input: *const c_char, length: usize) -> ada_url {
    // SAFETY: the C caller passes `length` readable bytes at `input` (or NULL).
    let url = guard(None, || unsafe { parse_raw(input, length, None) });
    new_handle(url)
}

/// Parses `input` against the URL `base` parses to (the handle is invalid if either fails).
///
/// # Safety
///
/// `input` is NULL or points to `input_length` readable bytes; `base` is NULL or points to
/// `base_length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_parse_with_base(
    input: *const c_char,
    input_length: usize,
    base: *const c_char,
    base_length: usize,
) -> ada_url {
    let url = guard(None, || {
        // SAFETY: the C caller passes readable bytes (or NULL) for both strings.
        let base = unsafe { parse_raw(base, base_length, None) }?;
        // SAFETY: as above.
        unsafe { parse_raw(input, input_length, Some(&base)) }
    });
    new_handle(url)
}

/// Whether `input` parses as a URL (the standard's `URL.canParse(input)`), without building it.
///
/// # Safety
///
/// `input` is NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_can_parse(input: *const c_char, length: usize) -> bool {
    guard(false, || {
        if length > max_input_length() as usize {
            return false;
        }
        // SAFETY: the C caller passes `length` readable bytes at `input` (or NULL).
        let Some(input) = (unsafe { text(input, length) }) else {
            return false;
        };
        if max_input_length() == u32::MAX {
            Url::can_parse(&input, None)
        } else {
            parse_str(&input, None).is_ok()
        }
    })
}

/// Whether `input` parses against the URL `base` parses to (`URL.canParse(input, base)`).
///
/// # Safety
///
/// `input` is NULL or points to `input_length` readable bytes; `base` is NULL or points to
/// `base_length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_can_parse_with_base(
    input: *const c_char,
    input_length: usize,
    base: *const c_char,
    base_length: usize,
) -> bool {
    guard(false, || {
        let max = max_input_length() as usize;
        if input_length > max || base_length > max {
            return false;
        }
        // SAFETY: the C caller passes readable bytes (or NULL) for both strings.
        let (Some(input), Some(base)) = (unsafe { text(input, input_length) }, unsafe {
            text(base, base_length)
        }) else {
            return false;
        };
        if max_input_length() == u32::MAX {
            Url::can_parse(&input, Some(&base))
        } else {
            parse_str(&base, None).is_ok_and(|b| parse_str(&input, Some(&b)).is_ok())
        }
    })
}

/// Frees a URL handle (NULL: nothing).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread, and is not
/// used after this call.
#[no_mangle]
pub unsafe extern "C" fn ada_free(result: ada_url) {
    // SAFETY: `result` is NULL or a live handle from this library, freed once.
    guard((), || unsafe { free_handle::<UrlHandle>(result) });
}

/// A new handle with a copy of `input` (NULL for NULL), freed with `ada_free`.
///
/// # Safety
///
/// `input` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_copy(input: ada_url) -> ada_url {
    guard(std::ptr::null_mut(), || {
        // SAFETY: `input` is NULL or a live handle.
        match unsafe { handle_mut::<UrlHandle>(input) } {
            Some(h) => new_handle(h.url.clone()),
            None => std::ptr::null_mut(),
        }
    })
}

/// Whether the parse succeeded.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_is_valid(result: ada_url) -> bool {
    // SAFETY: `result` is NULL or a live handle.
    guard(false, || unsafe { url_of(result) }.is_some())
}

/// The [origin](https://url.spec.whatwg.org/#concept-url-origin)'s serialization (`"null"` for
/// an opaque origin), owned by the caller; `{NULL, 0}` for an invalid URL.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_get_origin(result: ada_url) -> ada_owned_string {
    guard(NULL_OWNED, || {
        // SAFETY: `result` is NULL or a live handle.
        match unsafe { url_of(result) } {
            Some(url) => owned(url.origin().to_string().as_bytes()),
            None => NULL_OWNED,
        }
    })
}

/// A getter: the slice `get` returns, borrowed from the handle; `{NULL, 0}` when invalid.
///
/// # Safety
/// `result` must be NULL or a live `ada_url`; the string returned is not used once it is
/// changed or freed.
#[inline]
unsafe fn get(result: ada_url, get: impl FnOnce(&Url) -> &str) -> ada_string {
    guard(NULL_STRING, || {
        // SAFETY: `result` is NULL or a live handle; the slice lives in it.
        match unsafe { url_of(result) } {
            Some(url) => borrowed(get(url)),
            None => NULL_STRING,
        }
    })
}

/// The `href` getter (the URL serializer's output).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_href(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::href) }
}

/// The `username` getter.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_username(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::username) }
}

/// The `password` getter.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_password(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::password) }
}

/// The `port` getter (`""` when the port is null).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_port(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::port) }
}

/// The `hash` getter (`"#frag"`, or `""` when the fragment is null or empty).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_hash(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::hash) }
}

/// The `host` getter (hostname and `:port`).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_host(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::host) }
}

/// The `hostname` getter (IPv6 addresses in brackets).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_hostname(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::hostname) }
}

/// The `pathname` getter.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_pathname(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::pathname) }
}

/// The `search` getter (`"?q"`, or `""` when the query is null or empty).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_search(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::search) }
}

/// The `protocol` getter (the scheme and `:`).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_protocol(result: ada_url) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { get(result, Url::protocol) }
}

/// ada's `url_host_type`: 0 a domain, an opaque or empty host, or no host (and an invalid
/// URL); 1 an IPv4 address; 2 an IPv6 address.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_get_host_type(result: ada_url) -> u8 {
    guard(0, || {
        // SAFETY: `result` is NULL or a live handle.
        unsafe { url_of(result) }.map_or(0, |u| ada::host_type(u))
    })
}

/// ada's `scheme::type`: 0 http, 1 not special, 2 https, 3 ws, 4 ftp, 5 wss, 6 file (0 for an
/// invalid URL).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_get_scheme_type(result: ada_url) -> u8 {
    guard(0, || {
        // SAFETY: `result` is NULL or a live handle.
        unsafe { url_of(result) }.map_or(0, |u| ada::scheme_type(u))
    })
}

/// A setter: `set` on the URL with the decoded value, after the URL takes the current
/// maximum input length. `false` for an invalid URL or a refused value.
///
/// # Safety
/// `result` must be NULL or a live `ada_url`; `input` as `ffi::bytes`.
#[inline]
unsafe fn set(
    result: ada_url,
    input: *const c_char,
    length: usize,
    set: impl FnOnce(&mut Url, &str) -> bool,
) -> bool {
    guard(false, || {
        // SAFETY: `result` is NULL or a live handle.
        let Some(url) = (unsafe { url_of(result) }) else {
            return false;
        };
        let max = max_input_length();
        if length > max as usize {
            return false;
        }
        // SAFETY: the C caller passes `length` readable bytes at `input` (or NULL).
        let Some(value) = (unsafe { text(input, length) }) else {
            return false;
        };
        if url.max_length() != max as usize {
            // Refused when the URL is already longer: it keeps its limit, and setters that
            // would lengthen it further refuse.
            let _ = url.set_max_length(max as usize);
        }
        set(url, &value)
    })
}

/// The `href` setter: `false` (URL unchanged) when the value does not parse.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_href(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe { set(result, input, length, |u, v| ada::set(u, Setter::Href, v)) }
}

/// The `host` setter: `true` when the host was set, also when the standard then ignores a
/// bad port after it (`"example.com:invalid"`, `"example.com:65536"`), as ada returns.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_host(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe { set(result, input, length, |u, v| ada::set(u, Setter::Host, v)) }
}

/// The `hostname` setter.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_hostname(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe {
        set(result, input, length, |u, v| {
            ada::set(u, Setter::Hostname, v)
        })
    }
}

/// The `protocol` setter.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_protocol(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe {
        set(result, input, length, |u, v| {
            ada::set(u, Setter::Protocol, v)
        })
    }
}

/// The `username` setter.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_username(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe {
        set(result, input, length, |u, v| {
            ada::set(u, Setter::Username, v)
        })
    }
}

/// The `password` setter.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_password(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe {
        set(result, input, length, |u, v| {
            ada::set(u, Setter::Password, v)
        })
    }
}

/// The `port` setter (`""` makes the port null).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_port(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe { set(result, input, length, |u, v| ada::set(u, Setter::Port, v)) }
}

/// The `pathname` setter.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_pathname(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe {
        set(result, input, length, |u, v| {
            ada::set(u, Setter::Pathname, v)
        })
    }
}

/// The `search` setter (`""` makes the query null, as the standard says).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_search(result: ada_url, input: *const c_char, length: usize) {
    // SAFETY: forwarded contract.
    unsafe { set(result, input, length, |u, v| ada::set(u, Setter::Search, v)) };
}

/// The `hash` setter (`""` makes the fragment null, as the standard says).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `input` is
/// NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_set_hash(result: ada_url, input: *const c_char, length: usize) {
    // SAFETY: forwarded contract.
    unsafe { set(result, input, length, |u, v| ada::set(u, Setter::Hash, v)) };
}

/// Makes the port null.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_clear_port(result: ada_url) {
    // SAFETY: forwarded contract; NULL with length 0 is the empty string.
    unsafe {
        set(result, std::ptr::null(), 0, |u, _| {
            u.set_port_number(None).is_ok()
        })
    };
}

/// Makes the fragment null (no `#`).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_clear_hash(result: ada_url) {
    // SAFETY: forwarded contract.
    unsafe { set(result, std::ptr::null(), 0, |u, _| u.set_hash("").is_ok()) };
}

/// Makes the query null (no `?`).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_clear_search(result: ada_url) {
    // SAFETY: forwarded contract.
    unsafe { set(result, std::ptr::null(), 0, |u, _| u.set_search("").is_ok()) };
}

/// A predicate on a valid URL; `false` for an invalid one.
///
/// # Safety
/// `result` must be NULL or a live `ada_url`.
#[inline]
unsafe fn has(result: ada_url, test: impl FnOnce(&Url) -> bool) -> bool {
    // SAFETY: `result` is NULL or a live handle.
    guard(false, || unsafe { url_of(result) }.is_some_and(|u| test(u)))
}

/// Whether the username or the password is not empty.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_has_credentials(result: ada_url) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has(result, Url::includes_credentials) }
}

/// Whether the host is the empty host.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_has_empty_hostname(result: ada_url) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has(result, |u| u.has_host() && u.hostname().is_empty()) }
}

/// Whether the host is not null.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_has_hostname(result: ada_url) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has(result, Url::has_host) }
}

/// Whether the username is not empty.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_has_non_empty_username(result: ada_url) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has(result, |u| !u.username().is_empty()) }
}

/// Whether the password is not empty.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_has_non_empty_password(result: ada_url) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has(result, |u| !u.password().is_empty()) }
}

/// Whether the port is not null.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_has_port(result: ada_url) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has(result, |u| u.port_number().is_some()) }
}

/// Whether the href has a password (the same as `ada_has_non_empty_password`: the serializer
/// writes no empty password).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_has_password(result: ada_url) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has(result, |u| !u.password().is_empty()) }
}

/// Whether the fragment is not null (`"#"` counts).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_has_hash(result: ada_url) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has(result, |u| u.fragment().is_some()) }
}

/// Whether the query is not null (`"?"` counts).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_has_search(result: ada_url) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has(result, |u| u.query().is_some()) }
}

/// ada's `url_components` of `url` (see `ada_url_components`).
pub(crate) fn components(url: &Url) -> ada_url_components {
    let at = |p: Position| u32::try_from(url.position(p)).unwrap_or(ada_url_omitted);
    let protocol_end = at(Position::AfterScheme).saturating_add(1);
    let (username_end, host_start, host_end) = if url.has_host() {
        let username_end = at(Position::AfterUsername);
        // With credentials ada's host starts at the `@`.
        let host_start = if url.includes_credentials() {
            at(Position::BeforeHost).saturating_sub(1)
        } else {
            username_end
        };
        (username_end, host_start, at(Position::AfterHost))
    } else {
        (protocol_end, protocol_end, protocol_end)
    };
    ada_url_components {
        protocol_end,
        username_end,
        host_start,
        host_end,
        port: url.port_number().map_or(ada_url_omitted, u32::from),
        pathname_start: at(Position::BeforePath),
        search_start: match url.query() {
            Some(_) => at(Position::AfterPath),
            None => ada_url_omitted,
        },
        hash_start: match url.fragment() {
            Some(_) => at(Position::AfterQuery),
            None => ada_url_omitted,
        },
    }
}

/// The URL's component offsets (ada's `url_components`), stored in the handle: valid until
/// the handle is changed or freed. NULL for an invalid URL.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; the
/// `ada_url_components` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_get_components(result: ada_url) -> *const ada_url_components {
    guard(std::ptr::null(), || {
        // SAFETY: `result` is NULL or a live handle.
        let Some(handle) = (unsafe { handle_mut::<UrlHandle>(result) }) else {
            return std::ptr::null();
        };
        let Some(url) = &handle.url else {
            return std::ptr::null();
        };
        handle.components = components(url);
        &handle.components
    })
}
