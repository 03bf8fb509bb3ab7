//! [`SpoofReason`]: why a domain label is shown in its `xn--` form, the answer of both the
//! UTS 39 checks ([`spoof`](crate::spoof)) and Chromium's policy on top of them (`policy`),
//! in a module of its own below both.

use alloc::string::String;
use core::fmt;

/// Why a domain label is shown in its `xn--` form rather than in Unicode.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SpoofReason {
    /// An `xn--` label that does not decode to a valid IDNA label.
    NotIdna,
    /// An invisible (Default_Ignorable_Code_Point) code point.
    Invisible(char),
    /// A UTS 46 deviation character (ß U+00DF, ς U+03C2).
    Deviation(char),
    /// A code point outside the UTS 39 identifier profile, with its Identifier_Type.
    NotIdentifier {
        /// The code point.
        char: char,
        /// Its UTS 39 Identifier_Type (e.g. `Not_XID`, `Uncommon_Use`, `Technical`).
        identifier_type: &'static str,
    },
    /// The same nonspacing mark twice in a row.
    RepeatedMark(char),
    /// Scripts mixed outside the Highly Restrictive profile; two of them.
    MixedScript {
        /// Two of the scripts mixed, by their Unicode names.
        scripts: [&'static str; 2],
    },
    /// Decimal digits of two numbering systems; the zero of each.
    MixedNumbering {
        /// The zero digit of each of two numbering systems mixed.
        zeros: [char; 2],
    },
    /// A label with no Latin letter whose skeleton is all ASCII, under a Latin-looking TLD.
    WholeScriptConfusable {
        /// The label's script.
        script: &'static str,
        /// The ASCII string it looks like (its UTS 39 skeleton).
        looks_like: String,
    },
    /// The host's skeleton, diacritics removed, equals a top domain's.
    LookalikeOf {
        /// The top domain imitated.
        domain: String,
    },
    /// A code point of the identifier profile that Chromium's policy excludes (Latin
    /// Extended Additional, Greek Extended, lookalikes of hyphens, slashes and quotes, ...).
    Excluded(char),
    /// More than one combining mark on one base, one of them not part of a precomposed
    /// letter (`á́`).
    StackedMarks(char),
    /// A letter allowed only under some TLDs (þ and ð under `.is` and `.fo`, ə under `.az`).
    TldSpecific {
        /// The letter.
        char: char,
        /// The TLDs under which it is allowed.
        tlds: &'static [&'static str],
    },
    /// A middle dot U+00B7 other than between two `l` under `.cat`.
    UnsafeMiddleDot,
    /// A label of ASCII digits and characters that look like digits (`1շ`).
    DigitLookalike(char),
    /// A Latin letter outside ASCII in a label with letters of a script other than Latin,
    /// Greek and Cyrillic (`héllo中国`).
    NonAsciiLatinMixed(char),
    /// One of the dangerous patterns of Chromium's policy (Japanese marks out of context,
    /// kana and CJK lookalikes of Latin letters or slashes, a dot above after i, j, l, ...).
    DangerousPattern {
        /// The pattern's name (`prolonged-sound-mark`, `dot-above-after-ijl`, ...).
        pattern: &'static str,
        /// The code point that matched it.
        char: char,
    },
}

impl SpoofReason {
    /// A short name for the reason, for machines (`mixed-script`, `whole-script-confusable`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            SpoofReason::NotIdna => "not-IDNA",
            SpoofReason::Invisible(_) => "invisible",
            SpoofReason::Deviation(_) => "deviation",
            SpoofReason::NotIdentifier { .. } => "not-identifier",
            SpoofReason::RepeatedMark(_) => "repeated-mark",
            SpoofReason::MixedScript { .. } => "mixed-script",
            SpoofReason::MixedNumbering { .. } => "mixed-numbering",
            SpoofReason::WholeScriptConfusable { .. } => "whole-script-confusable",
            SpoofReason::LookalikeOf { .. } => "lookalike",
            SpoofReason::Excluded(_) => "excluded",
            SpoofReason::StackedMarks(_) => "stacked-marks",
            SpoofReason::TldSpecific { .. } => "tld-specific",
            SpoofReason::UnsafeMiddleDot => "unsafe-middle-dot",
            SpoofReason::DigitLookalike(_) => "digit-lookalike",
            SpoofReason::NonAsciiLatinMixed(_) => "non-ascii-latin-mixed",
            SpoofReason::DangerousPattern { pattern, .. } => pattern,
        }
    }
}

impl fmt::Display for SpoofReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpoofReason::NotIdna => f.write_str("not a valid IDNA label"),
            SpoofReason::Invisible(c) => {
                write!(f, "invisible code point U+{:04X}", u32::from(*c))
            }
            SpoofReason::Deviation(c) => write!(
                f,
                "deviation character {c} (U+{:04X}), read as its transitional mapping",
                u32::from(*c)
            ),
            SpoofReason::NotIdentifier {
                char,
                identifier_type,
            } => write!(
                f,
                "{char} (U+{:04X}) is not allowed in identifiers (UTS 39 {identifier_type})",
                u32::from(*char)
            ),
            SpoofReason::RepeatedMark(c) => {
                write!(f, "nonspacing mark U+{:04X} repeated", u32::from(*c))
            }
            SpoofReason::MixedScript { scripts: [a, b] } => {
                write!(f, "mixes scripts ({a} and {b})")
            }
            SpoofReason::MixedNumbering { zeros: [a, b] } => write!(
                f,
                "mixes numbering systems (digits from {a} U+{:04X} and from {b} U+{:04X})",
                u32::from(*a),
                u32::from(*b)
            ),
            SpoofReason::WholeScriptConfusable { script, looks_like } => write!(
                f,
                "all {script}, looks like Latin \"{looks_like}\" under a top-level domain not of {script} readers"
            ),
            SpoofReason::LookalikeOf { domain } => write!(f, "looks like {domain}"),
            SpoofReason::Excluded(c) => write!(
                f,
                "{c} (U+{:04X}) is excluded by the browser IDN policy",
                u32::from(*c)
            ),
            SpoofReason::StackedMarks(c) => write!(
                f,
                "more than one combining mark on one letter (U+{:04X})",
                u32::from(*c)
            ),
            SpoofReason::TldSpecific { char, tlds } => write!(
                f,
                "{char} (U+{:04X}) is allowed only under .{}",
                u32::from(*char),
                tlds.join(", .")
            ),
            SpoofReason::UnsafeMiddleDot => {
                f.write_str("middle dot U+00B7 outside l\u{b7}l under .cat")
            }
            SpoofReason::DigitLookalike(c) => write!(
                f,
                "digits with {c} (U+{:04X}), which looks like a digit",
                u32::from(*c)
            ),
            SpoofReason::NonAsciiLatinMixed(c) => write!(
                f,
                "Latin letter {c} (U+{:04X}) mixed with another script",
                u32::from(*c)
            ),
            SpoofReason::DangerousPattern { pattern, char } => write!(
                f,
                "{char} (U+{:04X}) in a dangerous pattern ({pattern})",
                u32::from(*char)
            ),
        }
    }
}

impl std::error::Error for SpoofReason {}
