//! Known differences: disagreements that are not weburl's to fix, each with its reason. A
//! case whose text holds one of the needles is reported as a known difference, not as a
//! disagreement; a needle that no case matches in a full run is stale and fails the run, so
//! the list can only shrink.

/// A known difference: which cases (those whose input, base, URL or setter values contain
/// `needle`) and why.
pub struct Known {
    pub needle: &'static str,
    pub reason: &'static str,
}

/// tr46 7 (whatwg-url's UTS 46) has Unicode 18's data; weburl has ICU4X's, and the pinned
/// WPT IdnaTestV2.json, generated from an older Unicode, says these code points are
/// unassigned (V7) and the hosts fail. weburl follows WPT; this goes away when both move to
/// the same Unicode version.
const UNICODE_VERSION: &str = "Unicode version: tr46 7 (Unicode 18) assigns a code point that \
    weburl's data and the pinned WPT IdnaTestV2.json (V7) treat as unassigned";

pub const KNOWN: &[Known] = &[
    // U+3E8AC, and its Punycode label.
    Known {
        needle: "\u{3E8AC}",
        reason: UNICODE_VERSION,
    },
    Known {
        needle: "xn--t92s",
        reason: UNICODE_VERSION,
    },
    // U+3F8CD in xn--5cb172r175fug38a (U+2D0D U+3F8CD U+A868 U+05AE).
    Known {
        needle: "xn--5cb172r175fug38a",
        reason: UNICODE_VERSION,
    },
];
