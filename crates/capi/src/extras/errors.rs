//! [Validation errors](https://url.spec.whatwg.org/#validation-error) of a parse, and
//! `can_parse` with the reason.

use std::ffi::{c_char, c_void};

use weburl::{ReportedError, Url};

use crate::ada::misc::max_input_length;
use crate::ada::types::{ada_string, ada_url};
use crate::ada::url::{new_handle, parse_str};
use crate::ffi::{borrowed, bytes, free_handle, guard, handle_mut, into_handle, text, NULL_STRING};

/// The validation errors of one parse, freed with `weburl_free_errors`.
pub type weburl_errors = *mut c_void;

/// One validation error.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct weburl_validation_error {
    /// The name in the standard's table (`"host-missing"`, `"IPv4-non-decimal-part"`, ...),
    /// or `"too-long"` for an input over the maximum length: a static string, never freed.
    /// `{NULL, 0}` when there is no error.
    pub name: ada_string,
    /// The start of the byte range of the input the error concerns (of the input after
    /// UTF-8 decoding with replacement: the same bytes when the input is UTF-8).
    pub start: usize,
    /// The end of that range.
    pub end: usize,
    /// Whether this error made the parse fail.
    pub failure: bool,
}

const NO_ERROR: weburl_validation_error = weburl_validation_error {
    name: NULL_STRING,
    start: 0,
    end: 0,
    failure: false,
};

fn too_long(length: usize) -> weburl_validation_error {
    weburl_validation_error {
        name: borrowed("too-long"),
        start: 0,
        end: length,
        failure: true,
    }
}

fn to_c(e: &ReportedError) -> weburl_validation_error {
    weburl_validation_error {
        name: borrowed(e.name()),
        start: e.range.start,
        end: e.range.end,
        failure: e.failure,
    }
}

/// Parses `input` against `base` (NULL `base`: no base; a base that fails makes the result
/// invalid) as `ada_parse_with_base` does, and, when `errors` is not NULL, stores there a new
/// list of the input's validation errors (freed with `weburl_free_errors`; the base's are not
/// included). Returns a handle like `ada_parse`'s, freed with `ada_free`.
///
/// # Safety
///
/// `input` is NULL or points to `length` readable bytes; `base` is NULL or points to `base_length`
/// readable bytes; `errors` is NULL or points to a writable `weburl_errors`.
#[no_mangle]
pub unsafe extern "C" fn weburl_parse_with_errors(
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
    errors: *mut weburl_errors,
) -> ada_url {
    let (url, list) = guard((None, Vec::new()), || {
        let mut list: Vec<weburl_validation_error> = Vec::new();
        let max = max_input_length() as usize;
        if length > max {
            list.push(too_long(length));
            return (None, list);
        }
        let base = if base.is_null() {
            None
        } else {
            // SAFETY: the C caller passes `base_length` readable bytes at `base`.
            match unsafe { text(base, base_length) } {
                Some(b) if base_length <= max => match parse_str(&b, None) {
                    Ok(u) => Some(u),
                    Err(_) => return (None, list),
                },
                _ => return (None, list),
            }
        };
        // SAFETY: the C caller passes `length` readable bytes at `input` (or NULL).
        let Some(input) = (unsafe { text(input, length) }) else {
            list.push(too_long(length));
            return (None, list);
        };
        let mut options = Url::options();
        if let Some(b) = &base {
            options = options.base(b);
        }
        if max != u32::MAX as usize {
            options = options.max_length(max);
        }
        let (parsed, found) = options.parse_with_error_list(&input);
        list.extend(found.iter().map(to_c));
        (parsed.ok(), list)
    });
    if !errors.is_null() {
        // SAFETY: a non-NULL `errors` points to a writable `weburl_errors`.
        unsafe { errors.write(into_handle(list)) };
    }
    new_handle(url)
}

/// The number of errors in a list (0 for NULL).
///
/// # Safety
///
/// `errors` is NULL or a live `weburl_errors` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn weburl_errors_size(errors: weburl_errors) -> usize {
    guard(0, || {
        // SAFETY: NULL or a live handle.
        unsafe { handle_mut::<Vec<weburl_validation_error>>(errors) }.map_or(0, |l| l.len())
    })
}

/// The error at `index` (in the order the parser met them); a `{NULL, 0}` name when `index`
/// is out of range.
///
/// # Safety
///
/// `errors` is NULL or a live `weburl_errors` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn weburl_errors_get(
    errors: weburl_errors,
    index: usize,
) -> weburl_validation_error {
    guard(NO_ERROR, || {
        // SAFETY: NULL or a live handle.
        unsafe { handle_mut::<Vec<weburl_validation_error>>(errors) }
            .and_then(|l| l.get(index).copied())
            .unwrap_or(NO_ERROR)
    })
}

/// Frees a list of errors (NULL: nothing).
///
/// # Safety
///
/// `errors` is NULL or a live `weburl_errors` from this library, not in use by another thread, and
/// is not used after this call.
#[no_mangle]
pub unsafe extern "C" fn weburl_free_errors(errors: weburl_errors) {
    // SAFETY: NULL or a live handle, freed once.
    guard((), || unsafe {
        free_handle::<Vec<weburl_validation_error>>(errors)
    });
}

/// Whether `input` parses against `base` (NULL: no base), as `URL.canParse`; when it does not
/// and `reason` is not NULL, `*reason` is the validation error that failed the parse (of the
/// base, range in the base, when the base fails), else `*reason` gets a `{NULL, 0}` name.
///
/// # Safety
///
/// `input` is NULL or points to `length` readable bytes; `base` is NULL or points to `base_length`
/// readable bytes; `reason` is NULL or points to a writable `weburl_validation_error`.
#[no_mangle]
pub unsafe extern "C" fn weburl_can_parse(
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
    reason: *mut weburl_validation_error,
) -> bool {
    let why = guard(Some(NO_ERROR), || {
        let max = max_input_length() as usize;
        if length > max || (!base.is_null() && base_length > max) {
            return Some(too_long(length.max(base_length)));
        }
        // SAFETY: the C caller passes readable bytes (or NULL) for both strings.
        let (Some(input), raw_base) = (unsafe { text(input, length) }, unsafe {
            bytes(base, base_length)
        }) else {
            return Some(too_long(length));
        };
        let base = if base.is_null() {
            None
        } else {
            let Some(raw) = raw_base else {
                return Some(too_long(base_length));
            };
            match parse_str(&String::from_utf8_lossy(raw), None) {
                Ok(u) => Some(u),
                Err(e) => return Some(to_c(&ReportedError::from(&e))),
            }
        };
        parse_str(&input, base.as_ref())
            .err()
            .map(|e| to_c(&ReportedError::from(&e)))
    });
    if !reason.is_null() {
        // SAFETY: a non-NULL `reason` points to a writable `weburl_validation_error`.
        unsafe { reason.write(why.unwrap_or(NO_ERROR)) };
    }
    why.is_none()
}
