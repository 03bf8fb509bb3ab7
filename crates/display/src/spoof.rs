//! IDN spoof checks per [UTS 39](https://www.unicode.org/reports/tr39/) (Unicode Security
//! Mechanisms): whether a domain label may be shown in Unicode, or must be shown in its
//! `xn--` form.
//!
//! The URL Standard's [URL rendering](https://url.spec.whatwg.org/#url-rendering-i18n)
//! notes that "various characters can be used in homograph spoofing attacks" and points at
//! UTS 39, and browsers add rules of their own; this module follows the IDN display policy of
//! Chromium (its `url_formatter` spoof checker; module `policy` has the rules and their
//! data). A non-ASCII label passes when none of these holds (checked in this order, the
//! first one found is the reason, named by [`SpoofReason::name`]):
//!
//! 1. `not-IDNA`: a `-` first, last, or in the third and fourth positions (UTS 46
//!    CheckHyphens);
//! 2. `invisible`: a Default_Ignorable_Code_Point (ZWJ, ZWNJ, ...);
//! 3. `deviation`: a UTS 46 deviation character (ß, ς): the standard's nontransitional
//!    processing keeps them, but a reader (and older software) takes `faß` for `fass`;
//! 4. `not-identifier`: a code point outside UTS 39's General Security Profile (symbols,
//!    emoji, limited-use scripts, ...; what ICU's recommended set keeps is allowed);
//!    `excluded`: one Chromium removes from it (Latin Extended Additional, hyphen lookalikes,
//!    ...);
//! 5. `repeated-mark` / `stacked-marks`: the same nonspacing mark twice on one base (UTS 39
//!    §5.4), or a combining diacritic on a letter that has a mark already;
//! 6. `mixed-script`: a restriction level worse than Highly Restrictive (UTS 39 §5.2): one
//!    script, or Latin with Han and Hiragana/Katakana, Han and Bopomofo, or Han and Hangul;
//! 7. `mixed-numbering`: decimal digits of more than one numbering system (UTS 39 §5.3);
//! 8. `tld-specific`, `unsafe-middle-dot`: þ, ð outside `.is` and `.fo`, ə outside `.az`;
//!    U+00B7 except in `l·l` under `.cat`;
//! 9. for a label of one script without kana marks or combining diacritics:
//!    `whole-script-confusable` (all its letters look Latin, and the TLD is neither written in
//!    that script nor one of its readers' country codes: `аррӏе.com`, not `аррӏе.рф`), then
//!    `digit-lookalike`;
//! 10. otherwise: `digit-lookalike` (ASCII digits with letters that look like digits: `1շ`),
//!     `non-ascii-latin-mixed` (`héllo中国`), then Chromium's dangerous patterns, each named
//!     (`prolonged-sound-mark`, `katakana-middle-dot`, `kana-iteration-mark`, `kana-twin`,
//!     `slash-lookalike`, `cjk-latin-lookalike`, `combining-mark-after-non-latin`,
//!     `dot-above-after-ijl`, `combining-voiced-mark`).
//!
//! Then the whole host: `lookalike` when the skeleton of its last two to four labels, with
//! diacritics removed, is the skeleton of a top domain that the host is not a subdomain of
//! (`googlé.com` against `google.com`), from the built-in list of 5,000 popular sites
//! ([`TOP_DOMAINS`](crate::TOP_DOMAINS), Chromium's) or one the caller gives.
//!
//! An all-ASCII label is always safe: it is shown as it is whatever it looks like.

use alloc::string::String;
use alloc::vec::Vec;
use std::sync::OnceLock;

use unicode_normalization::char::decompose_canonical;
use unicode_script::{Script, UnicodeScript};
use unicode_security::{GeneralSecurityProfile, RestrictionLevel};

pub use crate::reason::SpoofReason;
use crate::top_domains::TopDomains;
use crate::{policy, unicode};

/// The spoof checker: the checks of this module with a list of top domains.
///
/// ```
/// use weburl_display::{SpoofChecker, SpoofReason};
///
/// let checker = SpoofChecker::new();
/// assert_eq!(checker.check_label("bücher", "de"), Ok(()));
/// assert_eq!(checker.check_label("рус", "рф"), Ok(())); // Cyrillic under a Cyrillic TLD
/// assert_eq!(checker.check_label("scope", "ru"), Ok(()));
/// assert_eq!(checker.check_label("рус", "com").unwrap_err().name(), "whole-script-confusable");
/// // Cyrillic readers' TLDs take Cyrillic labels, even ones that look Latin.
/// assert_eq!(checker.check_label("аррӏе", "рф"), Ok(()));
/// assert_eq!(
///     checker.check_label("аррӏе", "com").unwrap_err().name(),
///     "whole-script-confusable"
/// );
/// // A diacritic variant of a top domain.
/// assert_eq!(
///     checker.check_label("googlé", "com"),
///     Err(SpoofReason::LookalikeOf { domain: "google.com".into() })
/// );
/// let mine = SpoofChecker::with_top_domains(["example.org"]);
/// assert_eq!(
///     mine.check_label("exämple", "org"),
///     Err(SpoofReason::LookalikeOf { domain: "example.org".into() })
/// );
/// assert_eq!(mine.check_label("googlé", "com"), Ok(()));
/// assert_eq!(
///     mine.check_label("exаmple", "org").unwrap_err().name(), // only the а is Cyrillic
///     "mixed-script"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct SpoofChecker {
    top: TopDomains,
}

impl Default for SpoofChecker {
    fn default() -> Self {
        Self::new()
    }
}

impl SpoofChecker {
    /// A checker with the built-in top-domains list ([`TOP_DOMAINS`](crate::TOP_DOMAINS)).
    pub fn new() -> Self {
        Self::from_top_domains_text(crate::TOP_DOMAINS)
    }

    /// A checker whose lookalike check compares with `domains` (registrable domains, ASCII,
    /// `xn--` or Unicode) instead of the built-in list.
    pub fn with_top_domains<I, S>(domains: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        SpoofChecker {
            top: TopDomains::new(domains),
        }
    }

    /// The same as [`with_top_domains`](Self::with_top_domains) (the name of earlier
    /// versions).
    pub fn with_well_known_domains<I, S>(domains: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        Self::with_top_domains(domains)
    }

    /// A checker with the top domains of a list in the built-in list's format (one domain a
    /// line, `#` comments; see [`parse_domain_list`](crate::parse_domain_list)).
    pub fn from_top_domains_text(text: &str) -> Self {
        let lines = text.bytes().filter(|&b| b == b'\n').count();
        SpoofChecker {
            top: TopDomains::with_capacity(crate::parse_domain_list(text), lines),
        }
    }

    /// The number of top domains compared with (domains of the same skeleton count once).
    pub fn top_domain_count(&self) -> usize {
        self.top.len()
    }

    /// The checker with the built-in list, built once.
    pub fn shared() -> &'static SpoofChecker {
        static SHARED: OnceLock<SpoofChecker> = OnceLock::new();
        SHARED.get_or_init(SpoofChecker::new)
    }

    /// Checks one domain label (in Unicode or `xn--` form) under the top-level domain `tld`
    /// (Unicode or `xn--` form). `Ok` means the label may be shown in Unicode. The
    /// top-domains comparison is made on `label.tld`.
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
        let tld_unicode = to_unicode(tld);
        let tld_ascii = weburl_host::domain_to_ascii(&tld_unicode, false, &mut ())
            .map(|t| t.to_string())
            .unwrap_or_else(|_| tld.to_ascii_lowercase());
        self.check_unicode_label(&unicode, &tld_ascii, &tld_unicode)?;
        let host = if tld_unicode.is_empty() {
            unicode
        } else {
            alloc::format!("{unicode}.{tld_unicode}")
        };
        self.check_host(&host)
    }

    /// The checks on a non-ASCII label in Unicode form, under a TLD in its ASCII and Unicode
    /// forms.
    pub(crate) fn check_unicode_label(
        &self,
        label: &str,
        tld_ascii: &str,
        tld_unicode: &str,
    ) -> Result<(), SpoofReason> {
        // UTS 46 CheckHyphens, which browsers apply to what they show: no `-` first or
        // last, nor in the third and fourth positions.
        let mut hyphens = label.chars().map(|c| c == '-');
        let third_fourth = hyphens.nth(2) == Some(true) && hyphens.next() == Some(true);
        if third_fourth || label.starts_with('-') || label.ends_with('-') {
            return Err(SpoofReason::NotIdna);
        }
        check_code_points(label)?;
        let level = policy::restriction_level(label);
        if level > RestrictionLevel::HighlyRestrictive {
            return Err(SpoofReason::MixedScript {
                scripts: two_scripts(label),
            });
        }
        check_numbering(label)?;
        let chars: Vec<char> = label.chars().collect();
        policy::check_tld_specific(&chars, tld_ascii)?;
        if level <= RestrictionLevel::SingleScript && !policy::needs_pattern_checks(&chars) {
            policy::check_whole_script(&chars, tld_ascii, tld_unicode)?;
            return policy::check_digit_lookalike(&chars);
        }
        policy::check_digit_lookalike(&chars)?;
        policy::check_non_ascii_latin(&chars)?;
        policy::check_patterns(&chars)
    }

    /// The top-domains check on a whole host in Unicode (one with a label not in ASCII).
    pub(crate) fn check_host(&self, host: &str) -> Result<(), SpoofReason> {
        match self.top.lookalike_of(host) {
            Some(domain) => Err(SpoofReason::LookalikeOf {
                domain: String::from(domain),
            }),
            None => Ok(()),
        }
    }
}

/// Whether `label` may be shown in Unicode, checked with the built-in top domains and as if
/// under `.com` (a TLD of no script's readers: the strictest case); the reason when not.
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
/// assert_eq!(
///     reason.to_string(),
///     "all Cyrillic, looks like Latin \"apple\" under a top-level domain not of Cyrillic readers"
/// );
/// ```
pub fn is_spoof_safe(label: &str) -> Result<(), SpoofReason> {
    SpoofChecker::shared().check_label(label, "com")
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

/// Steps 1 to 4: invisible, deviation and restricted code points, repeated marks.
fn check_code_points(label: &str) -> Result<(), SpoofReason> {
    let mut base_marks: Vec<char> = Vec::new();
    for c in label.chars() {
        if unicode::is_default_ignorable(c) {
            return Err(SpoofReason::Invisible(c));
        }
        // UTS 46 §4 "Deviations": ß, ς, ZWJ, ZWNJ (the last two are default-ignorable).
        if c == '\u{00DF}' || c == '\u{03C2}' {
            return Err(SpoofReason::Deviation(c));
        }
        if !c.identifier_allowed() && !policy::icu_recommended_extra(c) {
            return Err(SpoofReason::NotIdentifier {
                char: c,
                identifier_type: identifier_type_name(c),
            });
        }
        if policy::is_excluded(c) {
            return Err(SpoofReason::Excluded(c));
        }
        if unicode::is_nonspacing_mark(c) {
            // The marks on the current base, its precomposed ones included (UTS 39's
            // "same nonspacing mark" check works on NFD); any mark after one is a stack.
            if base_marks.contains(&c) {
                return Err(SpoofReason::RepeatedMark(c));
            }
            if !base_marks.is_empty() && ('\u{0300}'..='\u{036F}').contains(&c) {
                // A combining diacritic on a letter that has a mark already (Indic and
                // Thai signs stack by design; Latin, Greek and Cyrillic letters do not).
                return Err(SpoofReason::StackedMarks(c));
            }
            base_marks.push(c);
        } else {
            base_marks.clear();
            decompose_canonical(c, |d| {
                if unicode::is_nonspacing_mark(d) {
                    base_marks.push(d);
                }
            });
        }
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

/// Whether a script is a real one (not Common, Inherited or Unknown).
fn is_specific(script: Script) -> bool {
    !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
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
