//! [Host serializing](https://url.spec.whatwg.org/#host-serializing): the IPv4 and IPv6
//! serializers.

use core::fmt;

/// Writes `value` in decimal (the spec's [serialize an integer](https://url.spec.whatwg.org/#serialize-an-integer)).
fn write_decimal<W: fmt::Write + ?Sized>(out: &mut W, value: u8) -> fmt::Result {
    let hundreds = value / 100;
    let tens = (value / 10) % 10;
    let ones = value % 10;
    if hundreds > 0 {
        out.write_char(char::from(b'0' + hundreds))?;
    }
    if hundreds > 0 || tens > 0 {
        out.write_char(char::from(b'0' + tens))?;
    }
    out.write_char(char::from(b'0' + ones))
}

/// Writes `value` as the shortest possible lowercase hexadecimal number.
fn write_hex<W: fmt::Write + ?Sized>(out: &mut W, value: u16) -> fmt::Result {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut started = false;
    for shift in [12u32, 8, 4, 0] {
        let nibble = usize::from((value >> shift) & 0xF);
        if nibble != 0 || started || shift == 0 {
            started = true;
            let digit = DIGITS.get(nibble).copied().unwrap_or(b'0');
            out.write_char(char::from(digit))?;
        }
    }
    Ok(())
}

/// The [IPv4 serializer](https://url.spec.whatwg.org/#concept-ipv4-serializer).
///
/// The spec prepends `n % 256` four times while dividing `n` by 256; writing the big-endian
/// bytes in order produces the same string.
pub(crate) fn ipv4_serializer<W: fmt::Write + ?Sized>(address: u32, out: &mut W) -> fmt::Result {
    let [b0, b1, b2, b3] = address.to_be_bytes();
    write_decimal(out, b0)?;
    out.write_char('.')?;
    write_decimal(out, b1)?;
    out.write_char('.')?;
    write_decimal(out, b2)?;
    out.write_char('.')?;
    write_decimal(out, b3)
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
    let compress = find_the_ipv6_address_compressed_piece_index(address);
    let mut ignore0 = false;
    for (piece_index, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        } else if ignore0 {
            ignore0 = false;
        }
        if compress == Some(piece_index) {
            out.write_str(if piece_index == 0 { "::" } else { ":" })?;
            ignore0 = true;
            continue;
        }
        write_hex(out, piece)?;
        if piece_index != 7 {
            out.write_char(':')?;
        }
    }
    Ok(())
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
