//! What a rendering is made of: the [`Rendered`] output with each component's place in it,
//! and the [`Parts`] it is assembled from (shared by `render`, which makes them, and
//! `elide`, which shortens them).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use crate::host::{AceLabel, HostText};

/// A rendered URL: the text, and where each component is in it.
///
/// Ranges are byte ranges of `text`, without delimiters (`scheme` without `:` or `://`,
/// `port` without `:`, `query` without `?`, `fragment` without `#`; `path` with its leading
/// `/`). An elided component's range includes its `…`; a component not shown is `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rendered {
    /// The rendering.
    pub text: String,
    /// The scheme, if shown.
    pub scheme: Option<Range<usize>>,
    /// The host, if shown (with a leading `…` when labels were elided).
    pub host: Option<Range<usize>>,
    /// The host's registrable domain, if it has one and the host is shown (always whole).
    /// Found (a Public Suffix List lookup) only when something needs it: elision
    /// ([`Rendering::max_width`](crate::Rendering::max_width)), [`Rendering::omit_trivial_subdomains`](crate::Rendering::omit_trivial_subdomains), or
    /// [`Rendering::mark_registrable_domain`](crate::Rendering::mark_registrable_domain); `None` otherwise.
    pub registrable_domain: Option<Range<usize>>,
    /// The port, if shown.
    pub port: Option<Range<usize>>,
    /// The path, if shown.
    pub path: Option<Range<usize>>,
    /// The query, if shown.
    pub query: Option<Range<usize>>,
    /// The fragment, if shown.
    pub fragment: Option<Range<usize>>,
    /// Whether something was elided with `…` or dropped to fit the width.
    pub elided: bool,
    /// Whether only the host is shown because the URL has right-to-left text and no
    /// left-to-right wrapping was asked for.
    pub host_only_for_bidi: bool,
    /// The host's labels shown in `xn--` form because they failed a spoof check, and why.
    pub ace_labels: Vec<AceLabel>,
}

impl fmt::Display for Rendered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The parts a rendering is assembled from, before elision (borrowed from the URL where
/// nothing changes).
#[derive(Debug, Default)]
pub(crate) struct Parts<'u> {
    /// The scheme, or empty when omitted.
    pub scheme: &'u str,
    /// Whether `//` follows `scheme:` (the URL has a host).
    pub slashes: bool,
    /// The host, if shown.
    pub host: Option<HostText<'u>>,
    /// The port (without its `:`), or empty.
    pub port: &'u str,
    /// Path, `?query` and `#fragment`, decoded.
    pub tail: Cow<'u, str>,
    /// The path's range in `tail`.
    pub path: Option<Range<usize>>,
    /// The query's range in `tail` (after the `?`).
    pub query: Option<Range<usize>>,
    /// The fragment's range in `tail` (after the `#`).
    pub fragment: Option<Range<usize>>,
    /// The href, when the parts shown whole are it as it is (see `render::whole_href`): the
    /// rendering is then one copy of it.
    pub source: Option<&'u str>,
}

impl Parts<'_> {
    /// The length of the prefix `scheme:` or `scheme://` (0 when omitted).
    pub(crate) fn prefix_len(&self) -> usize {
        match (self.scheme.is_empty(), self.slashes) {
            (true, _) => 0,
            (false, false) => self.scheme.len() + 1,
            (false, true) => self.scheme.len() + 3,
        }
    }
}
