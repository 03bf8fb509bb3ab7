//! Punycode encoding ([RFC 3492](https://www.rfc-editor.org/rfc/rfc3492)), for the rules a
//! runtime list writes in Unicode.
//!
//! The list's rules are already in the form IDNA gives (lowercase, NFC), so a Unicode label
//! only needs Punycode and the `xn--` prefix to match a host in its ASCII form. The compiled
//! list is converted with weburl-host's full UTS 46 processing instead (see `weburl-psl-gen`);
//! a test checks the two agree on every rule of the list.

use alloc::string::String;

const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// Labels longer than this are refused: Punycode encoding is quadratic in the label's length,
/// and no DNS label is longer than 63 bytes.
pub(crate) const MAX_LABEL_CHARS: usize = 256;

/// "xn--" and the Punycode encoding of `label`, appended to `out`; `None` when the label is too
/// long or the arithmetic would overflow.
pub(crate) fn encode_label(label: &str, out: &mut String) -> Option<()> {
    let count = label.chars().count();
    if count > MAX_LABEL_CHARS {
        return None;
    }
    out.push_str("xn--");
    let mut basic = 0u32;
    for c in label.chars() {
        if c.is_ascii() {
            out.push(c);
            basic += 1;
        }
    }
    let mut handled = basic;
    if basic > 0 {
        out.push('-');
    }
    let total = u32::try_from(count).ok()?;
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    while handled < total {
        // The smallest code point not handled yet.
        let m = label.chars().map(u32::from).filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for c in label.chars().map(u32::from) {
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n = n.checked_add(1)?;
    }
    Some(())
}

fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        T_MIN
    } else if k >= bias + T_MAX {
        T_MAX
    } else {
        k - bias
    }
}

fn digit(d: u32) -> char {
    // 0..=25 are a..z, 26..=35 are 0..9.
    let b = if d < 26 {
        b'a' + d as u8
    } else {
        b'0' + (d - 26) as u8
    };
    char::from(b)
}

fn adapt(delta: u32, points: u32, first: bool) -> u32 {
    let mut delta = if first { delta / DAMP } else { delta / 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (((BASE - T_MIN + 1) * delta) / (delta + SKEW))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(s: &str) -> String {
        let mut out = String::new();
        encode_label(s, &mut out).unwrap_or_default();
        out
    }

    #[test]
    fn known_labels() {
        assert_eq!(enc("إختبار"), "xn--kgbechtv");
        assert_eq!(enc("中国"), "xn--fiqs8s");
        assert_eq!(enc("公司"), "xn--55qx5d");
        assert_eq!(enc("食狮"), "xn--85x722f");
        assert_eq!(enc("faß"), "xn--fa-hia");
        assert_eq!(enc("bücher"), "xn--bcher-kva");
    }
}
