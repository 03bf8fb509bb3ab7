//! Percent-decoding and -encoding shared by the rule sets.

/// The value of an ASCII hex digit.
fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// One pass of percent-decoding: each `%XX` with two hex digits becomes its byte, anything
/// else is kept. Returns whether something was decoded.
pub(crate) fn unescape_once(input: &[u8], out: &mut Vec<u8>) -> bool {
    let mut changed = false;
    let mut i = 0;
    while let Some(&b) = input.get(i) {
        if b == b'%' {
            if let (Some(h), Some(l)) = (
                input.get(i + 1).copied().and_then(hex),
                input.get(i + 2).copied().and_then(hex),
            ) {
                out.push(h << 4 | l);
                i += 3;
                changed = true;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    changed
}

/// Percent-decodes until nothing more decodes.
pub(crate) fn unescape_repeatedly(input: &[u8]) -> Vec<u8> {
    let mut cur = input.to_vec();
    if !cur.contains(&b'%') {
        return cur;
    }
    let mut next = Vec::with_capacity(cur.len());
    while unescape_once(&cur, &mut next) {
        std::mem::swap(&mut cur, &mut next);
        next.clear();
        if !cur.contains(&b'%') {
            break;
        }
    }
    cur
}

const UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `b` as `%XX` (uppercase hex).
pub(crate) fn push_escaped(out: &mut String, b: u8) {
    out.push('%');
    out.push(char::from(
        UPPER.get(usize::from(b >> 4)).copied().unwrap_or(b'0'),
    ));
    out.push(char::from(
        UPPER.get(usize::from(b & 15)).copied().unwrap_or(b'0'),
    ));
}

/// Appends `input`, escaping the bytes `escape` selects as `%XX`.
pub(crate) fn escape_into(out: &mut String, input: &[u8], escape: impl Fn(u8) -> bool) {
    for &b in input {
        if escape(b) || !b.is_ascii() {
            push_escaped(out, b);
        } else {
            out.push(char::from(b));
        }
    }
}

/// The bytes both rule sets escape: controls, space, `#`, `%`, DEL and non-ASCII.
pub(crate) fn escape_c0_space_hash_percent(b: u8) -> bool {
    b <= b' ' || b == b'#' || b == b'%' || b >= 0x7f
}

/// Parses a dotted IPv4 address the way `inet_aton` does: one to four parts, each decimal,
/// octal (leading `0`) or, when `hex` is set, hexadecimal (`0x`); the last part fills the
/// remaining bytes. Returns `None` when it is not one.
pub(crate) fn inet_aton(host: &[u8], hex_allowed: bool) -> Option<u32> {
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut values = [0u64; 4];
    for (slot, part) in values.iter_mut().zip(&parts) {
        *slot = number(part, hex_allowed)?;
    }
    let n = parts.len();
    let mut addr: u64 = 0;
    for (i, &v) in values.iter().take(n).enumerate() {
        if i + 1 == n {
            let bits = 8 * (4 - i as u32);
            if v >= (1u64 << bits) {
                return None;
            }
            addr = (addr << bits) | v;
        } else {
            if v > 0xff {
                return None;
            }
            addr = (addr << 8) | v;
        }
    }
    u32::try_from(addr).ok()
}

/// One part of an `inet_aton` address.
fn number(part: &[u8], hex_allowed: bool) -> Option<u64> {
    let (digits, radix) = match part {
        [b'0', b'x' | b'X', rest @ ..] if hex_allowed => (rest, 16),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (part, 10),
    };
    if digits.is_empty() && radix != 16 {
        return None;
    }
    let mut v: u64 = 0;
    for &d in digits {
        let digit = u64::from(hex(d)?);
        if digit >= radix {
            return None;
        }
        v = v.checked_mul(radix)?.checked_add(digit)?;
        if v > u64::from(u32::MAX) {
            return None;
        }
    }
    Some(v)
}

/// Appends `addr` as four dotted decimals.
pub(crate) fn push_ipv4(out: &mut String, addr: u32) {
    use std::fmt::Write;
    let [a, b, c, d] = addr.to_be_bytes();
    let _ = write!(out, "{a}.{b}.{c}.{d}");
}
