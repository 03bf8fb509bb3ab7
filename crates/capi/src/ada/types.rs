//! The types and constants of `ada_c.h`.

use std::ffi::{c_char, c_int, c_void};

/// `ada::url_components::omitted`: the value of an absent component's offset (`uint32_t(-1)`).
#[allow(non_upper_case_globals)]
pub const ada_url_omitted: u32 = 0xffff_ffff;

/// A string borrowed from the handle it came from: `length` bytes at `data`, not
/// NUL-terminated. Valid while that handle is neither changed (`ada_set_*`, `ada_clear_*`,
/// `ada_search_params_*` edits) nor freed. `{NULL, 0}` means "no value".
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ada_string {
    /// The first byte (NULL for "no value").
    pub data: *const c_char,
    /// The number of bytes.
    pub length: usize,
}

/// A string the caller owns and frees with `ada_free_owned_string`: `length` bytes at `data`
/// (weburl also writes a NUL after them, not counted in `length`). `{NULL, 0}` means "no
/// value"; freeing it does nothing.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ada_owned_string {
    /// The first byte (NULL for "no value").
    pub data: *const c_char,
    /// The number of bytes (the NUL after them not counted).
    pub length: usize,
}

/// ada's `url_components`: offsets into the href, `ada_url_omitted` for absent parts.
///
/// ```text
/// https://user:pass@example.com:1234/foo/bar?baz#quux
///       |     |    |          | ^^^^|       |   |
///       |     |    |          | |   |       |   `----- hash_start
///       |     |    |          | |   |       `--------- search_start
///       |     |    |          | |   `----------------- pathname_start
///       |     |    |          | `--------------------- port
///       |     |    |          `----------------------- host_end
///       |     |    `---------------------------------- host_start
///       |     `--------------------------------------- username_end
///       `--------------------------------------------- protocol_end
/// ```
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ada_url_components {
    /// The offset just after the scheme's `:`.
    pub protocol_end: u32,
    /// The username's end (`protocol_end + 2` when there is a host and no username,
    /// `protocol_end` without a host).
    pub username_end: u32,
    /// The host's start: the `@` when there are credentials, else `username_end`.
    pub host_start: u32,
    /// The host's end.
    pub host_end: u32,
    /// The port number, or `ada_url_omitted`.
    pub port: u32,
    /// The path's start.
    pub pathname_start: u32,
    /// The offset of the `?`, or `ada_url_omitted`.
    pub search_start: u32,
    /// The offset of the `#`, or `ada_url_omitted`.
    pub hash_start: u32,
}

/// A parsed URL (valid or not: see `ada_is_valid`), freed with `ada_free`.
pub type ada_url = *mut c_void;

/// A `URLSearchParams` list, freed with `ada_free_search_params`.
pub type ada_url_search_params = *mut c_void;

/// A list of strings (`ada_search_params_get_all`), freed with `ada_free_strings`.
pub type ada_strings = *mut c_void;

/// An iterator over a search params list's names, freed with
/// `ada_free_search_params_keys_iter`.
pub type ada_url_search_params_keys_iter = *mut c_void;

/// An iterator over a search params list's values, freed with
/// `ada_free_search_params_values_iter`.
pub type ada_url_search_params_values_iter = *mut c_void;

/// An iterator over a search params list's (name, value) pairs, freed with
/// `ada_free_search_params_entries_iter`.
pub type ada_url_search_params_entries_iter = *mut c_void;

/// A name and a value, borrowed as `ada_string` is.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ada_string_pair {
    /// The name.
    pub key: ada_string,
    /// The value.
    pub value: ada_string,
}

/// The version of ada's C API this library implements.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ada_version_components {
    /// Major version.
    pub major: c_int,
    /// Minor version.
    pub minor: c_int,
    /// Revision.
    pub revision: c_int,
}
