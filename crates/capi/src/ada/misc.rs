//! `ada_c.h`'s free functions: owned strings, IDNA, the maximum input length, the version.

use std::ffi::c_char;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::ada::types::{ada_owned_string, ada_version_components};
use crate::ffi::{free_owned, guard, owned, text, NULL_OWNED};

/// The process-wide maximum input length (`ada_set_max_input_length`).
static MAX_INPUT_LENGTH: AtomicU32 = AtomicU32::new(u32::MAX);

/// The current `ada_get_max_input_length`.
#[inline]
pub(crate) fn max_input_length() -> u32 {
    MAX_INPUT_LENGTH.load(Ordering::Relaxed)
}

/// Frees a string this library returned as `ada_owned_string` (`{NULL, 0}`: nothing).
///
/// # Safety
///
/// `owned` is `{NULL, 0}` or an `ada_owned_string` from this library, unchanged and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn ada_free_owned_string(owned: ada_owned_string) {
    // SAFETY: `owned` came from this library unchanged and is freed once.
    guard((), || unsafe { free_owned(owned) });
}

/// [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii) of `input` (with
/// beStrict false, as the host parser uses it): `""` when it fails. Owned by the caller.
///
/// # Safety
///
/// `input` is NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_idna_to_ascii(
    input: *const c_char,
    length: usize,
) -> ada_owned_string {
    guard(NULL_OWNED, || {
        // SAFETY: the C caller passes `length` readable bytes at `input` (or NULL).
        let Some(input) = (unsafe { text(input, length) }) else {
            return owned(b"");
        };
        match weburl::host::domain_to_ascii(&input, false, &mut ()) {
            Ok(ascii) => owned(ascii.as_bytes()),
            Err(_) => owned(b""),
        }
    })
}

/// [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode) of `input`
/// (the input itself when ToUnicode records an error). Owned by the caller.
///
/// # Safety
///
/// `input` is NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_idna_to_unicode(
    input: *const c_char,
    length: usize,
) -> ada_owned_string {
    guard(NULL_OWNED, || {
        // SAFETY: the C caller passes `length` readable bytes at `input` (or NULL).
        let Some(input) = (unsafe { text(input, length) }) else {
            return owned(b"");
        };
        owned(weburl::host::domain_to_unicode(&input).as_bytes())
    })
}

/// Sets the process-wide maximum length, in bytes, of URL inputs, of the hrefs that parsing
/// and the setters produce, and of the strings `ada_parse_search_params` and
/// `ada_search_params_reset` accept (default and maximum: `UINT32_MAX`).
#[no_mangle]
pub extern "C" fn ada_set_max_input_length(length: u32) {
    MAX_INPUT_LENGTH.store(length, Ordering::Relaxed);
}

/// The maximum input length (`ada_set_max_input_length`).
#[no_mangle]
pub extern "C" fn ada_get_max_input_length() -> u32 {
    max_input_length()
}

/// The version of ada's C API this library implements, `"4.0.0"` (static; weburl's own
/// version is `weburl_get_version()`).
#[no_mangle]
pub extern "C" fn ada_get_version() -> *const c_char {
    c"4.0.0".as_ptr()
}

/// The version of ada's C API this library implements: `{4, 0, 0}`.
#[no_mangle]
pub extern "C" fn ada_get_version_components() -> ada_version_components {
    ada_version_components {
        major: 4,
        minor: 0,
        revision: 0,
    }
}
