//! [Host serializing](https://url.spec.whatwg.org/#host-serializing): the IPv4 and IPv6
//! serializers.

use core::fmt;

/// A serialized address, built in place and written with one `write_str`: the serializers are
/// generic over the writer, and a write per character inlined the writer's code (a `String`'s
/// capacity check and growth) at each, which made a parse-only program larger
/// (`docs/performance.md`).
struct Text<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Text<N> {
    fn new() -> Self {
        Text {
            bytes: [0; N],
            len: 0,
        }
    }

    /// Appends an ASCII byte (the callers' `N` is the longest serialization's length).
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    fn as_str(&self) -> &str {
        // Only ASCII bytes are pushed.
        core::str::from_utf8(self.bytes.get(..self.len).unwrap_or_default()).unwrap_or_default()
    }

    /// `value` in decimal (the spec's [serialize an integer](https://url.spec.whatwg.org/#serialize-an-integer)).
    fn push_decimal(&mut self, value: u8) {
        let hundreds = value / 100;
        let tens = (value / 10) % 10;
        if hundreds > 0 {
            self.push(b'0' + hundreds);
        }
        if hundreds > 0 || tens > 0 {
            self.push(b'0' + tens);
        }
        self.push(b'0' + value % 10);
    }

    /// `value` as the shortest possible lowercase hexadecimal number.
    fn push_hex(&mut self, value: u16) {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let mut started = false;
        for shift in [12u32, 8, 4, 0] {
            let nibble = usize::from((value >> shift) & 0xF);
            if nibble != 0 || started || shift == 0 {
                started = true;
                self.push(DIGITS.get(nibble).copied().unwrap_or(b'0'));
            }
        }
    }
}

/// The [IPv4 serializer](https://url.spec.whatwg.org/#concept-ipv4-serializer).
///
/// The spec prepends `n % 256` four times while dividing `n` by 256; writing the big-endian
/// bytes in order produces the same string.
pub(crate) fn ipv4_serializer<W: fmt::Write + ?Sized>(address: u32, out: &mut W) -> fmt::Result {
    out.write_str(ipv4_text(address).as_str())
}

/// [`ipv4_serializer`]'s output (at most 15 bytes: `255.255.255.255`).
fn ipv4_text(address: u32) -> Text<15> {
    let mut text = Text::new();
    for (i, b) in address.to_be_bytes().into_iter().enumerate() {
        if i > 0 {
            text.push(b'.');
        }
        text.push_decimal(b);
    }
    text
}

/// [Find the IPv6 address compressed piece index](https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index):
/// the start of the first longest run of zero pieces, if that run is longer than one piece.
pub(crate) fn find_the_ipv6_address_compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    let mut longest_index = None;
    let mut longest_size = 1;
    let mut found_index = None;
    let mut found_size = 0;
    for (piece_index, &piece) in address.iter().enumerate() {
        if piece != 0 {
            if found_size > longest_size {
                longest_index = found_index;
                longest_size = found_size;
            }
            found_index = None;
            found_size = 0;
        } else {
            if found_index.is_none() {
                found_index = Some(piece_index);
            }
            found_size += 1;
        }
    }
    if found_size > longest_size {
        return found_index;
    }
    longest_index
}

/// The [IPv6 serializer](https://url.spec.whatwg.org/#concept-ipv6-serializer) (without the
/// brackets the host serializer adds).
pub(crate) fn ipv6_serializer<W: fmt::Write + ?Sized>(
    address: &[u16; 8],
    out: &mut W,
) -> fmt::Result {
    out.write_str(ipv6_text(address).as_str())
}

/// [`ipv6_serializer`]'s output (at most 39 bytes: eight pieces of four digits and seven `:`).
fn ipv6_text(address: &[u16; 8]) -> Text<39> {
    let mut text = Text::new();
    let compress = find_the_ipv6_address_compressed_piece_index(address);
    let mut ignore0 = false;
    for (piece_index, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        } else if ignore0 {
            ignore0 = false;
        }
        if compress == Some(piece_index) {
            if piece_index == 0 {
                text.push(b':');
            }
            text.push(b':');
            ignore0 = true;
            continue;
        }
        text.push_hex(piece);
        if piece_index != 7 {
            text.push(b':');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    fn v6(address: [u16; 8]) -> String {
        let mut s = String::new();
        ipv6_serializer(&address, &mut s).unwrap();
        s
    }

    fn v4(address: u32) -> String {
        let mut s = String::new();
        ipv4_serializer(address, &mut s).unwrap();
        s
    }

    #[test]
    fn compressed_piece_index_example() {
        // The spec's example: in 0:f:0:0:f:f:0:0 it points to the second 0.
        assert_eq!(
            find_the_ipv6_address_compressed_piece_index(&[0, 0xf, 0, 0, 0xf, 0xf, 0, 0]),
            Some(2)
        );
        assert_eq!(
            find_the_ipv6_address_compressed_piece_index(&[1, 0, 1, 0, 1, 0, 1, 0]),
            None
        );
        assert_eq!(
            find_the_ipv6_address_compressed_piece_index(&[0; 8]),
            Some(0)
        );
    }

    #[test]
    fn ipv6() {
        assert_eq!(v6([0; 8]), "::");
        assert_eq!(v6([0, 0, 0, 0, 0, 0, 0, 1]), "::1");
        assert_eq!(v6([1, 0, 0, 0, 0, 0, 0, 0]), "1::");
        assert_eq!(v6([0, 0xf, 0, 0, 0xf, 0xf, 0, 0]), "0:f::f:f:0:0");
        assert_eq!(v6([1, 0, 1, 0, 1, 0, 1, 0]), "1:0:1:0:1:0:1:0");
        assert_eq!(
            v6([0x2001, 0xdb8, 0x85a3, 0, 0, 0x8a2e, 0x370, 0x7334]),
            "2001:db8:85a3::8a2e:370:7334"
        );
        assert_eq!(v6([0xFFFF; 8]), "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff");
        assert_eq!(v6([1, 0, 0, 2, 0, 0, 0, 3]), "1:0:0:2::3");
        assert_eq!(v6([1, 0, 0, 2, 0, 0, 3, 4]), "1::2:0:0:3:4");
    }

    #[test]
    fn ipv4() {
        assert_eq!(v4(0), "0.0.0.0");
        assert_eq!(v4(u32::MAX), "255.255.255.255");
        assert_eq!(v4(0x7F00_0001), "127.0.0.1");
        assert_eq!(v4(0x0A64_0A09), "10.100.10.9");
    }
}
