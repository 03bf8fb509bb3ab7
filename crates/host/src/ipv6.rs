//! The [IPv6 parser](https://url.spec.whatwg.org/#concept-ipv6-parser).

use crate::error::{self, HostError, HostErrorKind, HostErrorSink};

/// The byte length of the code point starting at byte `p` of `input` (1 past its end).
fn code_point_len(input: &str, p: usize) -> usize {
    input
        .get(p..)
        .and_then(|s| s.chars().next())
        .map_or(0, char::len_utf8)
}

/// The [IPv6 parser](https://url.spec.whatwg.org/#concept-ipv6-parser). `offset` is the byte
/// offset of `input` in the host parser's input (1, after the `[`), for error ranges.
///
/// The spec's pointer counts code points; here it counts bytes. Every code point the
/// algorithm moves over is ASCII, and a non-ASCII code point fails at its first byte, so the
/// two agree.
pub(crate) fn ipv6_parser<S: HostErrorSink + ?Sized>(
    input: &str,
    offset: usize,
    errors: &mut S,
) -> Result<[u16; 8], HostError> {
    let bytes = input.as_bytes();
    let c_at = |p: usize| bytes.get(p).copied();
    let fail = |errors: &mut S, kind: HostErrorKind, start: usize, end: usize| {
        error::fail(errors, kind, start + offset..end + offset)
    };
    // "Let address be a new IPv6 address whose pieces are all 0."
    let mut address = [0u16; 8];
    let mut piece_index: usize = 0;
    let mut compress: Option<usize> = None;
    let mut pointer: usize = 0;

    // "If c is U+003A (:), then:"
    if c_at(pointer) == Some(b':') {
        // "If remaining does not start with U+003A (:), IPv6-invalid-compression validation
        // error, return failure."
        if c_at(pointer + 1) != Some(b':') {
            return fail(errors, HostErrorKind::Ipv6InvalidCompression, 0, 1);
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }

    // "While c is not the EOF code point:"
    while let Some(c) = c_at(pointer) {
        // "If pieceIndex is 8, IPv6-too-many-pieces validation error, return failure."
        if piece_index == 8 {
            let end = pointer + code_point_len(input, pointer);
            return fail(errors, HostErrorKind::Ipv6TooManyPieces, pointer, end);
        }
        // "If c is U+003A (:), then:"
        if c == b':' {
            if compress.is_some() {
                // The range covers the "::" (the previous code point is always a U+003A (:)
                // here: the one that ended the previous piece, or the first "::").
                return fail(
                    errors,
                    HostErrorKind::Ipv6MultipleCompression,
                    pointer.saturating_sub(1),
                    pointer + 1,
                );
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        // "Let value and length be 0. While length is less than 4 and c is an ASCII hex
        // digit, set value to value × 0x10 + c interpreted as a hexadecimal number, and
        // increase pointer and length by 1."
        let mut value: u16 = 0;
        let mut length: usize = 0;
        while length < 4 {
            let Some(digit) = c_at(pointer).and_then(|b| char::from(b).to_digit(16)) else {
                break;
            };
            value = (value << 4) | digit as u16;
            pointer += 1;
            length += 1;
        }
        let piece_end = pointer;
        match c_at(pointer) {
            // "If c is U+002E (.), then:"
            Some(b'.') => {
                if length == 0 {
                    return fail(
                        errors,
                        HostErrorKind::Ipv4InIpv6InvalidCodePoint,
                        pointer,
                        pointer + 1,
                    );
                }
                pointer -= length;
                if piece_index > 6 {
                    return fail(
                        errors,
                        HostErrorKind::Ipv4InIpv6TooManyPieces,
                        pointer,
                        bytes.len(),
                    );
                }
                return ipv4_in_ipv6(
                    input,
                    pointer,
                    piece_index,
                    compress,
                    address,
                    offset,
                    errors,
                );
            }
            // "Otherwise, if c is U+003A (:): Increase pointer by 1. If c is the EOF code
            // point, IPv6-invalid-code-point validation error, return failure."
            Some(b':') => {
                pointer += 1;
                if c_at(pointer).is_none() {
                    return fail(
                        errors,
                        HostErrorKind::Ipv6InvalidCodePoint,
                        pointer,
                        pointer,
                    );
                }
            }
            None => {}
            // "Otherwise, if c is not the EOF code point, IPv6-invalid-code-point validation
            // error, return failure."
            Some(_) => {
                let end = pointer + code_point_len(input, pointer);
                return fail(errors, HostErrorKind::Ipv6InvalidCodePoint, pointer, end);
            }
        }
        // "If length is greater than 1 and value is less than 0x10^(length − 1),
        // IPv6-piece-leading-zero validation error."
        if length > 1 && u32::from(value) < (1u32 << (4 * (length - 1))) && errors.wants_errors() {
            errors.report(HostError::new(
                HostErrorKind::Ipv6PieceLeadingZero,
                false,
                piece_end - length + offset..piece_end + offset,
            ));
        }
        if let Some(piece) = address.get_mut(piece_index) {
            *piece = value;
        }
        piece_index += 1;
    }
    finish(address, piece_index, compress, input.len(), offset, errors)
}

/// The IPv4-in-IPv6 part of the [IPv6 parser](https://url.spec.whatwg.org/#concept-ipv6-parser)
/// (the steps under "If c is U+002E (.)" from "Let numbersSeen be 0"), then the steps after
/// the main loop.
fn ipv4_in_ipv6<S: HostErrorSink + ?Sized>(
    input: &str,
    mut pointer: usize,
    mut piece_index: usize,
    compress: Option<usize>,
    mut address: [u16; 8],
    offset: usize,
    errors: &mut S,
) -> Result<[u16; 8], HostError> {
    let bytes = input.as_bytes();
    let c_at = |p: usize| bytes.get(p).copied();
    let fail = |errors: &mut S, kind: HostErrorKind, start: usize, end: usize| {
        error::fail(errors, kind, start + offset..end + offset)
    };
    let ipv4_start = pointer;
    let mut numbers_seen = 0;
    // "While c is not the EOF code point:"
    while let Some(c) = c_at(pointer) {
        let mut ipv4_piece: Option<u16> = None;
        // "If numbersSeen is greater than 0, then: If c is a U+002E (.) and numbersSeen is
        // less than 4, then increase pointer by 1. Otherwise, IPv4-in-IPv6-invalid-code-point
        // validation error, return failure."
        if numbers_seen > 0 {
            if c == b'.' && numbers_seen < 4 {
                pointer += 1;
            } else {
                let end = pointer + code_point_len(input, pointer);
                return fail(
                    errors,
                    HostErrorKind::Ipv4InIpv6InvalidCodePoint,
                    pointer,
                    end,
                );
            }
        }
        // "If c is not an ASCII digit, IPv4-in-IPv6-invalid-code-point validation error,
        // return failure."
        if !c_at(pointer).is_some_and(|b| b.is_ascii_digit()) {
            let end = pointer + code_point_len(input, pointer);
            return fail(
                errors,
                HostErrorKind::Ipv4InIpv6InvalidCodePoint,
                pointer,
                end,
            );
        }
        let part_start = pointer;
        // "While c is an ASCII digit:"
        while let Some(b) = c_at(pointer).filter(u8::is_ascii_digit) {
            let number = u16::from(b - b'0');
            ipv4_piece = match ipv4_piece {
                None => Some(number),
                // "Otherwise, if ipv4Piece is 0, IPv4-in-IPv6-invalid-code-point validation
                // error, return failure."
                Some(0) => {
                    return fail(
                        errors,
                        HostErrorKind::Ipv4InIpv6InvalidCodePoint,
                        part_start,
                        pointer + 1,
                    );
                }
                Some(piece) => Some(piece * 10 + number),
            };
            // "If ipv4Piece is greater than 255, IPv4-in-IPv6-out-of-range-part validation
            // error, return failure."
            if ipv4_piece.is_some_and(|p| p > 255) {
                // The range covers the whole run of digits.
                let digits = bytes.get(pointer..).unwrap_or_default();
                let end = pointer + digits.iter().take_while(|b| b.is_ascii_digit()).count();
                return fail(
                    errors,
                    HostErrorKind::Ipv4InIpv6OutOfRangePart,
                    part_start,
                    end,
                );
            }
            pointer += 1;
        }
        // "Set address[pieceIndex] to address[pieceIndex] × 0x100 + ipv4Piece."
        if let Some(piece) = address.get_mut(piece_index) {
            *piece = (*piece << 8) | ipv4_piece.unwrap_or(0);
        }
        numbers_seen += 1;
        if numbers_seen == 2 || numbers_seen == 4 {
            piece_index += 1;
        }
    }
    // "If numbersSeen is not 4, IPv4-in-IPv6-too-few-parts validation error, return failure."
    if numbers_seen != 4 {
        return fail(
            errors,
            HostErrorKind::Ipv4InIpv6TooFewParts,
            ipv4_start,
            bytes.len(),
        );
    }
    // "Break."
    finish(address, piece_index, compress, input.len(), offset, errors)
}

/// The IPv6 parser's steps after its main loop: undo the compression, or fail with
/// IPv6-too-few-pieces.
fn finish<S: HostErrorSink + ?Sized>(
    mut address: [u16; 8],
    piece_index: usize,
    compress: Option<usize>,
    len: usize,
    offset: usize,
    errors: &mut S,
) -> Result<[u16; 8], HostError> {
    match compress {
        // "If compress is non-null, then: Let swaps be pieceIndex − compress. Set pieceIndex
        // to 7. While pieceIndex is not 0 and swaps is greater than 0, swap
        // address[pieceIndex] with address[compress + swaps − 1], and then decrease both
        // pieceIndex and swaps by 1."
        Some(compress) => {
            let mut swaps = piece_index.saturating_sub(compress);
            let mut piece_index = 7;
            while piece_index != 0 && swaps > 0 {
                address.swap(piece_index, (compress + swaps - 1).min(7));
                piece_index -= 1;
                swaps -= 1;
            }
            Ok(address)
        }
        // "Otherwise, if compress is null and pieceIndex is not 8, IPv6-too-few-pieces
        // validation error, return failure."
        None if piece_index != 8 => {
            let e = HostError::new(HostErrorKind::Ipv6TooFewPieces, true, offset..len + offset);
            errors.report(e.clone());
            Err(e)
        }
        None => Ok(address),
    }
}
