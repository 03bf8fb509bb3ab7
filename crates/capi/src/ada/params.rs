//! `ada_url_search_params` ([`URLSearchParams`](https://url.spec.whatwg.org/#interface-urlsearchparams)),
//! `ada_strings` and the three iterators.
//!
//! A list is shared (`Rc`) between its handle and its iterators, so an iterator sees the
//! list's changes (as ada's do) and stays safe to use after the list is freed.

use std::cell::RefCell;
use std::ffi::c_char;
use std::rc::Rc;

use weburl::SearchParams;

use crate::ada::misc::max_input_length;
use crate::ada::types::{
    ada_owned_string, ada_string, ada_string_pair, ada_strings, ada_url_search_params,
    ada_url_search_params_entries_iter, ada_url_search_params_keys_iter,
    ada_url_search_params_values_iter,
};
use crate::ffi::{
    borrowed, free_handle, guard, handle_mut, into_handle, owned, text, NULL_OWNED, NULL_STRING,
};

type Shared = Rc<RefCell<SearchParams>>;

/// What the iterator handles point to.
struct Iter {
    params: Shared,
    pos: usize,
}

/// The list behind a handle.
///
/// # Safety
/// `result` must be NULL or a live `ada_url_search_params`.
unsafe fn params<'a>(result: ada_url_search_params) -> Option<&'a Shared> {
    // SAFETY: the caller's contract.
    unsafe { handle_mut::<Shared>(result) }.map(|p| &*p)
}

/// The URLSearchParams constructor on a string: a leading `?` is dropped, the rest parsed as
/// `application/x-www-form-urlencoded`; empty when over the maximum input length.
///
/// # Safety
/// As `ffi::bytes`.
unsafe fn parse(input: *const c_char, length: usize) -> SearchParams {
    if length > max_input_length() as usize {
        return SearchParams::new();
    }
    // SAFETY: forwarded contract.
    match unsafe { text(input, length) } {
        Some(input) => SearchParams::parse(&input),
        None => SearchParams::new(),
    }
}

/// Parses a query string (a leading `?` is ignored) into a new list, freed with
/// `ada_free_search_params`.
///
/// # Safety
///
/// `input` is NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_parse_search_params(
    input: *const c_char,
    length: usize,
) -> ada_url_search_params {
    // SAFETY: the C caller passes `length` readable bytes at `input` (or NULL).
    let list = guard(SearchParams::new(), || unsafe { parse(input, length) });
    into_handle::<Shared>(Rc::new(RefCell::new(list)))
}

/// Frees a list (its iterators stay usable).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread, and is not used after this call.
#[no_mangle]
pub unsafe extern "C" fn ada_free_search_params(result: ada_url_search_params) {
    // SAFETY: NULL or a live handle, freed once.
    guard((), || unsafe { free_handle::<Shared>(result) });
}

/// `f` on the list; `None` for a NULL handle or a panic.
///
/// # Safety
/// `result` must be NULL or a live `ada_url_search_params`.
unsafe fn with<T>(result: ada_url_search_params, f: impl FnOnce(&Shared) -> T) -> Option<T> {
    // SAFETY: forwarded contract.
    guard(None, || unsafe { params(result) }.map(f))
}

/// The number of pairs.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_size(result: ada_url_search_params) -> usize {
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| p.borrow().len()) }.unwrap_or(0)
}

/// Sorts the pairs by name (UTF-16 code units, stable), as `URLSearchParams.sort()`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_sort(result: ada_url_search_params) {
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| p.borrow_mut().sort()) };
}

/// The `application/x-www-form-urlencoded` serialization, owned by the caller (`{NULL, 0}`
/// for NULL).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_to_string(
    result: ada_url_search_params,
) -> ada_owned_string {
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| owned(p.borrow().to_string().as_bytes())) }.unwrap_or(NULL_OWNED)
}

/// The pairs as `name=value` joined by `&`, without any encoding (for display and logs, not
/// for URLs), owned by the caller. Not in ada 4.0's header; ada's releases after it have it,
/// and programs written for them link too.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_to_unsafe_string(
    result: ada_url_search_params,
) -> ada_owned_string {
    // SAFETY: forwarded contract.
    unsafe {
        with(result, |p| {
            let mut out = String::new();
            for (i, (k, v)) in p.borrow().as_pairs().iter().enumerate() {
                if i > 0 {
                    out.push('&');
                }
                out.push_str(k);
                out.push('=');
                out.push_str(v);
            }
            owned(out.as_bytes())
        })
    }
    .unwrap_or(NULL_OWNED)
}

/// `append(key, value)`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread; `key` is NULL or points to `key_length` readable bytes; `value` is NULL or points to
/// `value_length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_append(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) {
    // SAFETY: the C caller passes readable bytes (or NULL) for both strings.
    let (Some(k), Some(v)) = (unsafe { text(key, key_length) }, unsafe {
        text(value, value_length)
    }) else {
        return;
    };
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| p.borrow_mut().append(k, v)) };
}

/// `set(key, value)`: the first pair named `key` takes `value`, the others are removed (or a
/// pair is appended).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread; `key` is NULL or points to `key_length` readable bytes; `value` is NULL or points to
/// `value_length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_set(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) {
    // SAFETY: the C caller passes readable bytes (or NULL) for both strings.
    let (Some(k), Some(v)) = (unsafe { text(key, key_length) }, unsafe {
        text(value, value_length)
    }) else {
        return;
    };
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| p.borrow_mut().set(k, v)) };
}

/// `delete(key)`: removes every pair named `key`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread; `key` is NULL or points to `key_length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_remove(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) {
    // SAFETY: the C caller passes `key_length` readable bytes at `key` (or NULL).
    let Some(k) = (unsafe { text(key, key_length) }) else {
        return;
    };
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| p.borrow_mut().delete(&k)) };
}

/// `delete(key, value)`: removes every pair named `key` with value `value`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread; `key` is NULL or points to `key_length` readable bytes; `value` is NULL or points to
/// `value_length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_remove_value(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) {
    // SAFETY: the C caller passes readable bytes (or NULL) for both strings.
    let (Some(k), Some(v)) = (unsafe { text(key, key_length) }, unsafe {
        text(value, value_length)
    }) else {
        return;
    };
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| p.borrow_mut().delete_with_value(&k, &v)) };
}

/// `has(key)`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread; `key` is NULL or points to `key_length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_has(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) -> bool {
    // SAFETY: the C caller passes `key_length` readable bytes at `key` (or NULL).
    let Some(k) = (unsafe { text(key, key_length) }) else {
        return false;
    };
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| p.borrow().has(&k)) }.unwrap_or(false)
}

/// `has(key, value)`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread; `key` is NULL or points to `key_length` readable bytes; `value` is NULL or points to
/// `value_length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_has_value(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) -> bool {
    // SAFETY: the C caller passes readable bytes (or NULL) for both strings.
    let (Some(k), Some(v)) = (unsafe { text(key, key_length) }, unsafe {
        text(value, value_length)
    }) else {
        return false;
    };
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| p.borrow().has_with_value(&k, &v)) }.unwrap_or(false)
}

/// `get(key)`: the first value named `key`, borrowed from the list; `{NULL, 0}` when there is
/// none.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread; `key` is NULL or points to `key_length` readable bytes; the `ada_string` returned is not
/// used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) -> ada_string {
    // SAFETY: the C caller passes `key_length` readable bytes at `key` (or NULL).
    let Some(k) = (unsafe { text(key, key_length) }) else {
        return NULL_STRING;
    };
    // SAFETY: forwarded contract; the value lives in the list until it changes.
    unsafe { with(result, |p| p.borrow().get(&k).map_or(NULL_STRING, borrowed)) }
        .unwrap_or(NULL_STRING)
}

/// `getAll(key)`: a copy of the values named `key`, freed with `ada_free_strings` (never
/// NULL).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread; `key` is NULL or points to `key_length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get_all(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) -> ada_strings {
    let values = guard(Vec::new(), || {
        // SAFETY: the C caller passes `key_length` readable bytes at `key` (or NULL).
        let Some(k) = (unsafe { text(key, key_length) }) else {
            return Vec::new();
        };
        // SAFETY: forwarded contract.
        unsafe {
            with(result, |p| {
                p.borrow()
                    .get_all(&k)
                    .map(String::from)
                    .collect::<Vec<String>>()
            })
        }
        .unwrap_or_default()
    });
    into_handle::<Vec<String>>(values)
}

/// Replaces the pairs with those `input` parses to (a leading `?` is ignored; over the
/// maximum input length: none).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread; `input` is NULL or points to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_reset(
    result: ada_url_search_params,
    input: *const c_char,
    length: usize,
) {
    // SAFETY: the C caller passes `length` readable bytes at `input` (or NULL).
    let list = guard(SearchParams::new(), || unsafe { parse(input, length) });
    // SAFETY: forwarded contract.
    unsafe { with(result, |p| *p.borrow_mut() = list) };
}

/// A new iterator over the list (never NULL; over nothing for a NULL list).
///
/// # Safety
/// `result` must be NULL or a live `ada_url_search_params`.
unsafe fn iter(result: ada_url_search_params) -> *mut std::ffi::c_void {
    // SAFETY: forwarded contract.
    let params = unsafe { with(result, Rc::clone) }
        .unwrap_or_else(|| Rc::new(RefCell::new(SearchParams::new())));
    into_handle(Iter { params, pos: 0 })
}

/// An iterator over the names, freed with `ada_free_search_params_keys_iter`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get_keys(
    result: ada_url_search_params,
) -> ada_url_search_params_keys_iter {
    // SAFETY: forwarded contract.
    unsafe { iter(result) }
}

/// An iterator over the values, freed with `ada_free_search_params_values_iter`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get_values(
    result: ada_url_search_params,
) -> ada_url_search_params_values_iter {
    // SAFETY: forwarded contract.
    unsafe { iter(result) }
}

/// An iterator over the pairs, freed with `ada_free_search_params_entries_iter`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params` from this library, not in use by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_get_entries(
    result: ada_url_search_params,
) -> ada_url_search_params_entries_iter {
    // SAFETY: forwarded contract.
    unsafe { iter(result) }
}

/// Frees an `ada_strings`.
///
/// # Safety
///
/// `result` is NULL or a live `ada_strings` from this library, not in use by another thread, and is
/// not used after this call.
#[no_mangle]
pub unsafe extern "C" fn ada_free_strings(result: ada_strings) {
    // SAFETY: NULL or a live handle, freed once.
    guard((), || unsafe { free_handle::<Vec<String>>(result) });
}

/// The number of strings.
///
/// # Safety
///
/// `result` is NULL or a live `ada_strings` from this library, not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_strings_size(result: ada_strings) -> usize {
    guard(0, || {
        // SAFETY: NULL or a live handle.
        unsafe { handle_mut::<Vec<String>>(result) }.map_or(0, |v| v.len())
    })
}

/// The string at `index`, borrowed from the list; `{NULL, 0}` when `index` is out of range.
///
/// # Safety
///
/// `result` is NULL or a live `ada_strings` from this library, not in use by another thread; the
/// `ada_string` returned is not used once `result` is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_strings_get(result: ada_strings, index: usize) -> ada_string {
    guard(NULL_STRING, || {
        // SAFETY: NULL or a live handle.
        unsafe { handle_mut::<Vec<String>>(result) }
            .and_then(|v| v.get(index))
            .map_or(NULL_STRING, |s| borrowed(s))
    })
}

/// The next pair of an iterator (`None` at the end), advancing it.
///
/// # Safety
/// `it` must be NULL or a live iterator handle.
unsafe fn next(it: *mut std::ffi::c_void) -> Option<ada_string_pair> {
    guard(None, || {
        // SAFETY: forwarded contract.
        let it = unsafe { handle_mut::<Iter>(it) }?;
        let list = it.params.borrow();
        let (k, v) = list.as_pairs().get(it.pos)?;
        it.pos += 1;
        // The strings live in the list, which `it` keeps alive, until the list changes.
        Some(ada_string_pair {
            key: borrowed(k),
            value: borrowed(v),
        })
    })
}

/// Whether an iterator has another pair.
///
/// # Safety
/// `it` must be NULL or a live iterator handle.
unsafe fn has_next(it: *mut std::ffi::c_void) -> bool {
    guard(false, || {
        // SAFETY: forwarded contract.
        unsafe { handle_mut::<Iter>(it) }.is_some_and(|it| it.pos < it.params.borrow().len())
    })
}

/// Frees a names iterator.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params_keys_iter` from this library, not in use by
/// another thread, and is not used after this call.
#[no_mangle]
pub unsafe extern "C" fn ada_free_search_params_keys_iter(result: ada_url_search_params_keys_iter) {
    // SAFETY: NULL or a live handle, freed once.
    guard((), || unsafe { free_handle::<Iter>(result) });
}

/// The next name (`{NULL, 0}` at the end).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params_keys_iter` from this library, not in use by
/// another thread (nor the list it came from); the `ada_string` returned is not used once that list
/// is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_keys_iter_next(
    result: ada_url_search_params_keys_iter,
) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { next(result) }.map_or(NULL_STRING, |p| p.key)
}

/// Whether there is another name.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params_keys_iter` from this library, not in use by
/// another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_keys_iter_has_next(
    result: ada_url_search_params_keys_iter,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has_next(result) }
}

/// Frees a values iterator.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params_values_iter` from this library, not in use by
/// another thread, and is not used after this call.
#[no_mangle]
pub unsafe extern "C" fn ada_free_search_params_values_iter(
    result: ada_url_search_params_values_iter,
) {
    // SAFETY: NULL or a live handle, freed once.
    guard((), || unsafe { free_handle::<Iter>(result) });
}

/// The next value (`{NULL, 0}` at the end).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params_values_iter` from this library, not in use by
/// another thread (nor the list it came from); the `ada_string` returned is not used once that list
/// is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_values_iter_next(
    result: ada_url_search_params_values_iter,
) -> ada_string {
    // SAFETY: forwarded contract.
    unsafe { next(result) }.map_or(NULL_STRING, |p| p.value)
}

/// Whether there is another value.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params_values_iter` from this library, not in use by
/// another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_values_iter_has_next(
    result: ada_url_search_params_values_iter,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has_next(result) }
}

/// Frees a pairs iterator.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params_entries_iter` from this library, not in use by
/// another thread, and is not used after this call.
#[no_mangle]
pub unsafe extern "C" fn ada_free_search_params_entries_iter(
    result: ada_url_search_params_entries_iter,
) {
    // SAFETY: NULL or a live handle, freed once.
    guard((), || unsafe { free_handle::<Iter>(result) });
}

/// The next pair (`{{NULL, 0}, {NULL, 0}}` at the end).
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params_entries_iter` from this library, not in use by
/// another thread (nor the list it came from); the `ada_string_pair` returned is not used once that
/// list is changed or freed.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_entries_iter_next(
    result: ada_url_search_params_entries_iter,
) -> ada_string_pair {
    // SAFETY: forwarded contract.
    unsafe { next(result) }.unwrap_or(ada_string_pair {
        key: NULL_STRING,
        value: NULL_STRING,
    })
}

/// Whether there is another pair.
///
/// # Safety
///
/// `result` is NULL or a live `ada_url_search_params_entries_iter` from this library, not in use by
/// another thread.
#[no_mangle]
pub unsafe extern "C" fn ada_search_params_entries_iter_has_next(
    result: ada_url_search_params_entries_iter,
) -> bool {
    // SAFETY: forwarded contract.
    unsafe { has_next(result) }
}
