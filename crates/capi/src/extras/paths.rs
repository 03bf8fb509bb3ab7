//! File paths to `file:` URLs and back.

use std::ffi::c_char;

use weburl::{FilePathError, PathStyle, Url};

use crate::ada::types::{ada_owned_string, ada_string, ada_url};
use crate::ada::url::{new_handle, url_of};
use crate::ffi::{borrowed, bytes, guard, owned, NULL_OWNED};

/// Path rules of the platform the library was built for.
pub const WEBURL_PATH_NATIVE: u8 = 0;
/// Unix path rules (`/` separates; any byte but `/` and NUL in a name).
pub const WEBURL_PATH_UNIX: u8 = 1;
/// Windows path rules (drive letters, `\` and `/` separate, UNC paths).
pub const WEBURL_PATH_WINDOWS: u8 = 2;

fn style(s: u8) -> PathStyle {
    match s {
        WEBURL_PATH_UNIX => PathStyle::Unix,
        WEBURL_PATH_WINDOWS => PathStyle::Windows,
        _ => PathStyle::NATIVE,
    }
}

/// Writes the error's static name to `error` when it is not NULL.
///
/// # Safety
/// `error` must be NULL or writable.
unsafe fn report(error: *mut ada_string, e: Option<FilePathError>) {
    if !error.is_null() {
        let name = e.map_or(crate::ffi::NULL_STRING, |e| borrowed(e.name()));
        // SAFETY: the caller's contract.
        unsafe { error.write(name) };
    }
}

/// The `file:` URL of the absolute path `path` (bytes; under Windows rules they must be
/// UTF-8) under `style` (`WEBURL_PATH_*`), with a trailing `/` when `directory`. Returns a
/// handle (freed with `ada_free`), invalid when the path has no URL; then, when `error` is not
/// NULL, `*error` is the reason's static name (`"relative-path"`, `"nul-in-path"`, ...), else
/// `{NULL, 0}`.
///
/// # Safety
///
/// `path` is NULL or points to `length` readable bytes; `error` is NULL or points to a writable
/// `ada_string`.
#[no_mangle]
pub unsafe extern "C" fn weburl_from_file_path(
    path: *const c_char,
    length: usize,
    path_style: u8,
    directory: bool,
    error: *mut ada_string,
) -> ada_url {
    let outcome = guard(Err(FilePathError::TooLong), || {
        // SAFETY: the C caller passes `length` readable bytes at `path` (or NULL).
        let Some(path) = (unsafe { bytes(path, length) }) else {
            return Err(FilePathError::TooLong);
        };
        if directory {
            Url::from_directory_path_with(path, style(path_style))
        } else {
            Url::from_file_path_with(path, style(path_style))
        }
    });
    // SAFETY: forwarded contract.
    unsafe { report(error, outcome.as_ref().err().copied()) };
    new_handle(outcome.ok())
}

/// The path of a `file:` URL under `style` (`WEBURL_PATH_*`), as bytes owned by the caller
/// (NUL-terminated too); `{NULL, 0}` when the URL has no path there, and then, when `error`
/// is not NULL, `*error` is the reason's static name (`"not-a-file-url"`, `"host-on-unix"`,
/// ...), else `{NULL, 0}`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url` from this library, not in use by another thread; `error` is
/// NULL or points to a writable `ada_string`.
#[no_mangle]
pub unsafe extern "C" fn weburl_to_file_path(
    result: ada_url,
    path_style: u8,
    error: *mut ada_string,
) -> ada_owned_string {
    let outcome = guard(Err(FilePathError::NotAFileUrl), || {
        // SAFETY: NULL or a live handle.
        match unsafe { url_of(result) } {
            Some(url) => url.to_file_path_with(style(path_style)),
            None => Err(FilePathError::NotAFileUrl),
        }
    });
    // SAFETY: forwarded contract.
    unsafe { report(error, outcome.as_ref().err().copied()) };
    match outcome {
        Ok(path) => owned(&path),
        Err(_) => NULL_OWNED,
    }
}
