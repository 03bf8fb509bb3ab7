//! [Elision](https://url.spec.whatwg.org/#url-rendering-elision): fitting a rendering into
//! a width without misleading.
//!
//! The spec: "browsers should ensure that at least the registrable domain can be shown",
//! and "when the full host cannot be rendered, browsers should elide domain labels starting
//! from the lowest-level domain label" (`examplecorp.com.evil.com` as `…com.evil.com`,
//! never `examplecorp.com…`). So:
//!
//! 1. lowest-level labels are dropped one at a time, `…` standing for them, down to the
//!    registrable domain (the whole host when it has none, or is an IP address);
//! 2. then the path, query and fragment are cut from the end, `…` appended, keeping at
//!    least their first delimiter (`/…`, so that the `…` never reads as part of the
//!    host); [`ElisionOrder::PathFirst`] swaps 1 and 2;
//! 3. if that is still too wide: the path, query and fragment are dropped, then the
//!    scheme, then the port. The registrable domain is never cut: the result is then
//!    wider than asked.

use alloc::string::String;
use core::ops::Range;

use crate::parts::{Parts, Rendered};
use crate::width::WidthUnit;

/// The ellipsis that stands for what was elided.
pub(crate) const ELLIPSIS: &str = "\u{2026}";

/// Which of the host's lowest-level labels and the path [`max_width`](crate::Rendering::max_width)
/// shortens first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ElisionOrder {
    /// Drop lowest-level labels down to the registrable domain, then shorten the path
    /// (the default): what is elided first is what an attacker controls most easily, and
    /// the registrable domain gets the reader's attention.
    #[default]
    HostFirst,
    /// Shorten the path first, then drop labels (Chromium's omnibox elides this way).
    PathFirst,
}

/// What of each part to show.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    prefix: bool,
    /// Byte offset in the host where the shown host starts (`…` before it when not 0).
    host_cut: usize,
    port: bool,
    /// `None`: the whole tail; `Some(0)`: none; `Some(k)`: its first `k` bytes and `…`.
    tail: Option<usize>,
}

impl Plan {
    pub(crate) fn whole() -> Self {
        Plan {
            prefix: true,
            host_cut: 0,
            port: true,
            tail: None,
        }
    }
}

/// The rendering of `parts` within `max` (as far as the rules allow).
pub(crate) fn elide(parts: &Parts, max: usize, unit: WidthUnit, order: ElisionOrder) -> Rendered {
    let host_text = parts.host.as_ref().map_or("", |h| &*h.text);
    let w_prefix = parts.prefix_len(); // ASCII
    let w_port = if parts.port.is_empty() {
        0
    } else {
        1 + parts.port.len()
    };
    let w_tail = unit.width(&parts.tail);
    let w_host = |cut: usize| -> usize {
        if cut == 0 {
            unit.width(host_text)
        } else {
            1 + host_text.get(cut..).map_or(0, |h| unit.width(h))
        }
    };
    if w_prefix + w_host(0) + w_port + w_tail <= max {
        return assemble(parts, &Plan::whole());
    }
    // The label starts the host may be cut at, lowest-level label first: those before the
    // registrable domain (a host without one, or not a domain, is never cut).
    let keep_from = parts
        .host
        .as_ref()
        .filter(|h| h.is_domain)
        .and_then(|h| h.registrable)
        .unwrap_or(0);
    let label_starts = parts
        .host
        .as_ref()
        .map(|h| h.label_starts())
        .unwrap_or_default();
    let cuts = core::iter::once(0).chain(
        label_starts
            .into_iter()
            .filter(|&s| s > 0 && s <= keep_from),
    );
    // The longest tail that fits with the host cut at `cut`: at least its first delimiter
    // and the ellipsis.
    let tail_fit = |cut: usize| -> Option<usize> {
        let budget = max.checked_sub(w_prefix + w_host(cut) + w_port)?;
        let k = unit.prefix_within(&parts.tail, budget.checked_sub(1)?);
        (k > 0).then_some(k)
    };
    let mut plan = Plan::whole();
    let mut last_cut = 0;
    for cut in cuts {
        last_cut = cut;
        plan.host_cut = cut;
        if w_prefix + w_host(cut) + w_port + w_tail <= max {
            return assemble(parts, &plan);
        }
        if order == ElisionOrder::PathFirst && !parts.tail.is_empty() {
            if let Some(k) = tail_fit(cut) {
                plan.tail = Some(k);
                return assemble(parts, &plan);
            }
        }
    }
    plan.host_cut = last_cut;
    if !parts.tail.is_empty() {
        if let Some(k) = tail_fit(last_cut) {
            plan.tail = Some(k);
            return assemble(parts, &plan);
        }
    }
    plan.tail = Some(0);
    if w_prefix + w_host(last_cut) + w_port <= max {
        return assemble(parts, &plan);
    }
    plan.prefix = false;
    if w_host(last_cut) + w_port <= max {
        return assemble(parts, &plan);
    }
    plan.port = false;
    assemble(parts, &plan)
}

/// Shifts `r`, a range in a part placed at `at`, clipped to the first `keep` bytes of the
/// part, `extra` bytes added at its end when it reaches the cut.
fn place(r: &Range<usize>, at: usize, keep: usize, extra: usize) -> Option<Range<usize>> {
    if r.start > keep || (r.start == keep && r.start < r.end) {
        return None;
    }
    let end = if r.end >= keep { keep + extra } else { r.end };
    Some(at + r.start..at + end)
}

/// Where the text of a rendering goes: pushed piece by piece, or (`copied`) already all
/// there, when it is the href (see `Parts::source`), so that only the ranges are counted.
struct Text {
    text: String,
    len: usize,
    copied: bool,
}

impl Text {
    fn push(&mut self, s: &str) {
        if !self.copied {
            self.text.push_str(s);
        }
        self.len += s.len();
    }
}

/// The rendering `plan` makes of `parts`.
pub(crate) fn assemble(parts: &Parts, plan: &Plan) -> Rendered {
    let mut r = Rendered::default();
    let whole = plan.prefix && plan.host_cut == 0 && plan.port && plan.tail.is_none();
    let mut text = match parts.source {
        Some(href) if whole => Text {
            text: String::from(href),
            len: 0,
            copied: true,
        },
        _ => Text {
            text: String::with_capacity(
                parts.prefix_len()
                    + parts.host.as_ref().map_or(0, |h| h.text.len())
                    + parts.port.len()
                    + 1
                    + parts.tail.len()
                    + 2 * ELLIPSIS.len(),
            ),
            len: 0,
            copied: false,
        },
    };
    if plan.prefix && !parts.scheme.is_empty() {
        r.scheme = Some(0..parts.scheme.len());
        text.push(parts.scheme);
        text.push(if parts.slashes { "://" } else { ":" });
    } else if !parts.scheme.is_empty() {
        r.elided = true;
    }
    if let Some(h) = &parts.host {
        let start = text.len;
        let cut = plan.host_cut.min(h.text.len());
        if cut > 0 {
            text.push(ELLIPSIS);
            r.elided = true;
        }
        let at = text.len;
        text.push(h.text.get(cut..).unwrap_or_default());
        r.host = Some(start..text.len);
        if let Some(reg) = h.registrable {
            if reg >= cut {
                r.registrable_domain = Some(at + reg - cut..text.len);
            }
        }
    }
    if plan.port && !parts.port.is_empty() {
        text.push(":");
        let start = text.len;
        text.push(parts.port);
        r.port = Some(start..text.len);
    } else if !parts.port.is_empty() {
        r.elided = true;
    }
    let (keep, extra) = match plan.tail {
        None => (parts.tail.len(), 0),
        Some(k) => (k.min(parts.tail.len()), ELLIPSIS.len()),
    };
    if keep > 0 {
        let at = text.len;
        text.push(parts.tail.get(..keep).unwrap_or_default());
        if extra > 0 {
            text.push(ELLIPSIS);
        }
        r.path = parts.path.as_ref().and_then(|p| place(p, at, keep, extra));
        r.query = parts.query.as_ref().and_then(|p| place(p, at, keep, extra));
        r.fragment = parts
            .fragment
            .as_ref()
            .and_then(|p| place(p, at, keep, extra));
    }
    if keep < parts.tail.len() {
        r.elided = true;
    }
    debug_assert_eq!(text.len, text.text.len(), "{parts:?}");
    r.text = text.text;
    r
}
