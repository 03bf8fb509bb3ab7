//! The boundary: C strings and handles in, C values out, panics caught. Every raw-pointer
//! operation of the crate that is not a plain `Box` round trip lives here.
//!
//! Input conversion: the standard's input is a string of Unicode scalar values; a browser
//! makes one from bytes with the Encoding Standard's
//! [UTF-8 decode](https://encoding.spec.whatwg.org/#utf-8-decode), which turns each maximal
//! ill-formed subsequence into U+FFFD. Every function here does that with bytes that are not
//! UTF-8 (`String::from_utf8_lossy`, the same replacement; a leading BOM is kept, as the URL
//! parser is given a string, not a resource); a
//! valid UTF-8 input is used in place, without a copy.

use std::borrow::Cow;
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::ada::types::{ada_owned_string, ada_string};

/// Runs `f`, turning a panic into `fallback`: no unwinding crosses the C boundary.
#[inline]
pub(crate) fn guard<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

/// The `length` bytes at `data`: NULL (whatever the length) is the empty string; a length
/// over `isize::MAX`, which no C object can have, is `None` (the callers refuse it as over the
/// maximum length).
///
/// # Safety
/// When `data` is not NULL, it must point to `length` readable bytes that stay unchanged for
/// `'a` (the C API's contract: the length is authoritative, no NUL terminator is needed or
/// looked for).
#[inline]
pub(crate) unsafe fn bytes<'a>(data: *const c_char, length: usize) -> Option<&'a [u8]> {
    if data.is_null() {
        return Some(&[]);
    }
    if length > isize::MAX as usize {
        return None;
    }
    // SAFETY: non-NULL, length <= isize::MAX, and the caller promises `length` readable bytes.
    Some(unsafe { std::slice::from_raw_parts(data.cast::<u8>(), length) })
}

/// [`bytes`] decoded as UTF-8 with replacement (borrowed when it is valid UTF-8).
///
/// # Safety
/// As for [`bytes`].
#[inline]
pub(crate) unsafe fn text<'a>(data: *const c_char, length: usize) -> Option<Cow<'a, str>> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { bytes(data, length) }?;
    // weburl-bytes' `is_ascii` (sixteen bytes at a time): on the corpora's URLs, faster than
    // `<[u8]>::is_ascii` or `str::from_utf8` (`docs/performance.md`).
    if weburl::bytes::is_ascii(bytes) {
        // The common case.
        // SAFETY: ASCII bytes are valid UTF-8.
        return Some(Cow::Borrowed(unsafe {
            std::str::from_utf8_unchecked(bytes)
        }));
    }
    // `from_utf8` before the lossy decoder: much quicker on valid UTF-8.
    Some(match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(bytes),
    })
}

/// A borrowed `ada_string` for `s` (valid while `s` is).
#[inline]
pub(crate) fn borrowed(s: &str) -> ada_string {
    ada_string {
        data: s.as_ptr().cast(),
        length: s.len(),
    }
}

/// The `{NULL, 0}` string ada returns for "no value".
pub(crate) const NULL_STRING: ada_string = ada_string {
    data: std::ptr::null(),
    length: 0,
};

/// The `{NULL, 0}` owned string (freeing it is a no-op).
pub(crate) const NULL_OWNED: ada_owned_string = ada_owned_string {
    data: std::ptr::null(),
    length: 0,
};

/// A copy of `s` the caller owns: `length` bytes plus a NUL terminator (not counted), freed by
/// [`free_owned`].
pub(crate) fn owned(s: &[u8]) -> ada_owned_string {
    let mut buf = Vec::with_capacity(s.len() + 1);
    buf.extend_from_slice(s);
    buf.push(0);
    let length = s.len();
    let data = Box::into_raw(buf.into_boxed_slice());
    ada_owned_string {
        data: data.cast::<c_char>().cast_const(),
        length,
    }
}

/// Frees what [`owned`] returned; `{NULL, _}` is a no-op.
///
/// # Safety
/// `s` must be NULL or come from [`owned`] unchanged, and not be freed twice.
pub(crate) unsafe fn free_owned(s: ada_owned_string) {
    if s.data.is_null() || s.length == usize::MAX {
        return;
    }
    let slice = std::ptr::slice_from_raw_parts_mut(s.data.cast_mut().cast::<u8>(), s.length + 1);
    // SAFETY: `owned` made this pointer from a boxed slice of exactly `length + 1` bytes.
    drop(unsafe { Box::from_raw(slice) });
}

/// Moves `value` to the heap and hands C an opaque pointer to it.
#[inline]
pub(crate) fn into_handle<T>(value: T) -> *mut std::ffi::c_void {
    Box::into_raw(Box::new(value)).cast()
}

/// The value behind a handle from [`into_handle`], or `None` for NULL.
///
/// # Safety
/// `handle` must be NULL or a live handle of type `T` from [`into_handle`], not used from
/// another thread at the same time.
#[inline]
pub(crate) unsafe fn handle_mut<'a, T>(handle: *mut std::ffi::c_void) -> Option<&'a mut T> {
    // SAFETY: the caller's contract; `as_mut` is `None` for NULL.
    unsafe { handle.cast::<T>().as_mut() }
}

/// Frees a handle from [`into_handle`]; NULL is a no-op.
///
/// # Safety
/// `handle` must be NULL or a live handle of type `T` from [`into_handle`], not freed twice.
#[inline]
pub(crate) unsafe fn free_handle<T>(handle: *mut std::ffi::c_void) {
    if !handle.is_null() {
        // SAFETY: it came from `Box::into_raw(Box<T>)` in `into_handle`.
        drop(unsafe { Box::from_raw(handle.cast::<T>()) });
    }
}

#[cfg(test)]
mod tests {
    #[test]
    #[allow(clippy::panic)]
    fn guard_turns_a_panic_into_the_fallback() {
        assert_eq!(super::guard(7, || panic!("across the boundary")), 7);
        assert_eq!(super::guard(7, || 8), 8);
    }
}
