//! The byte classes the URL parser's fast path checks components with, one bit each in a
//! table of the 256 bytes ([`CLASS`]), computed at compile time from the URL Standard's
//! [percent-encode sets](https://url.spec.whatwg.org/#percent-encode-set) (as 128-bit masks
//! of ASCII bytes here: this crate depends on nothing; `weburl-core`'s tests check them
//! against `weburl-percent`'s sets), and the forms the x86-64 classifiers use: the bytes to
//! compare with, and nibble tables for `pshufb`.

/// The [C0 control percent-encode set](https://url.spec.whatwg.org/#c0-control-percent-encode-set)
/// (its ASCII part: the C0 controls and U+007F; every byte above is in every set).
pub const C0_CONTROL: u128 = 0xFFFF_FFFF | (1 << 0x7F);
/// The [fragment percent-encode set](https://url.spec.whatwg.org/#fragment-percent-encode-set):
/// C0 controls, space, `"`, `<`, `>` and `` ` ``.
pub const FRAGMENT: u128 = C0_CONTROL | 1 << b' ' | 1 << b'"' | 1 << b'<' | 1 << b'>' | 1 << b'`';
/// The [query percent-encode set](https://url.spec.whatwg.org/#query-percent-encode-set):
/// C0 controls, space, `"`, `#`, `<` and `>`.
pub const QUERY: u128 = C0_CONTROL | 1 << b' ' | 1 << b'"' | 1 << b'#' | 1 << b'<' | 1 << b'>';
/// The [special-query percent-encode set](https://url.spec.whatwg.org/#special-query-percent-encode-set):
/// the query set and `'`.
pub const SPECIAL_QUERY: u128 = QUERY | 1 << b'\'';
/// The [path percent-encode set](https://url.spec.whatwg.org/#path-percent-encode-set): the
/// query set and `?`, `^`, `` ` ``, `{`, `}`.
pub const PATH: u128 = QUERY | 1 << b'?' | 1 << b'^' | 1 << b'`' | 1 << b'{' | 1 << b'}';

// The classes of the bytes, one bit each, for the table ([`CLASS`]).

/// A byte of a host the fast path copies as it is: an ASCII lower alpha, an ASCII digit, `-`,
/// `.` or `_`. (Not an ASCII upper alpha, which the host parser lowercases: a host with one is
/// left to the state machine.)
pub const HOST_OK: u8 = 1;
/// `-` (a label starting with `xn--` has `--`).
pub const DASH: u8 = 2;
/// A byte that may appear in a path segment unchanged (not in the path percent-encode set,
/// nor `\`, which a special URL treats as `/`), or the `/` between two segments. Not `?`
/// and `#`, which end the path.
pub const PATH_OK: u8 = 4;
/// `/`.
pub const SLASH: u8 = 8;
/// `.` or `%`: the first byte of a single-dot or double-dot segment.
pub const DOT: u8 = 16;
/// A byte the query state copies unchanged for a special URL (not in the special-query
/// percent-encode set). Not `#`, which ends the query.
pub const QUERY_OK: u8 = 32;
/// A byte the fragment state copies unchanged (not in the fragment percent-encode set).
pub const FRAGMENT_OK: u8 = 64;

/// Whether `b` is printable ASCII and not in `set`.
const fn copied(set: u128, b: u8) -> bool {
    b > 0x20 && b < 0x7F && set & (1 << b) == 0
}

/// The byte classes, computed at compile time from the percent-encode sets: the definition
/// of the classes, which the portable [`Block`](crate::Block) looks up and the others are
/// tested against.
#[allow(clippy::indexing_slicing)] // const evaluation: an out-of-bounds index fails the build.
pub static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut c = 0;
        if b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.' || b == b'_' {
            c |= HOST_OK;
        }
        if b == b'-' {
            c |= DASH;
        }
        if copied(PATH, b) && b != b'\\' {
            c |= PATH_OK;
        }
        if b == b'/' {
            c |= SLASH;
        }
        if b == b'.' || b == b'%' {
            c |= DOT;
        }
        if copied(SPECIAL_QUERY, b) && b != b'#' {
            c |= QUERY_OK;
        }
        if copied(FRAGMENT, b) {
            c |= FRAGMENT_OK;
        }
        t[i] = c;
        i += 1;
    }
    t
};

/// The bytes without `class` (in [`CLASS`]) as two 16-entry tables, `lo` indexed by a byte's
/// low four bits and `hi` by its high four: a byte `b` is without the class exactly when
/// `lo[b & 15] & hi[b >> 4]` is not zero.
///
/// One bit per distinct row of the 16 x 16 grid of bytes: row `h` is the set of low nibbles
/// `l` of the bytes `h << 4 | l` without the class; its bit is set in `hi[h]` for each row
/// `h` equal to it, and in `lo[l]` for each `l` in it. A class with more than eight distinct
/// rows fails the build. (The SSSE3 block looks both tables up for sixteen bytes at once.)
#[allow(clippy::indexing_slicing)] // const evaluation: an out-of-bounds index fails the build.
pub const fn nibble_tables(class: u8) -> ([u8; 16], [u8; 16]) {
    let mut rows = [0u16; 16];
    let mut b = 0;
    while b < 256 {
        if CLASS[b] & class == 0 {
            rows[b >> 4] |= 1 << (b & 15);
        }
        b += 1;
    }
    let mut distinct = [0u16; 8];
    let mut n = 0;
    let (mut lo, mut hi) = ([0u8; 16], [0u8; 16]);
    let mut h = 0;
    while h < 16 {
        let row = rows[h];
        if row != 0 {
            let mut k = 0;
            while k < n && distinct[k] != row {
                k += 1;
            }
            if k == n {
                distinct[n] = row;
                n += 1;
            }
            hi[h] = 1 << k;
            let mut l = 0;
            while l < 16 {
                if row & (1 << l) != 0 {
                    lo[l] |= 1 << k;
                }
                l += 1;
            }
        }
        h += 1;
    }
    (lo, hi)
}

/// The nibble tables of the bytes not in a host ([`HOST_OK`]).
#[cfg(target_arch = "x86_64")]
pub(crate) const HOST_TABLES: ([u8; 16], [u8; 16]) = nibble_tables(HOST_OK);
/// The nibble tables of the bytes a path stops at ([`PATH_OK`]).
#[cfg(target_arch = "x86_64")]
pub(crate) const PATH_TABLES: ([u8; 16], [u8; 16]) = nibble_tables(PATH_OK);
/// The nibble tables of the bytes a special URL's query stops at ([`QUERY_OK`]).
#[cfg(target_arch = "x86_64")]
pub(crate) const QUERY_TABLES: ([u8; 16], [u8; 16]) = nibble_tables(QUERY_OK);
/// The nibble tables of the bytes a fragment stops at ([`FRAGMENT_OK`]).
#[cfg(target_arch = "x86_64")]
pub(crate) const FRAGMENT_TABLES: ([u8; 16], [u8; 16]) = nibble_tables(FRAGMENT_OK);
