//! [`UrlBuf`]: a URL being written, with `usize` offsets; converted to a [`Url`] (with `u32`
//! offsets) when complete.

use alloc::string::String;

use weburl_host::HostKind;

use crate::scheme::SchemeType;
use crate::url::{us, Url};

/// A URL under construction: its serialization so far and the offsets recorded so far. The
/// fields mean what [`Url`]'s do.
#[derive(Clone, Debug)]
pub(crate) struct UrlBuf {
    pub(crate) out: String,
    pub(crate) scheme_end: usize,
    pub(crate) username_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: usize,
    pub(crate) query_start: Option<usize>,
    pub(crate) fragment_start: Option<usize>,
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) scheme_type: SchemeType,
    pub(crate) opaque_path: bool,
}

impl UrlBuf {
    /// A URL to be written into `out` (empty).
    pub(crate) fn new(out: String) -> UrlBuf {
        UrlBuf {
            out,
            scheme_end: 0,
            username_end: 0,
            host_start: 0,
            host_end: 0,
            port: None,
            path_start: 0,
            query_start: None,
            fragment_start: None,
            host_kind: None,
            scheme_type: SchemeType::NotSpecial,
            opaque_path: false,
        }
    }

    /// Whether the URL includes credentials (only meaningful once the host has started).
    pub(crate) fn includes_credentials(&self) -> bool {
        self.host_kind.is_some() && self.host_start > self.scheme_end + 3
    }

    /// The scheme written so far.
    pub(crate) fn scheme(&self) -> &str {
        self.out.get(..self.scheme_end).unwrap_or_default()
    }

    /// The path written so far (from `path_start` to the end of the output).
    pub(crate) fn path_so_far(&self) -> &str {
        self.out.get(self.path_start..).unwrap_or_default()
    }

    /// Completes the URL, which keeps `max_len` as its limit for the setters; `None` when it
    /// is longer than `max_len` or than `u32` offsets allow.
    pub(crate) fn into_url(self, max_len: u32) -> Option<Url> {
        if self.out.len() > us(max_len) {
            return None;
        }
        let c = |o: usize| u32::try_from(o).ok();
        let url = Url {
            scheme_end: c(self.scheme_end)?,
            username_end: c(self.username_end)?,
            host_start: c(self.host_start)?,
            host_end: c(self.host_end)?,
            port: self.port,
            path_start: c(self.path_start)?,
            query_start: match self.query_start {
                Some(q) => Some(c(q)?),
                None => None,
            },
            fragment_start: match self.fragment_start {
                Some(f) => Some(c(f)?),
                None => None,
            },
            host_kind: self.host_kind,
            scheme_type: self.scheme_type,
            opaque_path: self.opaque_path,
            max_len,
            // Checked last: the length bounds every offset.
            serialization: {
                c(self.out.len())?;
                self.out
            },
        };
        #[cfg(debug_assertions)]
        {
            let check = url.check_invariants();
            debug_assert!(check.is_ok(), "{check:?} in {url:?}");
        }
        Some(url)
    }
}
