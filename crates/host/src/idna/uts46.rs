//! UTS 46 [Processing](https://www.unicode.org/reports/tr46/#Processing),
//! [Validity Criteria](https://www.unicode.org/reports/tr46/#Validity_Criteria),
//! [ToASCII](https://www.unicode.org/reports/tr46/#ToASCII) and
//! [ToUnicode](https://www.unicode.org/reports/tr46/#ToUnicode), with the flags the URL
//! Standard uses: *CheckBidi*, *CheckJoiners* true, *Transitional_Processing* and
//! *IgnoreInvalidPunycode* false; *CheckHyphens*, *UseSTD3ASCIIRules* and *VerifyDnsLength*
//! all equal to *beStrict*.
//!
//! The two settings of *beStrict* differ only in extra checks, never in the output, so one
//! pass computes both outcomes ([`Errors`]).

use alloc::borrow::Cow;
use alloc::string::String;

use super::{adapter, bidi, contextj};

/// Whether an error was recorded, for each setting of *beStrict*. An error with the relaxed
/// flags is also one with the strict flags (the strict flags only add checks; the one check
/// only the relaxed flags make, criterion 4, is implied by the strict criterion 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Errors {
    /// An error with *beStrict* false.
    pub(crate) relaxed: bool,
    /// An error with *beStrict* true.
    pub(crate) strict: bool,
}

impl Errors {
    fn relaxed(&mut self) {
        self.relaxed = true;
        self.strict = true;
    }
}

/// What [`process`] writes.
pub(crate) enum Output<'a> {
    /// Nothing: only the errors are wanted.
    None,
    /// The ToASCII result.
    Ascii(&'a mut String),
    /// The ToUnicode result.
    Unicode(&'a mut String),
}

const PUNYCODE_PREFIX: &str = "xn--";

/// Runs UTS 46 Processing on `domain` and then the rest of ToASCII or ToUnicode (per `out`),
/// returning which errors were recorded. On a relaxed error it stops early and `out` holds
/// a partial result (callers discard it).
pub(crate) fn process(domain: &str, mut out: Output<'_>) -> Errors {
    let adapter = adapter();
    let mut errors = Errors::default();
    // Processing step 1 and 2, "Map" and "Normalize". An ASCII string maps to its ASCII
    // lowercase (ASCII code points are valid or mapped to lowercase; the UseSTD3ASCIIRules
    // restriction is checked as validity criterion 7) and is already in NFC.
    let mapped: Cow<'_, str> = if domain.is_ascii() {
        if domain.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(domain.to_ascii_lowercase())
        } else {
            Cow::Borrowed(domain)
        }
    } else {
        Cow::Owned(adapter.map_normalize(domain.chars()).collect())
    };
    let mut bidi_domain = false;
    let mut bidi_rule_broken = false;
    let mut dns = DnsLength::default();
    let mut scratch = String::new();
    // Processing step 3, "Break": labels at U+002E (.).
    for (index, label) in mapped.split('.').enumerate() {
        if index > 0 {
            match &mut out {
                Output::Ascii(s) | Output::Unicode(s) => s.push('.'),
                Output::None => {}
            }
        }
        let ascii_len = process_label(
            label,
            &mut out,
            &mut scratch,
            &mut errors,
            &mut bidi_domain,
            &mut bidi_rule_broken,
        );
        if errors.relaxed {
            return errors;
        }
        dns.label(ascii_len);
    }
    // Criterion 9: "If CheckBidi, and if the domain name is a Bidi domain name, then the
    // label must satisfy all six of the numbered conditions in RFC 5893, Section 2."
    if bidi_domain && bidi_rule_broken {
        errors.relaxed();
        return errors;
    }
    // ToASCII step 4, VerifyDnsLength (strict only).
    if !dns.ok() {
        errors.strict = true;
    }
    errors
}

/// Processing step 4, "Convert/Validate", for one label, and ToASCII step 3 (or the
/// ToUnicode output). Returns the length of the label's ASCII form.
fn process_label(
    label: &str,
    out: &mut Output<'_>,
    scratch: &mut String,
    errors: &mut Errors,
    bidi_domain: &mut bool,
    bidi_rule_broken: &mut bool,
) -> usize {
    if let Some(rest) = label.strip_prefix(PUNYCODE_PREFIX) {
        // "If the label starts with “xn--”:
        // 1. If the label contains any non-ASCII code point (i.e., a code point greater than
        //    U+007F), record that there was an error, and continue with the next label."
        if !rest.is_ascii() {
            errors.relaxed();
            return 0;
        }
        // "2. Attempt to convert the rest of the label to Unicode according to Punycode
        //    [RFC3492]. If that conversion fails, record that there was an error, and
        //    continue with the next label. Otherwise replace the original label in the string
        //    by the results of the conversion."
        let Ok(decoded) = weburl_punycode::decode(rest.as_bytes()) else {
            errors.relaxed();
            return 0;
        };
        // "3. If the label is empty, or if the label contains only ASCII code points, record
        //    that there was an error."
        if decoded.iter().all(char::is_ascii) {
            errors.relaxed();
            return 0;
        }
        scratch.clear();
        scratch.extend(decoded.iter());
        // Punycode decoding accepts only canonical encodings in practice, but ToASCII
        // re-encodes the label (step 3): require that to give back this label, so the
        // output is the input label.
        let mut reencoded = String::with_capacity(rest.len());
        if weburl_punycode::encode(scratch, &mut reencoded).is_err() || reencoded != rest {
            errors.relaxed();
            return 0;
        }
        // "4. Verify that the label meets the validity criteria in Section 4.1, Validity
        //    Criteria for Nontransitional Processing."
        validity_criteria(scratch, true, errors, bidi_domain, bidi_rule_broken);
        match out {
            Output::Ascii(s) => s.push_str(label),
            Output::Unicode(s) => s.push_str(scratch),
            Output::None => {}
        }
        label.len()
    } else {
        // "If the label does not start with “xn--”: Verify that the label meets the validity
        // criteria in Section 4.1."
        validity_criteria(label, false, errors, bidi_domain, bidi_rule_broken);
        if errors.relaxed {
            return 0;
        }
        if label.is_ascii() {
            match out {
                Output::Ascii(s) | Output::Unicode(s) => s.push_str(label),
                Output::None => {}
            }
            return label.len();
        }
        // ToASCII step 3: "Convert each label with non-ASCII characters into Punycode
        // [RFC3492], and prefix by “xn--”. This may record an error."
        match out {
            Output::Unicode(s) => {
                s.push_str(label);
                0
            }
            Output::Ascii(s) => {
                let start = s.len();
                s.push_str(PUNYCODE_PREFIX);
                if weburl_punycode::encode(label, s).is_err() {
                    errors.relaxed();
                }
                s.len() - start
            }
            Output::None => {
                scratch.clear();
                if weburl_punycode::encode(label, scratch).is_err() {
                    errors.relaxed();
                }
                PUNYCODE_PREFIX.len() + scratch.len()
            }
        }
    }
}

/// [Validity Criteria](https://www.unicode.org/reports/tr46/#Validity_Criteria) for
/// Nontransitional Processing. `from_punycode` says the label was decoded from Punycode (so
/// NFC and the code point statuses still need checking; a mapped label has them by
/// construction). Criterion 9 is a property of the whole domain: this records whether the
/// label makes the domain a Bidi domain and whether it breaks the Bidi rule.
fn validity_criteria(
    label: &str,
    from_punycode: bool,
    errors: &mut Errors,
    bidi_domain: &mut bool,
    bidi_rule_broken: &mut bool,
) {
    let adapter = adapter();
    let bytes = label.as_bytes();
    // "1. The label must be in Unicode Normalization Form NFC."
    // "7. Each code point in the label must only have certain Status values according to
    // Section 5, IDNA Mapping Table: ... For Nontransitional Processing, each value must be
    // either valid or deviation." `map_normalize` turned every disallowed code point into
    // U+FFFD (itself disallowed); `normalize_validate` changes a decoded label that is not
    // NFC or has a code point that is not valid or deviation.
    if label.contains('\u{FFFD}')
        || (from_punycode && !adapter.normalize_validate(label.chars()).eq(label.chars()))
    {
        errors.relaxed();
        return;
    }
    // "2. If CheckHyphens, the label must not contain a U+002D HYPHEN-MINUS character in
    // both the third and fourth positions."
    // "3. If CheckHyphens, the label must neither begin nor end with a U+002D HYPHEN-MINUS
    // character."
    let mut chars = label.chars();
    if matches!((chars.nth(2), chars.next()), (Some('-'), Some('-')))
        || bytes.first() == Some(&b'-')
        || bytes.last() == Some(&b'-')
    {
        errors.strict = true;
    }
    // "4. If not CheckHyphens, the label must not begin with “xn--”."
    // "5. The label must not contain a U+002E ( . ) FULL STOP."
    if label.starts_with(PUNYCODE_PREFIX) || label.contains('.') {
        errors.relaxed();
        return;
    }
    // "6. The label must not begin with a combining mark, that is: General_Category=Mark."
    if label.chars().next().is_some_and(|c| adapter.is_mark(c)) {
        errors.relaxed();
        return;
    }
    // "7. ... c. In addition, if UseSTD3ASCIIRules=true and the code point is an ASCII code
    // point (U+0000..U+007F), then it must be a lowercase letter (a-z), a digit (0-9), or a
    // hyphen-minus (U+002D)."
    if bytes
        .iter()
        .any(|&b| b.is_ascii() && !(b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'))
    {
        errors.strict = true;
    }
    // "8. If CheckJoiners, the label must satisify the ContextJ rules from Appendix A, in
    // The Unicode Code Points and IDNA (IDNA2008) [RFC5892]."
    if label.contains(['\u{200C}', '\u{200D}']) && !contextj::satisfies_contextj(adapter, label) {
        errors.relaxed();
        return;
    }
    // "9. If CheckBidi, and if the domain name is a Bidi domain name, then the label must
    // satisfy all six of the numbered conditions in [IDNA2008] RFC 5893, Section 2."
    if !label.is_ascii() && bidi::has_rtl(adapter, label) {
        *bidi_domain = true;
    }
    if !*bidi_rule_broken && !bidi::satisfies_bidi_rule(adapter, label) {
        *bidi_rule_broken = true;
    }
}

/// ToASCII step 4, *VerifyDnsLength*: "The length of the domain name, excluding the root
/// label and its dot, is from 1 to 253. The length of each label is from 1 to 63."
///
/// An empty label fails wherever it is, the last one included: UTS 46's conformance data
/// (IdnaTestV2.txt: `a.b.c.d.` gives error A4_2, an empty label) and the reference
/// implementation (whatwg-url over tr46) both treat a trailing dot's empty label as a label,
/// not as the root label the prose excludes, so `example.com.` fails strict ToASCII and
/// reports *domain-to-ASCII*. The total is then that of the whole domain.
#[derive(Default)]
struct DnsLength {
    labels: usize,
    total: usize,
    bad: bool,
}

impl DnsLength {
    fn label(&mut self, len: usize) {
        if len == 0 || len > 63 {
            self.bad = true;
        }
        self.total = self
            .total
            .saturating_add(len)
            .saturating_add(usize::from(self.labels > 0));
        self.labels += 1;
    }

    fn ok(&self) -> bool {
        !self.bad && (1..=253).contains(&self.total)
    }
}
