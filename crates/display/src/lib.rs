//! weburl-display: URLs shown to people, as the WHATWG URL Standard's
//! [URL rendering](https://url.spec.whatwg.org/#url-rendering) section asks, with the IDN
//! spoof checks of [UTS 39](https://www.unicode.org/reports/tr39/).
//!
//! ```
//! use weburl_core::Url;
//! use weburl_display::UrlDisplay;
//!
//! let url = Url::parse("https://user:pass@xn--bcher-kva.example/caf%C3%A9?q=%E2%9C%93#top")?;
//! // Credentials never shown; the host in Unicode; the path and query decoded.
//! assert_eq!(url.display().to_string(), "https://bücher.example/café?q=✓#top");
//!
//! // A lookalike stays in `xn--` form, and the rendering says why.
//! let url = Url::parse("https://аррӏе.com/")?; // all Cyrillic
//! let shown = url.display().render();
//! assert_eq!(shown.text, "https://xn--80ak6aa92e.com/");
//! assert_eq!(shown.ace_labels[0].reason.name(), "whole-script-confusable");
//!
//! // Elision keeps the registrable domain whole, dropping the lowest-level labels first.
//! let url = Url::parse("https://examplecorp.com.evil.com/login")?;
//! assert_eq!(url.display().max_width(30).to_string(), "https://…com.evil.com/login");
//! assert_eq!(url.display().max_width(20).to_string(), "https://…evil.com/l…");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What a rendering does, after the spec's three subsections:
//!
//! - [Simplify](https://url.spec.whatwg.org/#url-rendering-simplification): username and
//!   password are never shown; optionally the scheme (`http://`, `https://`, `file://`,
//!   `mailto:`), a trivial subdomain (`www.`, `m.`), everything after the host, the trailing
//!   slash of a bare host, or everything but the host.
//! - [Elision](https://url.spec.whatwg.org/#url-rendering-elision): to a width in grapheme
//!   clusters or terminal columns, the registrable domain always whole (see [`elide`]).
//! - [Internationalization](https://url.spec.whatwg.org/#url-rendering-i18n): domain labels
//!   in Unicode when they pass the [`spoof`] checks, in `xn--` form otherwise; IPv4, IPv6
//!   and opaque hosts as serialized; percent-encoded UTF-8 in the path, query and fragment
//!   decoded unless that would change the meaning, hide something or spoof (see
//!   [`decode`](crate#percent-decoding)); right-to-left text either wrapped as
//!   left-to-right ([`LtrWrap`]) or, without wrapping, the host alone.
//!
//! # Percent-decoding
//!
//! Only non-ASCII UTF-8 sequences and spaces inside a component are decoded. A sequence
//! stays encoded when it is not valid UTF-8, decodes to a control, format, separator,
//! private-use, unassigned, default-ignorable or bidi control code point, is white space at
//! the end of a component, is a mark that would combine with an undecoded character, looks
//! like a URL delimiter (its UTS 39 prototype contains `/`, `\`, `?`, `#`, `%` or `@`), or
//! is one of the lock and key emoji U+1F50F..=U+1F513.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod decode;
pub mod elide;
mod host;
mod parts;
mod policy;
mod reason;
mod registrable;
mod render;
pub mod spoof;
mod top_domains;
mod unicode;
mod well_known;
mod width;

pub use elide::ElisionOrder;
pub use host::{AceLabel, RegistrableDomainFn};
pub use parts::Rendered;
pub use reason::SpoofReason;
pub use registrable::registrable_domain_start;
pub use render::{LtrWrap, Rendering};
pub use spoof::{is_spoof_safe, SpoofChecker};
pub use top_domains::{parse_domain_list, TOP_DOMAINS};
pub use well_known::WELL_KNOWN_DOMAINS;
pub use width::WidthUnit;

use weburl_core::Url;

/// `url.display()`: the [URL rendering](https://url.spec.whatwg.org/#url-rendering) builder.
pub trait UrlDisplay {
    /// A rendering of this URL for people, with the default options: everything but the
    /// credentials, hosts in Unicode where safe, percent-encoded text decoded where safe.
    fn display(&self) -> Rendering<'_>;
}

impl UrlDisplay for Url {
    #[inline]
    fn display(&self) -> Rendering<'_> {
        Rendering::new(self)
    }
}
