//! weburl's C API (weburl-capi) through its Rust declarations: an arbitrary sequence of calls
//! of `ada_c.h` and `weburl.h` on a few live handles (and NULL), with arbitrary bytes (not
//! UTF-8, NUL inside) as strings. Nothing may panic, crash or leak (run it with
//! AddressSanitizer: `cargo xtask fuzz capi`), and after every step a valid URL's href
//! re-parses to itself and `ada_get_components` agrees with the getters.
#![no_main]

use std::ffi::c_char;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use weburl_capi::ada::misc::*;
use weburl_capi::ada::params::*;
use weburl_capi::ada::types::*;
use weburl_capi::ada::url::*;
use weburl_capi::extras::errors::*;
use weburl_capi::extras::paths::*;
use weburl_capi::extras::site::*;

#[derive(Arbitrary, Debug)]
enum Op {
    Parse(Vec<u8>),
    ParseWithBase(Vec<u8>, Vec<u8>),
    CanParse(Vec<u8>, Option<Vec<u8>>),
    Copy(u8),
    Free(u8),
    Set(u8, u8, Vec<u8>),
    Clear(u8, u8),
    Origin(u8),
    Display(u8, bool, bool, u8),
    Site(u8),
    ToFilePath(u8, u8),
    FromFilePath(Vec<u8>, u8, bool),
    ParseWithErrors(Vec<u8>, Option<Vec<u8>>),
    Idna(Vec<u8>, bool),
    MaxLength(Option<u16>),
    Params(Vec<u8>),
    ParamsEdit(u8, u8, Vec<u8>, Vec<u8>),
    ParamsFree(u8),
    Iterate(u8, u8, u8),
    GetAll(u8, Vec<u8>, u8),
}

fn ptr(b: &[u8]) -> *const c_char {
    b.as_ptr().cast()
}

fn bytes_of(s: ada_string) -> Vec<u8> {
    if s.data.is_null() {
        return Vec::new();
    }
    // SAFETY: a string the library just returned, valid until its handle changes.
    unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.length) }.to_vec()
}

fn free_owned(s: ada_owned_string) {
    // SAFETY: owned strings from this library, freed once.
    unsafe { ada_free_owned_string(s) };
}

/// The entry at `i` (modulo the length), or NULL when `i` is 255 or there is none.
fn pick(handles: &[*mut std::ffi::c_void], i: u8) -> *mut std::ffi::c_void {
    if i == 255 || handles.is_empty() {
        return std::ptr::null_mut();
    }
    handles[usize::from(i) % handles.len()]
}

/// A valid URL's href re-parses to itself, and its components agree with its getters.
unsafe fn check(url: ada_url) {
    unsafe {
        if !ada_is_valid(url) {
            assert!(ada_get_href(url).data.is_null());
            assert!(ada_get_components(url).is_null());
            return;
        }
        let href = bytes_of(ada_get_href(url));
        // The URL may predate a lower maximum length (MaxLength).
        let max = ada_get_max_input_length();
        ada_set_max_input_length(u32::MAX);
        let again = ada_parse(ptr(&href), href.len());
        ada_set_max_input_length(max);
        assert_eq!(
            bytes_of(ada_get_href(again)),
            href,
            "href re-parses to itself"
        );
        ada_free(again);
        let c = *ada_get_components(url);
        let at = |n: u32| n as usize;
        assert_eq!(bytes_of(ada_get_protocol(url)), href[..at(c.protocol_end)]);
        let path_end = if c.search_start != ada_url_omitted {
            at(c.search_start)
        } else if c.hash_start != ada_url_omitted {
            at(c.hash_start)
        } else {
            href.len()
        };
        assert_eq!(
            bytes_of(ada_get_pathname(url)),
            href[at(c.pathname_start)..path_end]
        );
        assert_eq!(ada_has_search(url), c.search_start != ada_url_omitted);
        assert_eq!(ada_has_hash(url), c.hash_start != ada_url_omitted);
        assert_eq!(ada_has_port(url), c.port != ada_url_omitted);
        if c.port != ada_url_omitted {
            assert_eq!(bytes_of(ada_get_port(url)), c.port.to_string().into_bytes());
        }
        let host_start = at(c.host_start) + usize::from(ada_has_credentials(url));
        assert_eq!(
            bytes_of(ada_get_hostname(url)),
            href[host_start..at(c.host_end)]
        );
    }
}

fuzz_target!(|ops: Vec<Op>| {
    let mut urls: Vec<ada_url> = Vec::new();
    let mut params: Vec<ada_url_search_params> = Vec::new();
    // SAFETY: every call below passes slices with their lengths, live handles or NULL, and
    // frees each owned result once; that is the C API's whole contract.
    unsafe {
        for op in ops.into_iter().take(64) {
            match op {
                Op::Parse(s) => urls.push(ada_parse(ptr(&s), s.len())),
                Op::ParseWithBase(s, b) => {
                    urls.push(ada_parse_with_base(ptr(&s), s.len(), ptr(&b), b.len()))
                }
                Op::CanParse(s, b) => {
                    let can = match &b {
                        Some(b) => ada_can_parse_with_base(ptr(&s), s.len(), ptr(b), b.len()),
                        None => ada_can_parse(ptr(&s), s.len()),
                    };
                    let mut why = std::mem::zeroed::<weburl_validation_error>();
                    let (bp, bl) = b
                        .as_ref()
                        .map_or((std::ptr::null(), 0), |b| (ptr(b), b.len()));
                    assert_eq!(weburl_can_parse(ptr(&s), s.len(), bp, bl, &mut why), can);
                    assert_eq!(why.name.data.is_null(), can);
                    let url = match &b {
                        Some(b) => ada_parse_with_base(ptr(&s), s.len(), ptr(b), b.len()),
                        None => ada_parse(ptr(&s), s.len()),
                    };
                    assert_eq!(ada_is_valid(url), can, "can_parse agrees with parse");
                    ada_free(url);
                }
                Op::Copy(i) => {
                    let copy = ada_copy(pick(&urls, i));
                    if !copy.is_null() {
                        urls.push(copy);
                    }
                }
                Op::Free(i) => {
                    if !urls.is_empty() && i != 255 {
                        let url = urls.swap_remove(usize::from(i) % urls.len());
                        ada_free(url);
                    } else {
                        ada_free(std::ptr::null_mut());
                    }
                }
                Op::Set(i, which, v) => {
                    let url = pick(&urls, i);
                    let (p, n) = (ptr(&v), v.len());
                    match which % 10 {
                        0 => drop(ada_set_href(url, p, n)),
                        1 => drop(ada_set_protocol(url, p, n)),
                        2 => drop(ada_set_username(url, p, n)),
                        3 => drop(ada_set_password(url, p, n)),
                        4 => drop(ada_set_host(url, p, n)),
                        5 => drop(ada_set_hostname(url, p, n)),
                        6 => drop(ada_set_port(url, p, n)),
                        7 => drop(ada_set_pathname(url, p, n)),
                        8 => ada_set_search(url, p, n),
                        _ => ada_set_hash(url, p, n),
                    }
                }
                Op::Clear(i, which) => {
                    let url = pick(&urls, i);
                    match which % 3 {
                        0 => ada_clear_port(url),
                        1 => ada_clear_search(url),
                        _ => ada_clear_hash(url),
                    }
                }
                Op::Origin(i) => free_owned(ada_get_origin(pick(&urls, i))),
                Op::Display(i, a, b, width) => {
                    let options = weburl_display_options {
                        omit_scheme: a,
                        omit_trivial_subdomains: b,
                        max_width: usize::from(width),
                        ..Default::default()
                    };
                    free_owned(weburl_display(pick(&urls, i), &options));
                }
                Op::Site(i) => {
                    let url = pick(&urls, i);
                    let suffix = weburl_get_public_suffix(url);
                    let domain = weburl_get_registrable_domain(url);
                    if !domain.data.is_null() {
                        assert!(!suffix.data.is_null());
                    }
                    let _ = (ada_get_host_type(url), ada_get_scheme_type(url));
                }
                Op::ToFilePath(i, style) => {
                    let mut error = std::mem::zeroed::<ada_string>();
                    let path = weburl_to_file_path(pick(&urls, i), style % 3, &mut error);
                    assert_eq!(path.data.is_null(), !error.data.is_null());
                    free_owned(path);
                }
                Op::FromFilePath(p, style, directory) => {
                    urls.push(weburl_from_file_path(
                        ptr(&p),
                        p.len(),
                        style % 3,
                        directory,
                        std::ptr::null_mut(),
                    ));
                }
                Op::ParseWithErrors(s, base) => {
                    let mut errors: weburl_errors = std::ptr::null_mut();
                    let (bp, bl) = base
                        .as_ref()
                        .map_or((std::ptr::null(), 0), |b| (ptr(b), b.len()));
                    let url = weburl_parse_with_errors(ptr(&s), s.len(), bp, bl, &mut errors);
                    let n = weburl_errors_size(errors);
                    for k in 0..=n {
                        let e = weburl_errors_get(errors, k);
                        assert_eq!(e.name.data.is_null(), k == n);
                        assert!(e.start <= e.end);
                    }
                    weburl_free_errors(errors);
                    urls.push(url);
                }
                Op::Idna(s, unicode) => free_owned(if unicode {
                    ada_idna_to_unicode(ptr(&s), s.len())
                } else {
                    ada_idna_to_ascii(ptr(&s), s.len())
                }),
                Op::MaxLength(m) => {
                    ada_set_max_input_length(m.map_or(u32::MAX, u32::from));
                }
                Op::Params(s) => params.push(ada_parse_search_params(ptr(&s), s.len())),
                Op::ParamsEdit(i, which, k, v) => {
                    let p = pick(&params, i);
                    let (kp, kl, vp, vl) = (ptr(&k), k.len(), ptr(&v), v.len());
                    match which % 9 {
                        0 => ada_search_params_append(p, kp, kl, vp, vl),
                        1 => ada_search_params_set(p, kp, kl, vp, vl),
                        2 => ada_search_params_remove(p, kp, kl),
                        3 => ada_search_params_remove_value(p, kp, kl, vp, vl),
                        4 => ada_search_params_sort(p),
                        5 => ada_search_params_reset(p, kp, kl),
                        6 => {
                            let has = ada_search_params_has(p, kp, kl);
                            assert_eq!(has, !ada_search_params_get(p, kp, kl).data.is_null());
                        }
                        7 => drop(ada_search_params_has_value(p, kp, kl, vp, vl)),
                        _ => {
                            let s = ada_search_params_to_string(p);
                            let again = ada_parse_search_params(s.data, s.length);
                            // `ada_set_max_input_length` also bounds what
                            // `ada_parse_search_params` reads (an empty list past it), while
                            // edits can make a longer serialization than that.
                            if s.length <= ada_get_max_input_length() as usize {
                                assert_eq!(
                                    ada_search_params_size(again),
                                    ada_search_params_size(p)
                                );
                            } else {
                                assert_eq!(ada_search_params_size(again), 0);
                            }
                            ada_free_search_params(again);
                            free_owned(s);
                        }
                    }
                }
                Op::ParamsFree(i) => {
                    if !params.is_empty() && i != 255 {
                        let p = params.swap_remove(usize::from(i) % params.len());
                        ada_free_search_params(p);
                    }
                }
                Op::Iterate(i, kind, steps) => {
                    let p = pick(&params, i);
                    let size = ada_search_params_size(p);
                    let mut seen = 0;
                    match kind % 3 {
                        0 => {
                            let it = ada_search_params_get_keys(p);
                            while ada_search_params_keys_iter_has_next(it) && seen < steps {
                                ada_search_params_keys_iter_next(it);
                                seen += 1;
                            }
                            ada_free_search_params_keys_iter(it);
                        }
                        1 => {
                            let it = ada_search_params_get_values(p);
                            while ada_search_params_values_iter_has_next(it) && seen < steps {
                                ada_search_params_values_iter_next(it);
                                seen += 1;
                            }
                            ada_free_search_params_values_iter(it);
                        }
                        _ => {
                            let it = ada_search_params_get_entries(p);
                            // The list may be freed while an iterator lives.
                            if steps % 7 == 0 && !params.is_empty() {
                                let idx = usize::from(i) % params.len();
                                ada_free_search_params(params.swap_remove(idx));
                            }
                            while ada_search_params_entries_iter_has_next(it) && seen < steps {
                                ada_search_params_entries_iter_next(it);
                                seen += 1;
                            }
                            ada_free_search_params_entries_iter(it);
                        }
                    }
                    assert!(usize::from(seen) <= size);
                }
                Op::GetAll(i, k, index) => {
                    let all = ada_search_params_get_all(pick(&params, i), ptr(&k), k.len());
                    let n = ada_strings_size(all);
                    let s = ada_strings_get(all, usize::from(index));
                    assert_eq!(s.data.is_null(), usize::from(index) >= n);
                    ada_free_strings(all);
                }
            }
            for &url in &urls {
                check(url);
            }
        }
        ada_set_max_input_length(u32::MAX);
        for url in urls {
            ada_free(url);
        }
        for p in params {
            ada_free_search_params(p);
        }
    }
});
