//! [`UrlBuf`]: a URL being written, with `usize` offsets; converted to a [`Url`] (with `u32`
//! offsets) when complete.

use alloc::string::String;
use core::ops::{Deref, DerefMut};

use crate::offsets::Offsets;
use crate::url::Url;

/// A URL under construction: its serialization so far and the offsets recorded so far (which
/// mean what [`Url`]'s do). It dereferences to its [`Offsets`], so that the state functions
/// read and write `url.host_start` and the like directly.
#[derive(Clone, Debug)]
pub(crate) struct UrlBuf {
    pub(crate) out: String,
    pub(crate) offsets: Offsets<usize>,
}

impl Deref for UrlBuf {
    type Target = Offsets<usize>;
    #[inline]
    fn deref(&self) -> &Offsets<usize> {
        &self.offsets
    }
}

impl DerefMut for UrlBuf {
    #[inline]
    fn deref_mut(&mut self) -> &mut Offsets<usize> {
        &mut self.offsets
    }
}

impl UrlBuf {
    /// A URL to be written into `out` (empty).
    pub(crate) fn new(out: String) -> UrlBuf {
        UrlBuf {
            out,
            offsets: Offsets::EMPTY,
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
        // The length bounds every offset.
        let len = u32::try_from(self.out.len())
            .ok()
            .filter(|&len| len <= max_len)?;
        let url = Url {
            offsets: Offsets::narrow(self.offsets, len),
            max_len,
            serialization: self.out,
        };
        #[cfg(debug_assertions)]
        {
            let check = url.check_invariants();
            debug_assert!(check.is_ok(), "{check:?} in {url:?}");
        }
        Some(url)
    }
}
