//! The [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker), the
//! [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser) and the
//! [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser).

use core::ops::Range;

use crate::error::{fail, HostError, HostErrorKind, HostErrorSink, RangeMap};

/// The [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker).
///
/// Only the last one or two labels are looked at (splitting from the end), so a domain of
/// many labels costs no more than its last labels.
pub fn ends_in_a_number(input: &str) -> bool {
    let bytes = input.as_bytes();
    // "Let parts be the result of strictly splitting input on U+002E (.). If the last item in
    // parts is the empty string, then remove the last item from parts."
    let trimmed = match bytes.split_last() {
        Some((b'.', rest)) => rest,
        _ => bytes,
    };
    // "Let last be the last item in parts."
    let last = match trimmed.iter().rposition(|&b| b == b'.') {
        Some(dot) => trimmed.get(dot + 1..).unwrap_or_default(),
        None => trimmed,
    };
    // "If last is not the empty string and contains only ASCII digits, then return true."
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    // Every input the IPv4 number parser accepts starts with an ASCII digit (decimal, `0`
    // for octal, `0x` for hexadecimal): a last part that does not (most domains) fails it.
    if !last.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    // "If parsing last as an IPv4 number does not return failure, then return true."
    ipv4_number_parser(last).is_some()
}

/// The [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser): the number and
/// whether a validation error (non-decimal notation) occurred.
///
/// The spec's "mathematical integer" is saturated at `u64::MAX`: every value above `u32::MAX`
/// fails the IPv4 parser the same way.
pub(crate) fn ipv4_number_parser(input: &[u8]) -> Option<(u64, bool)> {
    if input.is_empty() {
        return None;
    }
    let (digits, radix, validation_error) = match input {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16, true),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8, true),
        _ => (input, 10, false),
    };
    if digits.is_empty() {
        return Some((0, true));
    }
    let mut output: u64 = 0;
    for &b in digits {
        let digit = char::from(b).to_digit(radix)?;
        output = output
            .saturating_mul(u64::from(radix))
            .saturating_add(u64::from(digit));
    }
    Some((output, validation_error))
}

/// The [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser), on the ASCII domain
/// `input`; `map` turns byte ranges of `input` into ranges of the host parser's input.
pub(crate) fn ipv4_parser<S: HostErrorSink + ?Sized>(
    input: &str,
    map: RangeMap,
    errors: &mut S,
) -> Result<u32, HostError> {
    let bytes = input.as_bytes();
    let whole = map.map(0..bytes.len());
    // "Let parts be the result of strictly splitting input on U+002E (.)." Parts are kept as
    // byte ranges, at most four of them (more fail below).
    let mut trimmed_len = bytes.len();
    // "If the last item in parts is the empty string, then: IPv4-empty-part validation error.
    // If parts's size is greater than 1, then remove the last item from parts."
    if let Some((b'.', _)) = bytes.split_last() {
        if errors.wants_errors() {
            let dot = bytes.len() - 1;
            errors.report(HostError::new(
                HostErrorKind::Ipv4EmptyPart,
                false,
                map.map(dot..bytes.len()),
            ));
        }
        trimmed_len -= 1;
    }
    let trimmed = bytes.get(..trimmed_len).unwrap_or_default();
    let count = trimmed.iter().filter(|&&b| b == b'.').count() + 1;
    // "If parts's size is less than 4, IPv4-too-few-parts validation error."
    if count < 4 && errors.wants_errors() {
        errors.report(HostError::new(
            HostErrorKind::Ipv4TooFewParts,
            false,
            whole.clone(),
        ));
    }
    // "If parts's size is greater than 4, IPv4-too-many-parts validation error, return
    // failure."
    if count > 4 {
        return fail(errors, HostErrorKind::Ipv4TooManyParts, whole);
    }
    let mut numbers = [0u64; 4];
    let mut ranges: [Range<usize>; 4] = [0..0, 0..0, 0..0, 0..0];
    let mut start = 0;
    for ((part, number), range) in trimmed
        .split(|&b| b == b'.')
        .zip(numbers.iter_mut())
        .zip(ranges.iter_mut())
    {
        let end = start + part.len();
        *range = start..end;
        start = end + 1;
        match ipv4_number_parser(part) {
            // "If result is failure, IPv4-non-numeric-part validation error, return failure."
            None => {
                return fail(
                    errors,
                    HostErrorKind::Ipv4NonNumericPart,
                    map.map(range.clone()),
                );
            }
            Some((n, validation_error)) => {
                // "If result[1] is true, IPv4-non-decimal-part validation error."
                if validation_error && errors.wants_errors() {
                    errors.report(HostError::new(
                        HostErrorKind::Ipv4NonDecimalPart,
                        false,
                        map.map(range.clone()),
                    ));
                }
                *number = n;
            }
        }
    }
    let numbers = numbers.get(..count).unwrap_or_default();
    let ranges = ranges.get(..count).unwrap_or_default();
    let (&last, init) = match numbers.split_last() {
        Some(split) => split,
        None => {
            return Err(HostError::new(
                HostErrorKind::Ipv4NonNumericPart,
                true,
                whole,
            ))
        }
    };
    // "If the last item in numbers is greater than or equal to 256^(5 − numbers's size), then
    // return failure." (size is 1..=4, so the exponent is 1..=4.)
    let limit = 1u64 << (8 * (5 - count as u32).min(4));
    // "If any item in numbers is greater than 255, IPv4-out-of-range-part validation error."
    // "If any but the last item in numbers is greater than 255, then return failure." One
    // error is reported, at the part that fails the parse if one does, else at the first part
    // over 255.
    let failing_init = init.iter().position(|&n| n > 255);
    let last_fails = last >= limit;
    if failing_init.is_some() || last_fails || last > 255 {
        let failure = failing_init.is_some() || last_fails;
        let index = failing_init.unwrap_or(count - 1);
        let range = ranges.get(index).cloned().unwrap_or(0..0);
        let e = HostError::new(HostErrorKind::Ipv4OutOfRangePart, failure, map.map(range));
        errors.report(e.clone());
        if failure {
            return Err(e);
        }
    }
    // "Let ipv4 be the last item in numbers ... increment ipv4 by n × 256^(3 − counter)."
    let mut ipv4 = last;
    for (counter, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter as u32));
    }
    Ok(u32::try_from(ipv4).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn parse(input: &str) -> (Result<u32, HostError>, Vec<HostError>) {
        let mut errors = Vec::new();
        let r = ipv4_parser(input, RangeMap::Offset(0), &mut errors);
        (r, errors)
    }

    #[test]
    fn number_parser() {
        assert_eq!(ipv4_number_parser(b""), None);
        assert_eq!(ipv4_number_parser(b"0"), Some((0, false)));
        assert_eq!(ipv4_number_parser(b"0x"), Some((0, true)));
        assert_eq!(ipv4_number_parser(b"0X"), Some((0, true)));
        assert_eq!(ipv4_number_parser(b"0xffffffff"), Some((0xFFFF_FFFF, true)));
        assert_eq!(ipv4_number_parser(b"0777"), Some((0o777, true)));
        assert_eq!(ipv4_number_parser(b"09"), None);
        assert_eq!(ipv4_number_parser(b"0xg"), None);
        assert_eq!(ipv4_number_parser(b"123"), Some((123, false)));
        assert_eq!(
            ipv4_number_parser(b"99999999999999999999999999999999"),
            Some((u64::MAX, false))
        );
    }

    #[test]
    fn ends_in_a_number_checker() {
        assert!(ends_in_a_number("0"));
        assert!(ends_in_a_number("09"));
        assert!(ends_in_a_number("example.255"));
        assert!(ends_in_a_number("example.255."));
        assert!(ends_in_a_number("a.0x"));
        assert!(ends_in_a_number("a.0xAb"));
        assert!(!ends_in_a_number("a.0xg"));
        assert!(!ends_in_a_number("example.com"));
        assert!(!ends_in_a_number("."));
        assert!(!ends_in_a_number("1.a"));
        assert!(!ends_in_a_number("1.."));
    }

    #[test]
    fn parser() {
        assert_eq!(parse("0").0, Ok(0));
        assert_eq!(parse("0xffffffff").0, Ok(u32::MAX));
        assert_eq!(parse("127.0.0.1").0, Ok(0x7F00_0001));
        assert_eq!(parse("127.1").0, Ok(0x7F00_0001));
        assert_eq!(parse("127.0.1").0, Ok(0x7F00_0001));
        assert_eq!(parse("0x7f.1").0, Ok(0x7F00_0001));
        assert_eq!(parse("4294967295").0, Ok(u32::MAX));
        assert!(parse("4294967296").0.is_err());
        assert!(parse("256.0.0.1").0.is_err());
        assert_eq!(parse("1.2.3.255").0, Ok(0x0102_03FF));
        assert!(parse("1.2.3.256").0.is_err());
        assert_eq!(parse("1.2.65535").0, Ok(0x0102_FFFF));
        assert!(parse("1.2.65536").0.is_err());
        assert!(parse("09").0.is_err());
        assert!(parse("1..2").0.is_err());
    }

    #[test]
    fn table_examples() {
        // IPv4-empty-part: "https://127.0.0.1./"
        let (r, e) = parse("127.0.0.1.");
        assert_eq!(r, Ok(0x7F00_0001));
        assert_eq!(
            e,
            [HostError::new(HostErrorKind::Ipv4EmptyPart, false, 9..10)]
        );
        // IPv4-too-few-parts: "https://1.2.3/"
        let (r, e) = parse("1.2.3");
        assert_eq!(r, Ok(0x0102_0003));
        assert_eq!(
            e,
            [HostError::new(HostErrorKind::Ipv4TooFewParts, false, 0..5)]
        );
        // IPv4-too-many-parts: "https://1.2.3.4.5/"
        let (r, e) = parse("1.2.3.4.5");
        let expected = HostError::new(HostErrorKind::Ipv4TooManyParts, true, 0..9);
        assert_eq!(r, Err(expected.clone()));
        assert_eq!(e, [expected]);
        // IPv4-non-numeric-part: "https://test.42" is a domain ending in a number.
        let (r, e) = parse("test.42");
        let expected = HostError::new(HostErrorKind::Ipv4NonNumericPart, true, 0..4);
        assert_eq!(r, Err(expected.clone()));
        assert_eq!(
            e,
            [
                HostError::new(HostErrorKind::Ipv4TooFewParts, false, 0..7),
                expected
            ]
        );
        // IPv4-non-decimal-part: "https://127.0.0x0.1"
        let (r, e) = parse("127.0.0x0.1");
        assert_eq!(r, Ok(0x7F00_0001));
        assert_eq!(
            e,
            [HostError::new(
                HostErrorKind::Ipv4NonDecimalPart,
                false,
                6..9
            )]
        );
        // IPv4-out-of-range-part: "https://255.255.4000.1"
        let (r, e) = parse("255.255.4000.1");
        let expected = HostError::new(HostErrorKind::Ipv4OutOfRangePart, true, 8..12);
        assert_eq!(r, Err(expected.clone()));
        assert_eq!(e, [expected]);
        // Out of range in the last part only, and still in range for the address.
        let (r, e) = parse("1.256");
        assert_eq!(r, Ok(0x0100_0100));
        assert_eq!(
            e,
            [
                HostError::new(HostErrorKind::Ipv4TooFewParts, false, 0..5),
                HostError::new(HostErrorKind::Ipv4OutOfRangePart, false, 2..5)
            ]
        );
    }
}
