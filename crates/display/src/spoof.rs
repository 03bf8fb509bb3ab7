//! IDN spoof checks per [UTS 39](https://www.unicode.org/reports/tr39/) (Unicode Security
//! Mechanisms): whether a domain label may be shown in Unicode, or must be shown in its
//! `xn--` form.
//!
//! The URL Standard's [URL rendering](https://url.spec.whatwg.org/#url-rendering-i18n)
//! notes that "various characters can be used in homograph spoofing attacks" and points at
//! UTS 39. A label passes when none of these holds (checked in this order, the first one
//! found is the reason):
//!
//! 1. it contains a Default_Ignorable_Code_Point, which is invisible (ZWJ, ZWNJ, ...);
//! 2. it contains a UTS 46 deviation character (ß, ς; ZWJ and ZWNJ are caught by 1): the
//!    standard's nontransitional processing keeps them, but a reader (and older software)
//!    takes `faß` for `fass`;
//! 3. it contains a code point outside UTS 39's General Security Profile for identifiers
//!    (Identifier_Status=Restricted: symbols, emoji, obsolete and limited-use scripts, ...);
//! 4. it repeats a nonspacing mark (UTS 39 §5.4, "sequences of the same nonspacing mark");
//! 5. its restriction level is worse than Highly Restrictive (UTS 39 §5.2): one script, or
//!    Latin with Han and Hiragana/Katakana (Japanese), Han and Bopomofo (Chinese) or Han and
//!    Hangul (Korean);
//! 6. it mixes decimal digits of more than one numbering system (UTS 39 §5.3);
//! 7. it is a whole-script confusable of Latin: no Latin letter in it, but its skeleton is
//!    all ASCII (`аррӏе`, all Cyrillic, whose skeleton is `apple`), under a top-level domain
//!    that looks Latin (an ASCII one: `.com`, not `.рф`);
//! 8. its skeleton equals the skeleton of a well-known domain's first label (`lınkedin`,
//!    with U+0131 LATIN SMALL LETTER DOTLESS I, against `linkedin.com`), from a built-in
//!    list the caller can replace. This check does not depend on the top-level domain.
//!
//! An all-ASCII label is always safe: it is shown as it is whatever it looks like.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use std::sync::OnceLock;

use unicode_script::{Script, UnicodeScript};
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

use crate::unicode;
use crate::well_known::WELL_KNOWN_DOMAINS;

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
    /// The skeleton equals a well-known domain's.
    LookalikeOf {
        /// The well-known domain imitated.
        domain: String,
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
                "all {script}, looks like Latin \"{looks_like}\" under a Latin top-level domain"
            ),
            SpoofReason::LookalikeOf { domain } => write!(f, "looks like {domain}"),
        }
    }
}

impl std::error::Error for SpoofReason {}

/// A well-known domain and the skeleton of its first label.
#[derive(Clone, Debug)]
struct WellKnown {
    domain: String,
    /// The first label, in Unicode.
    label: String,
    skeleton: String,
}

/// The spoof checker: the checks of this module with a list of well-known domains.
///
/// ```
/// use weburl_display::{SpoofChecker, SpoofReason};
///
/// let checker = SpoofChecker::new();
/// assert_eq!(checker.check_label("bücher", "de"), Ok(()));
/// assert_eq!(checker.check_label("рус", "рф"), Ok(())); // Cyrillic under a Cyrillic TLD
/// assert_eq!(checker.check_label("рус", "com").unwrap_err().name(), "whole-script-confusable");
/// // Whatever the TLD, a lookalike of a well-known domain's label is not shown.
/// assert_eq!(checker.check_label("аррӏе", "рф").unwrap_err().name(), "lookalike");
/// assert_eq!(
///     checker.check_label("аррӏе", "com").unwrap_err().name(),
///     "whole-script-confusable"
/// );
/// let mine = SpoofChecker::with_well_known_domains(["example.com"]);
/// assert_eq!(
///     mine.check_label("ехаmple", "org"), // Cyrillic е, х, а
///     Err(SpoofReason::MixedScript { scripts: ["Cyrillic", "Latin"] })
/// );
/// assert_eq!(
///     mine.check_label("exаmple", "org").unwrap_err().name(), // only the а is Cyrillic
///     "mixed-script"
/// );
/// assert_eq!(
///     mine.check_label("ехamрlе", "ru").unwrap_err().name(),
///     "mixed-script"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct SpoofChecker {
    well_known: Vec<WellKnown>,
}

impl Default for SpoofChecker {
    fn default() -> Self {
        Self::new()
    }
}

impl SpoofChecker {
    /// A checker with the built-in list of well-known domains ([`WELL_KNOWN_DOMAINS`]).
    pub fn new() -> Self {
        Self::with_well_known_domains(WELL_KNOWN_DOMAINS)
    }

    /// A checker whose lookalike check compares with `domains` (registrable domains, ASCII
    /// or Unicode) instead of the built-in list.
    pub fn with_well_known_domains<I, S>(domains: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let well_known = domains
            .into_iter()
            .map(|d| {
                let domain = String::from(d.as_ref());
                let first = domain.split('.').next().unwrap_or_default();
                let label = to_unicode(first);
                WellKnown {
                    skeleton: skeleton(&label),
                    label,
                    domain,
                }
            })
            .collect();
        SpoofChecker { well_known }
    }

    /// The checker with the built-in list, built once.
    pub fn shared() -> &'static SpoofChecker {
        static SHARED: OnceLock<SpoofChecker> = OnceLock::new();
        SHARED.get_or_init(SpoofChecker::new)
    }

    /// Checks one domain label (in Unicode or `xn--` form) under the top-level domain `tld`
    /// (Unicode or `xn--` form; the empty string counts as a Latin-looking TLD). `Ok` means
    /// the label may be shown in Unicode.
    pub fn check_label(&self, label: &str, tld: &str) -> Result<(), SpoofReason> {
        let unicode = to_unicode(label);
        if unicode.is_ascii() {
            // An ASCII label is shown as it is; an `xn--` label that stays ASCII did not
            // decode.
            return if has_ace_prefix(&unicode) {
                Err(SpoofReason::NotIdna)
            } else {
                Ok(())
            };
        }
        let tld = to_unicode(tld);
        self.check_unicode_label(&unicode, tld_looks_latin(&tld))
    }

    /// The checks on a non-ASCII label in Unicode form.
    pub(crate) fn check_unicode_label(
        &self,
        label: &str,
        latin_tld: bool,
    ) -> Result<(), SpoofReason> {
        check_code_points(label)?;
        if label.detect_restriction_level() > RestrictionLevel::HighlyRestrictive {
            return Err(SpoofReason::MixedScript {
                scripts: two_scripts(label),
            });
        }
        check_numbering(label)?;
        let skeleton = skeleton(label);
        if latin_tld && skeleton.is_ascii() && !has_latin_letter(label) {
            return Err(SpoofReason::WholeScriptConfusable {
                script: main_script(label),
                looks_like: skeleton,
            });
        }
        if let Some(known) = self
            .well_known
            .iter()
            .find(|k| k.skeleton == skeleton && k.label != label)
        {
            return Err(SpoofReason::LookalikeOf {
                domain: known.domain.clone(),
            });
        }
        Ok(())
    }
}

/// Whether `label` may be shown in Unicode, checked with the built-in well-known domains and
/// as if under a Latin-looking top-level domain (the strictest case); the reason when not.
/// `label` may be in Unicode or `xn--` form.
///
/// ```
/// use weburl_display::{is_spoof_safe, SpoofReason};
///
/// assert!(is_spoof_safe("bücher").is_ok());
/// assert!(is_spoof_safe("xn--bcher-kva").is_ok());
/// assert!(is_spoof_safe("例え").is_ok());
/// assert_eq!(is_spoof_safe("paypaӏ").unwrap_err().name(), "mixed-script");
/// assert_eq!(is_spoof_safe("faß"), Err(SpoofReason::Deviation('ß')));
/// // U+0131 LATIN SMALL LETTER DOTLESS I: all Latin, but its skeleton is "linkedin".
/// assert_eq!(
///     is_spoof_safe("lınkedin"),
///     Err(SpoofReason::LookalikeOf { domain: "linkedin.com".into() })
/// );
/// let reason = is_spoof_safe("аррӏе").unwrap_err();
/// assert_eq!(reason.to_string(), "all Cyrillic, looks like Latin \"apple\" under a Latin top-level domain");
/// ```
pub fn is_spoof_safe(label: &str) -> Result<(), SpoofReason> {
    SpoofChecker::shared().check_label(label, "")
}

/// Whether `label` starts with the ACE prefix `xn--` (ASCII case-insensitively).
pub(crate) fn has_ace_prefix(label: &str) -> bool {
    label
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
}

/// `label` in Unicode: [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode)
/// when it has an ACE prefix (unchanged when that fails).
fn to_unicode(label: &str) -> String {
    if label.contains("xn--") || label.contains("XN--") || has_ace_prefix(label) {
        weburl_host::domain_to_unicode(label)
    } else {
        String::from(label)
    }
}

/// Whether a top-level domain (in Unicode) looks Latin: all ASCII, or containing Latin.
pub(crate) fn tld_looks_latin(tld: &str) -> bool {
    tld.is_ascii() || has_latin_letter(tld)
}

/// The UTS 39 skeleton of `s`.
pub(crate) fn skeleton(s: &str) -> String {
    unicode_security::skeleton(s).collect()
}

/// Steps 1 to 4: invisible, deviation and restricted code points, repeated marks.
fn check_code_points(label: &str) -> Result<(), SpoofReason> {
    let mut previous = None;
    for c in label.chars() {
        if unicode::is_default_ignorable(c) {
            return Err(SpoofReason::Invisible(c));
        }
        // UTS 46 §4 "Deviations": ß, ς, ZWJ, ZWNJ (the last two are default-ignorable).
        if c == '\u{00DF}' || c == '\u{03C2}' {
            return Err(SpoofReason::Deviation(c));
        }
        if !c.identifier_allowed() {
            return Err(SpoofReason::NotIdentifier {
                char: c,
                identifier_type: identifier_type_name(c),
            });
        }
        if previous == Some(c) && unicode::is_nonspacing_mark(c) {
            return Err(SpoofReason::RepeatedMark(c));
        }
        previous = Some(c);
    }
    Ok(())
}

/// Step 6: decimal digits from more than one numbering system.
fn check_numbering(label: &str) -> Result<(), SpoofReason> {
    let mut first_zero: Option<u32> = None;
    for c in label.chars() {
        if let Some(zero) = unicode::digit_zero(c) {
            match first_zero {
                None => first_zero = Some(zero),
                Some(z) if z != zero => {
                    let a = char::from_u32(z).unwrap_or('0');
                    let b = char::from_u32(zero).unwrap_or('0');
                    return Err(SpoofReason::MixedNumbering { zeros: [a, b] });
                }
                Some(_) => {}
            }
        }
    }
    Ok(())
}

/// The UTS 39 Identifier_Type of `c`, as the data file spells it.
fn identifier_type_name(c: char) -> &'static str {
    use unicode_security::general_security_profile::IdentifierType as T;
    match c.identifier_type() {
        Some(T::Not_Character) => "Not_Character",
        Some(T::Deprecated) => "Deprecated",
        Some(T::Default_Ignorable) => "Default_Ignorable",
        Some(T::Not_NFKC) => "Not_NFKC",
        Some(T::Not_XID) => "Not_XID",
        Some(T::Exclusion) => "Exclusion",
        Some(T::Obsolete) => "Obsolete",
        Some(T::Technical) => "Technical",
        Some(T::Uncommon_Use) => "Uncommon_Use",
        Some(T::Limited_Use) => "Limited_Use",
        Some(T::Inclusion) => "Inclusion",
        Some(T::Recommended) => "Recommended",
        None => "Restricted",
    }
}

/// Whether `s` has a code point of the Latin script.
fn has_latin_letter(s: &str) -> bool {
    s.chars().any(|c| c.script() == Script::Latin)
}

/// Whether a script is a real one (not Common, Inherited or Unknown).
fn is_specific(script: Script) -> bool {
    !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
}

/// The script of the first code point of `label` with a specific script.
fn main_script(label: &str) -> &'static str {
    label
        .chars()
        .map(|c| c.script())
        .find(|s| is_specific(*s))
        .unwrap_or(Script::Common)
        .full_name()
}

/// Two of the specific scripts of `label`, in order of appearance.
fn two_scripts(label: &str) -> [&'static str; 2] {
    let mut scripts = label
        .chars()
        .map(|c| c.script())
        .filter(|s| is_specific(*s));
    let first = scripts.next().unwrap_or(Script::Unknown);
    let second = scripts.find(|s| *s != first).unwrap_or(Script::Unknown);
    let mut names = [first.full_name(), second.full_name()];
    names.sort_unstable();
    names
}
