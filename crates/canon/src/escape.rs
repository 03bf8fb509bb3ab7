//! Percent-decoding and -encoding shared by the rule sets.

use weburl::percent::{AsciiSet, C0_CONTROL};

/// The bytes both rule sets escape: controls, space, `#`, `%`, DEL and non-ASCII (every
/// [`AsciiSet`] holds the bytes >= 0x80). Use with `weburl::percent::percent_encode_bytes_into`,
/// which writes upper-case hex.
pub(crate) const C0_SPACE_HASH_PERCENT: AsciiSet = C0_CONTROL.add(b' ').add(b'#').add(b'%');

/// Percent-decodes until nothing more decodes, in one pass: each byte is appended to the
/// output, and while the output ends in `%XX` (hex) those three bytes are replaced by the byte
/// they encode (which may complete a `%XX` with earlier output: `%%32%35` is `%`). Each decode
/// shortens the output by two, so this is linear where decoding the whole string again and
/// again (found in review: `%` + `25` × k + `41` took k + 1 passes) was quadratic.
pub(crate) fn unescape_repeatedly(cur: Vec<u8>) -> Vec<u8> {
    if !cur.contains(&b'%') {
        return cur;
    }
    let mut out = Vec::with_capacity(cur.len());
    for &b in &cur {
        out.push(b);
        while let [.., b'%', hi, lo] = *out.as_slice() {
            let (Some(hi), Some(lo)) = (hex_value(hi), hex_value(lo)) else {
                break;
            };
            out.truncate(out.len() - 3);
            out.push(hi << 4 | lo);
        }
    }
    out
}

/// The value of an ASCII hex digit.
fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
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

#[cfg(test)]
mod tests {
    use super::unescape_repeatedly;
    use weburl::percent::percent_decode_into;

    /// The former definition: the whole string decoded again until nothing changes.
    fn oracle(mut cur: Vec<u8>) -> Vec<u8> {
        let mut next = Vec::with_capacity(cur.len());
        loop {
            percent_decode_into(&cur, &mut next);
            if next.len() == cur.len() {
                return cur;
            }
            std::mem::swap(&mut cur, &mut next);
            next.clear();
        }
    }

    #[test]
    fn same_as_decoding_until_nothing_changes() {
        const ALPHABET: &[u8] = b"%25341Aax";
        let base = ALPHABET.len();
        // Every string of up to six bytes over the alphabet.
        let mut count = 0;
        for len in 0..=6u32 {
            for mut n in 0..base.pow(len) {
                let mut s = Vec::with_capacity(len as usize);
                for _ in 0..len {
                    s.push(ALPHABET[n % base]);
                    n /= base;
                }
                assert_eq!(unescape_repeatedly(s.clone()), oracle(s.clone()), "{s:?}");
                count += 1;
            }
        }
        assert_eq!(count, (0..=6u32).map(|l| base.pow(l)).sum::<usize>());
        // Longer ones from a fixed linear congruential generator.
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..20_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let len = (state >> 59) as usize + 7;
            let s: Vec<u8> = (0..len)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    ALPHABET[(state >> 33) as usize % base]
                })
                .collect();
            assert_eq!(unescape_repeatedly(s.clone()), oracle(s.clone()), "{s:?}");
        }
    }

    #[test]
    fn examples() {
        assert_eq!(unescape_repeatedly(b"%%32%35".to_vec()), b"%");
        assert_eq!(unescape_repeatedly(b"%2%35".to_vec()), b"%");
        assert_eq!(unescape_repeatedly(b"%252541".to_vec()), b"A");
        assert_eq!(unescape_repeatedly(b"%zz%4".to_vec()), b"%zz%4");
        assert_eq!(
            unescape_repeatedly(b"%e2%82%AC".to_vec()),
            "\u{20ac}".as_bytes()
        );
    }

    /// Found in review: one layer per pass made this quadratic (minutes); it is linear now.
    #[test]
    fn many_layers() {
        let mut s = b"%".to_vec();
        for _ in 0..200_000 {
            s.extend_from_slice(b"25");
        }
        s.extend_from_slice(b"41");
        assert_eq!(unescape_repeatedly(s), b"A");
    }
}
