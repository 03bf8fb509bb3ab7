//! Percent-decoding and -encoding shared by the rule sets.

use weburl::percent::{percent_decode_into, AsciiSet, C0_CONTROL};

/// The bytes both rule sets escape: controls, space, `#`, `%`, DEL and non-ASCII (every
/// [`AsciiSet`] holds the bytes >= 0x80). Use with `weburl::percent::percent_encode_bytes_into`,
/// which writes upper-case hex.
pub(crate) const C0_SPACE_HASH_PERCENT: AsciiSet = C0_CONTROL.add(b' ').add(b'#').add(b'%');

/// Percent-decodes until nothing more decodes.
pub(crate) fn unescape_repeatedly(mut cur: Vec<u8>) -> Vec<u8> {
    if !cur.contains(&b'%') {
        return cur;
    }
    let mut next = Vec::with_capacity(cur.len());
    loop {
        percent_decode_into(&cur, &mut next);
        // Each `%XX` decoded shortens the bytes by two: same length, nothing decoded.
        if next.len() == cur.len() {
            break;
        }
        std::mem::swap(&mut cur, &mut next);
        next.clear();
        if !cur.contains(&b'%') {
            break;
        }
    }
    cur
}

/// Parses a dotted IPv4 address the way `inet_aton` does: one to four parts, each decimal,
/// octal (leading `0`) or, when `hex` is set, hexadecimal (`0x`); the last part fills the
/// remaining bytes. Returns `None` when it is not one.
pub(crate) fn inet_aton(host: &[u8], hex_allowed: bool) -> Option<u32> {
    let mut values = [0u64; 4];
    let mut n = 0;
    for part in host.split(|&b| b == b'.') {
        // A fifth part: not an address.
        *values.get_mut(n)? = number(part, hex_allowed)?;
        n += 1;
    }
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
        let digit = u64::from(char::from(d).to_digit(radix)?);
        v = v.checked_mul(u64::from(radix))?.checked_add(digit)?;
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
