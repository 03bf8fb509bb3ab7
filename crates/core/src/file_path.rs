//! File paths to and from `file:` URLs, under Unix or Windows rules chosen at run time
//! ([`PathStyle`]): [`Url::from_file_path`], [`Url::from_directory_path`],
//! [`Url::to_file_path`] (native rules, with `std`) and their `_with` forms (any rules, on
//! bytes).
//!
//! The URL Standard has no algorithm for this; what a path maps to follows Node.js's
//! `url.pathToFileURL` and `url.fileURLToPath` (which follow the browsers' treatment of
//! `file:` URLs), and the tests compare the two on every case of
//! `tests/data/file_paths_node.json`. Where weburl answers differently, on purpose, the test's
//! list of differences says why: in short, weburl refuses relative paths instead of
//! resolving them against the working directory, refuses NUL, and keeps Windows roots
//! (`C:\`, `\\server\share`) whole.
//!
//! Only the public API of [`Url`] is used: a path becomes a serialized URL that is then
//! parsed, so the result is always a URL the parser would give.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use weburl_host::HostKind;
use weburl_percent::{percent_decode_str, percent_encode_bytes_into, AsciiSet, PATH};

use crate::url::Url;

/// Which operating system's path rules [`Url::from_file_path_with`] and
/// [`Url::to_file_path_with`] follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathStyle {
    /// `/` separates components; a path is absolute when it starts with `/`; any byte but `/`
    /// and NUL may be in a component.
    Unix,
    /// `\` and `/` separate components; a path is absolute when it starts with a drive letter
    /// and a separator (`C:\`), is a UNC path (`\\server\share\`) or a verbatim one
    /// (`\\?\C:\`, `\\?\UNC\server\share\`).
    Windows,
}

impl PathStyle {
    /// The rules of the platform this was compiled for: [`PathStyle::Windows`] on Windows,
    /// else [`PathStyle::Unix`].
    pub const NATIVE: PathStyle = if cfg!(windows) {
        PathStyle::Windows
    } else {
        PathStyle::Unix
    };
}

/// Why a path has no `file:` URL, or a URL no path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilePathError {
    /// `relative-path`: the path is not absolute (on Windows, also `C:x`, `C:` and `\x`,
    /// which depend on a current directory or drive).
    RelativePath,
    /// `nul-in-path`: the path, or the URL's path once percent-decoded, has a NUL byte, which
    /// no file name can hold.
    NulInPath,
    /// `not-a-file-url`: the URL's scheme is not `file`.
    NotAFileUrl,
    /// `host-on-unix`: the URL has a host (other than `localhost`, which the parser empties),
    /// which Unix paths cannot express.
    HostOnUnix,
    /// `encoded-separator`: a path segment has `%2F` (or, under Windows rules, `%5C`), which
    /// would decode to a separator inside a file name.
    EncodedSeparator,
    /// `missing-drive-letter`: under Windows rules, a URL without a host whose path does not
    /// start with a drive letter (`file:///a/b`).
    MissingDriveLetter,
    /// `invalid-unc-host`: the server of a UNC path is not a valid host.
    InvalidUncHost,
    /// `incomplete-unc-path`: a UNC path without a server or a share name (`\\server`).
    IncompleteUncPath,
    /// `unsupported-path-prefix`: a Windows device or verbatim path other than `\\?\C:\` and
    /// `\\?\UNC\` (`\\.\COM1`, `\\?\Volume{…}\`), which has no `file:` URL.
    UnsupportedPathPrefix,
    /// `not-unicode`: the path cannot be represented on this platform (a Windows path from
    /// bytes that are not UTF-8, or a non-Unicode `OsStr` outside Unix).
    NotUnicode,
    /// `too-long`: the URL would be longer than 4 GiB.
    TooLong,
}

impl FilePathError {
    /// The error's name, e.g. `"relative-path"`.
    pub const fn name(self) -> &'static str {
        match self {
            FilePathError::RelativePath => "relative-path",
            FilePathError::NulInPath => "nul-in-path",
            FilePathError::NotAFileUrl => "not-a-file-url",
            FilePathError::HostOnUnix => "host-on-unix",
            FilePathError::EncodedSeparator => "encoded-separator",
            FilePathError::MissingDriveLetter => "missing-drive-letter",
            FilePathError::InvalidUncHost => "invalid-unc-host",
            FilePathError::IncompleteUncPath => "incomplete-unc-path",
            FilePathError::UnsupportedPathPrefix => "unsupported-path-prefix",
            FilePathError::NotUnicode => "not-unicode",
            FilePathError::TooLong => "too-long",
        }
    }
}

impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no file path/URL mapping: {}", self.name())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FilePathError {}

/// What a path component is percent-encoded with: the path percent-encode set and `%`, `[`,
/// `]`, `|`, `~`, and `\` (the set Node.js's `pathToFileURL` uses). `%` so that a name with
/// `%` decodes back to itself; `\` because it is a separator in special URLs; `|` so that a
/// Unix component `C|` does not become the drive letter `C:`. Bytes >= 0x80 (UTF-8 or not)
/// are always encoded.
const FILE_PATH: AsciiSet = PATH
    .add(b'%')
    .add(b'[')
    .add(b']')
    .add(b'|')
    .add(b'~')
    .add(b'\\');

/// The root of an absolute path under Windows rules.
enum WindowsRoot<'a> {
    /// `C:\`
    Drive(u8),
    /// `\\server\share\`
    Unc(&'a [u8], &'a [u8]),
}

fn is_sep(style: PathStyle, b: u8) -> bool {
    b == b'/' || (style == PathStyle::Windows && b == b'\\')
}

/// Splits `rest` into components, resolving `.` and `..` (never above the root) and dropping
/// empty ones (repeated separators), as Node.js's `path.resolve` does.
fn normalized(style: PathStyle, rest: &[u8]) -> Vec<&[u8]> {
    let mut out: Vec<&[u8]> = Vec::new();
    for seg in rest.split(|&b| is_sep(style, b)) {
        match seg {
            b"" | b"." => {}
            b".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    out
}

/// The letter of a path that starts with `X:`.
fn drive_letter(path: &[u8]) -> Option<u8> {
    match path {
        [letter, b':', ..] if letter.is_ascii_alphabetic() => Some(*letter),
        _ => None,
    }
}

/// Splits `\\server\share\rest` (after the leading separators) into server, share and rest.
/// Server, share and the rest of a UNC path.
type UncParts<'a> = (&'a [u8], &'a [u8], &'a [u8]);

fn unc_parts(style: PathStyle, after: &[u8]) -> Result<UncParts<'_>, FilePathError> {
    let mut parts = after.splitn(3, |&b| is_sep(style, b));
    let server = parts.next().unwrap_or_default();
    let share = parts.next().unwrap_or_default();
    let rest = parts.next().unwrap_or_default();
    if server.is_empty() || share.is_empty() {
        return Err(FilePathError::IncompleteUncPath);
    }
    Ok((server, share, rest))
}

/// The root and the rest of an absolute Windows path.
fn windows_root(path: &[u8]) -> Result<(WindowsRoot<'_>, &[u8]), FilePathError> {
    let w = PathStyle::Windows;
    if let Some(verbatim) = path.strip_prefix(br"\\?\") {
        // Verbatim paths: only a drive or a UNC path has a URL.
        if let Some(unc) = verbatim.strip_prefix(br"UNC\") {
            let (server, share, rest) = unc_parts(w, unc)?;
            return Ok((WindowsRoot::Unc(server, share), rest));
        }
        return match (drive_letter(verbatim), verbatim.get(2)) {
            (Some(letter), None) => Ok((WindowsRoot::Drive(letter), b"")),
            (Some(letter), Some(&b'\\')) => Ok((
                WindowsRoot::Drive(letter),
                verbatim.get(3..).unwrap_or_default(),
            )),
            _ => Err(FilePathError::UnsupportedPathPrefix),
        };
    }
    match path {
        [a, b, c, ..] if is_sep(w, *a) && is_sep(w, *b) && (*c == b'?' || *c == b'.') => {
            // `\\.\` device paths, and `\\?\` with `/` somewhere: no URL.
            if path.get(3).is_some_and(|&d| is_sep(w, d)) {
                Err(FilePathError::UnsupportedPathPrefix)
            } else {
                let (server, share, rest) = unc_parts(w, path.get(2..).unwrap_or_default())?;
                Ok((WindowsRoot::Unc(server, share), rest))
            }
        }
        [a, b, ..] if is_sep(w, *a) && is_sep(w, *b) => {
            let (server, share, rest) = unc_parts(w, path.get(2..).unwrap_or_default())?;
            Ok((WindowsRoot::Unc(server, share), rest))
        }
        _ => match (drive_letter(path), path.get(2)) {
            (Some(letter), Some(&sep)) if is_sep(w, sep) => Ok((
                WindowsRoot::Drive(letter),
                path.get(3..).unwrap_or_default(),
            )),
            // `C:` and `C:x` are relative to the drive's current directory; `\x` to the
            // current drive.
            _ => Err(FilePathError::RelativePath),
        },
    }
}

fn push_components(out: &mut String, components: &[&[u8]], trailing: bool) {
    for c in components {
        out.push('/');
        percent_encode_bytes_into(c, &FILE_PATH, false, out);
    }
    if components.is_empty() || trailing {
        out.push('/');
    }
}

fn path_to_url(path: &[u8], style: PathStyle, directory: bool) -> Result<Url, FilePathError> {
    if path.contains(&0) {
        return Err(FilePathError::NulInPath);
    }
    // Node.js keeps a trailing separator; a directory always gets one.
    let trailing = directory || path.last().is_some_and(|&b| is_sep(style, b));
    let mut s = String::with_capacity(path.len() + 16);
    s.push_str("file://");
    match style {
        PathStyle::Unix => {
            let rest = path.strip_prefix(b"/").ok_or(FilePathError::RelativePath)?;
            push_components(&mut s, &normalized(style, rest), trailing);
        }
        PathStyle::Windows => match windows_root(path)? {
            (WindowsRoot::Drive(letter), rest) => {
                s.push('/');
                s.push(char::from(letter));
                s.push(':');
                push_components(&mut s, &normalized(style, rest), trailing);
            }
            (WindowsRoot::Unc(server, share), rest) => {
                // The server goes through the host parser (so `SERVER` becomes `server` and
                // `café` punycode), checked first for what would end the host early.
                let server =
                    core::str::from_utf8(server).map_err(|_| FilePathError::InvalidUncHost)?;
                if server.contains(['?', '#', '@', ':', '%']) {
                    return Err(FilePathError::InvalidUncHost);
                }
                let mut url = Url::parse("file://h/").map_err(|_| FilePathError::TooLong)?;
                url.set_hostname(server)
                    .map_err(|_| FilePathError::InvalidUncHost)?;
                if url.hostname().is_empty() {
                    // `localhost` is the empty host: the share would read as a drive.
                    return Err(FilePathError::InvalidUncHost);
                }
                s.push_str(url.hostname());
                let mut components = Vec::with_capacity(8);
                components.push(share);
                components.extend(normalized(style, rest));
                push_components(&mut s, &components, trailing);
            }
        },
    }
    Url::parse(&s).map_err(|_| FilePathError::TooLong)
}

impl Url {
    /// The `file:` URL of an absolute path under the rules of `style`, given as bytes (a
    /// `&str` works too). `.` and `..` components are resolved and repeated separators
    /// dropped; a trailing separator is kept. Components are percent-encoded, every byte that
    /// is not ASCII included, so any Unix path round-trips through
    /// [`to_file_path_with`](Url::to_file_path_with).
    ///
    /// ```
    /// use weburl_core::{PathStyle, Url};
    /// let url = Url::from_file_path_with(r"C:\Users\Zoë\a#1.txt", PathStyle::Windows).unwrap();
    /// assert_eq!(url.href(), "file:///C:/Users/Zo%C3%AB/a%231.txt");
    /// let url = Url::from_file_path_with(r"\\server\share\x", PathStyle::Windows).unwrap();
    /// assert_eq!(url.href(), "file://server/share/x");
    /// let url = Url::from_file_path_with(b"/tmp/\xFF", PathStyle::Unix).unwrap();
    /// assert_eq!(url.href(), "file:///tmp/%FF");
    /// let err = Url::from_file_path_with("docs/a.txt", PathStyle::Unix).unwrap_err();
    /// assert_eq!(err.name(), "relative-path");
    /// ```
    pub fn from_file_path_with(
        path: impl AsRef<[u8]>,
        style: PathStyle,
    ) -> Result<Url, FilePathError> {
        path_to_url(path.as_ref(), style, false)
    }

    /// As [`from_file_path_with`](Url::from_file_path_with), with a trailing `/` always, so
    /// that the URL works as a base for the directory's entries.
    pub fn from_directory_path_with(
        path: impl AsRef<[u8]>,
        style: PathStyle,
    ) -> Result<Url, FilePathError> {
        path_to_url(path.as_ref(), style, true)
    }

    /// The path of a `file:` URL under the rules of `style`, as bytes: the path's segments
    /// percent-decoded and joined with the separator (the query and fragment are ignored).
    /// Under Windows rules the URL's host, if any, makes a UNC path (`\\server\share\x`),
    /// else its path must start with a drive letter.
    ///
    /// ```
    /// use weburl_core::{PathStyle, Url};
    /// let url = Url::parse("file:///C:/a%20b/c").unwrap();
    /// assert_eq!(url.to_file_path_with(PathStyle::Windows).unwrap(), br"C:\a b\c");
    /// assert_eq!(url.to_file_path_with(PathStyle::Unix).unwrap(), b"/C:/a b/c");
    /// let url = Url::parse("file://server/share/x").unwrap();
    /// assert_eq!(url.to_file_path_with(PathStyle::Windows).unwrap(), br"\\server\share\x");
    /// assert_eq!(url.to_file_path_with(PathStyle::Unix).unwrap_err().name(), "host-on-unix");
    /// ```
    pub fn to_file_path_with(&self, style: PathStyle) -> Result<Vec<u8>, FilePathError> {
        if !self.scheme_type().is_file() {
            return Err(FilePathError::NotAFileUrl);
        }
        let path = self.pathname();
        let path = path.strip_prefix('/').unwrap_or(path);
        let mut segments = Vec::new();
        for seg in path.split('/') {
            let has = |p: &str| {
                seg.as_bytes()
                    .windows(3)
                    .any(|w| w.eq_ignore_ascii_case(p.as_bytes()))
            };
            if has("%2F") || (style == PathStyle::Windows && has("%5C")) {
                return Err(FilePathError::EncodedSeparator);
            }
            let decoded = percent_decode_str(seg);
            if decoded.contains(&0) {
                return Err(FilePathError::NulInPath);
            }
            segments.push(decoded);
        }
        let host = self.hostname();
        let mut out = Vec::with_capacity(path.len() + host.len() + 4);
        match style {
            PathStyle::Unix => {
                if !host.is_empty() {
                    return Err(FilePathError::HostOnUnix);
                }
                for seg in &segments {
                    out.push(b'/');
                    out.extend_from_slice(seg);
                }
            }
            PathStyle::Windows if host.is_empty() => {
                let first = segments.first().map(|s| &s[..]).unwrap_or_default();
                if first.len() != 2 || drive_letter(first).is_none() {
                    return Err(FilePathError::MissingDriveLetter);
                }
                out.extend_from_slice(first);
                for seg in segments.get(1..).unwrap_or_default() {
                    out.push(b'\\');
                    out.extend_from_slice(seg);
                }
                if segments.len() == 1 {
                    // `C:` alone is the drive's current directory: the URL means its root.
                    out.push(b'\\');
                }
            }
            PathStyle::Windows => {
                out.extend_from_slice(br"\\");
                if self.host_kind() == Some(HostKind::Domain) {
                    out.extend_from_slice(weburl_host::domain_to_unicode(host).as_bytes());
                } else {
                    out.extend_from_slice(host.as_bytes());
                }
                for seg in &segments {
                    out.push(b'\\');
                    out.extend_from_slice(seg);
                }
            }
        }
        Ok(out)
    }
}

#[cfg(feature = "std")]
mod native {
    use super::{FilePathError, PathStyle};
    use crate::url::Url;
    use std::path::{Path, PathBuf};

    fn path_bytes(path: &Path) -> Result<&[u8], FilePathError> {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            Ok(path.as_os_str().as_bytes())
        }
        #[cfg(not(unix))]
        {
            path.to_str()
                .map(str::as_bytes)
                .ok_or(FilePathError::NotUnicode)
        }
    }

    fn bytes_path(bytes: Vec<u8>) -> Result<PathBuf, FilePathError> {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            Ok(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
        }
        #[cfg(not(unix))]
        {
            String::from_utf8(bytes)
                .map(PathBuf::from)
                .map_err(|_| FilePathError::NotUnicode)
        }
    }

    impl Url {
        /// The `file:` URL of an absolute path, under this platform's rules
        /// ([`PathStyle::NATIVE`]): see [`from_file_path_with`](Url::from_file_path_with).
        /// Unix paths are taken as bytes, so any `OsStr` round-trips through
        /// [`to_file_path`](Url::to_file_path).
        ///
        /// ```
        /// # #[cfg(unix)] {
        /// use weburl_core::Url;
        /// let url = Url::from_file_path("/tmp/a b.txt").unwrap();
        /// assert_eq!(url.href(), "file:///tmp/a%20b.txt");
        /// assert_eq!(url.to_file_path().unwrap(), std::path::Path::new("/tmp/a b.txt"));
        /// # }
        /// ```
        pub fn from_file_path<P: AsRef<Path>>(path: P) -> Result<Url, FilePathError> {
            Url::from_file_path_with(path_bytes(path.as_ref())?, PathStyle::NATIVE)
        }

        /// The `file:` URL of an absolute directory path, ending with `/`, under this
        /// platform's rules: see [`from_directory_path_with`](Url::from_directory_path_with).
        pub fn from_directory_path<P: AsRef<Path>>(path: P) -> Result<Url, FilePathError> {
            Url::from_directory_path_with(path_bytes(path.as_ref())?, PathStyle::NATIVE)
        }

        /// The path of a `file:` URL under this platform's rules: see
        /// [`to_file_path_with`](Url::to_file_path_with).
        pub fn to_file_path(&self) -> Result<PathBuf, FilePathError> {
            bytes_path(self.to_file_path_with(PathStyle::NATIVE)?)
        }
    }
}
