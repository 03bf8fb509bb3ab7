//! Reading IP addresses back from their [serialization](https://url.spec.whatwg.org/#concept-host-serializer)
//! in a URL, for [`Url::host_parsed`](crate::Url::host_parsed). The input is always a host the
//! host parser produced (canonical form); anything else reads as zeros rather than panicking.

/// `a.b.c.d` to its 32-bit value.
pub(crate) fn ipv4_from_serialized(s: &str) -> u32 {
    let mut value: u32 = 0;
    for part in s.split('.') {
        let byte = part.parse::<u8>().unwrap_or(0);
        value = (value << 8) | u32::from(byte);
    }
    value
}

/// `[x:x::x]` (compressed, lowercase hex, brackets included) to its eight pieces.
pub(crate) fn ipv6_from_serialized(s: &str) -> [u16; 8] {
    let inner = s
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(s);
    let mut pieces = [0u16; 8];
    let parse_list = |list: &str, out: &mut [u16]| {
        if list.is_empty() {
            return 0;
        }
        let mut n = 0;
        for (slot, p) in out.iter_mut().zip(list.split(':')) {
            *slot = u16::from_str_radix(p, 16).unwrap_or(0);
            n += 1;
        }
        n
    };
    match inner.split_once("::") {
        None => {
            parse_list(inner, &mut pieces);
        }
        Some((head, tail)) => {
            let mut head_pieces = [0u16; 8];
            let mut tail_pieces = [0u16; 8];
            let h = parse_list(head, &mut head_pieces);
            let t = parse_list(tail, &mut tail_pieces);
            for (slot, v) in pieces.iter_mut().zip(head_pieces.iter().take(h)) {
                *slot = *v;
            }
            let start = 8usize.saturating_sub(t);
            for (slot, v) in pieces
                .iter_mut()
                .skip(start)
                .zip(tail_pieces.iter().take(t))
            {
                *slot = *v;
            }
        }
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back() {
        assert_eq!(ipv4_from_serialized("127.0.0.1"), 0x7f00_0001);
        assert_eq!(ipv6_from_serialized("[::1]"), [0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(
            ipv6_from_serialized("[1:0:0:2::3:0]"),
            [1, 0, 0, 2, 0, 0, 3, 0]
        );
        assert_eq!(
            ipv6_from_serialized("[1:2:3:4:5:6:7:8]"),
            [1, 2, 3, 4, 5, 6, 7, 8]
        );
        assert_eq!(ipv6_from_serialized("[::]"), [0; 8]);
    }
}
