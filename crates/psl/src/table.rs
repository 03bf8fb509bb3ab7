//! The list's lookup table: one open-addressing hash table of the rules' labels, keyed by
//! (parent node, label), that a lookup walks from a domain's last label to its first.
//!
//! Every rule `a.b.c` makes the nodes `c`, `b` (child of `c`) and `a` (child of `b`); a node's
//! flags say which rules end on it: a normal rule, a wildcard rule `*.` over it, an exception
//! rule `!`, each in the ICANN or the PRIVATE section. Each node keeps its label's first eight
//! bytes as a word. The index is an open-addressing hash table of `u32` entries, at most 40%
//! full: a 12-bit tag of the (parent, label) hash and the node's number. Finding a label costs
//! one multiply for its hash and one entry read, and one node read and word comparison when
//! the tag matches (labels longer than eight bytes compare the rest from the label text).
//! Every lookup ends on a label that is not in the list, which a filter of one bit per hash
//! value (four per index entry) usually decides alone.
//!
//! Every lookup of a domain of two labels or more begins with its top-level label, and most
//! find it (`com`, `org`, `uk`): top-level labels of at most eight bytes have a table of their
//! own, the tops, open addressing over [`Top`] entries at most two thirds full, each the label's word
//! with its node's number, length and flags, so that one multiply, one entry read and one
//! comparison find them (without the filter, the tag and the node read of the index). The
//! compiled list is these arrays as `static`s (`generated.rs`), a runtime list the same in
//! `Vec`s.
//!
//! Labels are read eight bytes at a time (`Word`s, little-endian: the first byte in the low
//! bits), ASCII-lowercased and searched for dots with SWAR arithmetic on the word.

/// A node: one label of one or more rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[doc(hidden)]
pub struct Node {
    /// The label's first (up to) eight bytes, lowercase, zero-padded: see [`label_key`].
    pub(crate) word: u64,
    /// Where the label starts in the list's label text.
    pub(crate) start: u32,
    /// The parent's number, or [`ROOT`] for a top-level label.
    pub(crate) parent: u32,
    /// The label's length in bytes (labels of a list are at most 63 bytes long).
    pub(crate) len: u8,
    /// `RULE_*`, `WILD_*`, `EXC_*`.
    pub(crate) flags: u8,
}

impl Node {
    /// A node (used by the generated table).
    pub const fn new(word: u64, start: u32, parent: u32, len: u8, flags: u8) -> Node {
        Node {
            word,
            start,
            parent,
            len,
            flags,
        }
    }
}

/// An entry of the tops, the table of top-level labels of at most eight bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[doc(hidden)]
pub struct Top {
    /// The label's word, as [`Node::word`].
    pub(crate) word: u64,
    /// The node's number in the low [`ID_BITS`] bits, then its flags (six bits) and the
    /// label's length (four bits, 1 to 8); 0 for an empty entry.
    pub(crate) info: u32,
}

impl Top {
    /// An entry (used by the generated table).
    pub const fn new(word: u64, info: u32) -> Top {
        Top { word, info }
    }
}

/// Where [`Top::info`] keeps the flags and the length.
pub(crate) const TOP_FLAGS_SHIFT: u32 = ID_BITS;
pub(crate) const TOP_LEN_SHIFT: u32 = ID_BITS + 6;

/// The first entry of the tops to probe for a word, in tops of `1 << bits` entries (`bits`
/// between 1 and 32).
#[inline(always)]
pub(crate) fn top_slot(word: u64, bits: u32) -> usize {
    (word.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
}

/// The parent of top-level labels.
pub(crate) const ROOT: u32 = u32::MAX;

/// Index entries: the node's number plus one in the low bits (0 is an empty entry), the tag
/// in the high bits.
pub(crate) const ID_BITS: u32 = 20;
/// At most this many nodes (so that a number plus one fits in [`ID_BITS`]).
pub(crate) const MAX_NODES: usize = (1 << ID_BITS) - 2;
const ID_MASK: u32 = (1 << ID_BITS) - 1;

/// A normal rule ends here (ICANN section).
pub(crate) const RULE_ICANN: u8 = 1;
/// A normal rule ends here (PRIVATE section).
pub(crate) const RULE_PRIVATE: u8 = 2;
/// A wildcard rule `*.<this node>` (ICANN section).
pub(crate) const WILD_ICANN: u8 = 4;
/// A wildcard rule `*.<this node>` (PRIVATE section).
pub(crate) const WILD_PRIVATE: u8 = 8;
/// An exception rule `!<this node>` (ICANN section).
pub(crate) const EXC_ICANN: u8 = 16;
/// An exception rule `!<this node>` (PRIVATE section).
pub(crate) const EXC_PRIVATE: u8 = 32;

/// The flags of the ICANN section's rules.
pub(crate) const ICANN_MASK: u8 = RULE_ICANN | WILD_ICANN | EXC_ICANN;
/// The flags of both sections' rules.
pub(crate) const ALL_MASK: u8 = ICANN_MASK | RULE_PRIVATE | WILD_PRIVATE | EXC_PRIVATE;

// The labels eight bytes at a time: `weburl-bytes`' SWAR helpers, shared with the URL parser
// and URL rendering.
use weburl_bytes::swar::{eq_bytes, load, to_ascii_lowercase as lower};

/// The high bit of each byte of `word` that is a `.`, exactly (no carries between bytes).
#[inline(always)]
fn dots(word: u64) -> u64 {
    eq_bytes(word, b'.')
}

/// The filter has `1 << FILTER_SHIFT` bits per index entry: 16 KiB for the compiled list's
/// 32768 entries, about 12 bits per node, so a label the list does not have passes it with a
/// probability of about 8%.
pub(crate) const FILTER_SHIFT: u32 = 2;

/// The filter's bit for a hash (see [`hash`]), in a filter of `1 << (bits + FILTER_SHIFT)`
/// bits: the word and the bit in it.
#[inline(always)]
pub(crate) fn filter_bit(h: u64, bits: u32) -> (usize, u64) {
    // Bits 8 and up of the product, below the tag's and the entry's (at most 41 bits with
    // `bits` at most 39).
    let b = (h >> 8) & ((1u64 << (bits + FILTER_SHIFT)) - 1);
    ((b >> 6) as usize, 1u64 << (b & 63))
}

/// The index entry to probe first for a label under a parent, and the tag its entry has:
/// `word` is the label's first eight bytes (lowercase), `last` its last eight when it is
/// longer than eight bytes (else 0).
#[inline(always)]
pub(crate) fn hash(word: u64, last: u64, parent: u32, bits: u32) -> (usize, u32, u64) {
    let key = word ^ last.rotate_left(29) ^ u64::from(parent).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let h = key.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    // The top `bits` bits choose the entry, the 12 bits below them are the tag. `bits` is
    // between 1 and 40, so the shifts are in range; the entry is below 2^bits, the length of
    // an index that exists in memory, so it fits in usize.
    let first = (h >> (64 - bits)) as usize;
    let tag = ((h >> (52 - bits)) as u32) & 0xfff;
    (first, tag << ID_BITS, h)
}

/// A label's (word, last): its first up-to-eight bytes and, if it is longer, its last eight,
/// ASCII-lowercased, as the lookup reads them (for building the table).
pub(crate) fn label_key(label: &[u8]) -> (u64, u64) {
    let mut first = [0u8; 8];
    for (dst, src) in first.iter_mut().zip(label) {
        *dst = *src;
    }
    let word = lower(u64::from_le_bytes(first));
    let last = match label.len().checked_sub(8) {
        Some(at) if at > 0 => load(label, at).map_or(0, lower),
        _ => 0,
    };
    (word, last)
}

/// A label found by [`scan_label`].
pub(crate) struct Label {
    /// Where it starts in the domain.
    pub(crate) start: usize,
    /// Its first (up to) eight bytes, not yet lowercased: a lookup that stops at its first
    /// label never needs that.
    pub(crate) word: u64,
    /// Its last eight bytes, lowercased, when it is longer than eight bytes; else 0.
    pub(crate) last: u64,
}

/// The first eight bytes of `bytes` as a word, zero-padded when there are fewer: where
/// [`scan_label`] reads a label that ends before byte 8 (read once per lookup, not per label).
#[inline(always)]
pub(crate) fn head(bytes: &[u8]) -> u64 {
    match load(bytes, 0) {
        Some(x) => x,
        None => load_short(bytes),
    }
}

/// The label of `bytes` that ends at `end` (exclusive): where it starts (after the previous
/// `.`, or at 0) and its key, as [`label_key`] computes it. `head` is [`head`]`(bytes)`.
#[inline(always)]
pub(crate) fn scan_label(bytes: &[u8], head: u64, end: usize) -> Label {
    // The common case: eight bytes before `end` exist, and the label is shorter than eight.
    if let Some(x) = end.checked_sub(8).and_then(|at| load(bytes, at)) {
        let d = dots(x);
        if d != 0 {
            // The last dot: its byte index in the word.
            let k = (63 - d.leading_zeros() as usize) / 8;
            let len = 7 - k;
            // The label's bytes shifted down, `x >> 8 * (8 - len)` in two shifts below 64
            // (an empty label shifts all out).
            let word = (x >> 8) >> (8 * k);
            return Label {
                start: end - len,
                word,
                last: 0,
            };
        }
        // No dot in the last eight bytes: a label of eight bytes or more.
        let mut start = end - 8;
        while let Some(p) = start.checked_sub(1) {
            if bytes.get(p) == Some(&b'.') {
                break;
            }
            start = p;
        }
        let len = end - start;
        let word = load(bytes, start).unwrap_or(0);
        // Lowercased here, where it is rare, so that a short label's 0 needs no work later.
        let last = if len > 8 { lower(x) } else { 0 };
        return Label { start, word, last };
    }
    // `end` is below 8: the label is shorter than eight bytes, and the domain's first eight
    // bytes (or all of it), `head`, hold it. The shifts are below 64 (`& 63` says so to the
    // compiler): `end`, and so `start`, are below 8 here. The bytes before `end`; the zeros
    // above them are no dots.
    let x = head & (1u64 << ((8 * end) & 63)).wrapping_sub(1);
    let d = dots(x);
    let start = if d == 0 {
        0
    } else {
        (63 - d.leading_zeros() as usize) / 8 + 1
    };
    Label {
        start,
        word: x >> ((8 * start) & 63),
        last: 0,
    }
}

/// The bytes of a slice shorter than eight bytes as a word, zero-padded, with at most two
/// loads (overlapping ones give the same byte twice, which `|` keeps).
#[inline(always)]
fn load_short(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    let u32_at = |at: usize| {
        bytes
            .get(at..at + 4)
            .and_then(|c| <[u8; 4]>::try_from(c).ok())
            .map_or(0, |c| u64::from(u32::from_le_bytes(c)))
    };
    let u16_at = |at: usize| {
        bytes
            .get(at..at + 2)
            .and_then(|c| <[u8; 2]>::try_from(c).ok())
            .map_or(0, |c| u64::from(u16::from_le_bytes(c)))
    };
    if n >= 4 {
        u32_at(0) | (u32_at(n - 4) << (8 * (n - 4)))
    } else if n >= 2 {
        u16_at(0) | (u16_at(n - 2) << (8 * (n - 2)))
    } else {
        bytes.first().map_or(0, |&b| u64::from(b))
    }
}

/// A borrowed view of a table: what a lookup needs.
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct Table<'t> {
    pub(crate) filter: &'t [u64],
    pub(crate) index: &'t [u32],
    pub(crate) nodes: &'t [Node],
    pub(crate) labels: &'t [u8],
    pub(crate) bits: u32,
    /// The tops: top-level labels of at most eight bytes.
    pub(crate) tops: &'t [Top],
    /// The tops have `1 << top_bits` entries.
    pub(crate) top_bits: u32,
}

impl<'t> Table<'t> {
    /// The number and flags of `label` (a label of `domain`, scanned by [`scan_label`],
    /// ending at `end`) under `parent`.
    #[inline(always)]
    pub(crate) fn find(
        &self,
        parent: u32,
        domain: &[u8],
        label: &Label,
        end: usize,
    ) -> Option<(u32, u8)> {
        self.find_in::<true>(parent, domain, label, end)
    }

    /// [`Table::find`], with a look at the filter first if `FILTER`: without it for a label
    /// that the list most likely has (a top-level label), where the filter only costs.
    #[inline(always)]
    pub(crate) fn find_in<const FILTER: bool>(
        &self,
        parent: u32,
        domain: &[u8],
        label: &Label,
        end: usize,
    ) -> Option<(u32, u8)> {
        let len = end - label.start;
        let mask = self.index.len().wrapping_sub(1);
        // Lowercased here, not when scanned: a lookup that stops at its first label (one
        // label) never needs it.
        let word = lower(label.word);
        let (mut i, tag, h) = hash(word, label.last, parent, self.bits);
        // Most lookups end on a label the list does not have: the filter, a bit per hash
        // value (16 KiB for the compiled list, so it stays in the first-level cache), says so
        // for most of them without reading the larger index.
        let (filter_word, bit) = filter_bit(h, self.bits);
        if FILTER && self.filter.get(filter_word)? & bit == 0 {
            return None;
        }
        // The index is never full, so an empty entry ends every probe sequence; the bound is
        // only a guarantee of termination.
        for _ in 0..self.index.len() {
            let entry = *self.index.get(i)?;
            if entry == 0 {
                return None;
            }
            if entry & !ID_MASK == tag {
                let id = (entry & ID_MASK) - 1;
                let node = self.nodes.get(id as usize)?;
                if node.word == word
                    && node.parent == parent
                    && usize::from(node.len) == len
                    && (len <= 8 || self.rest_matches(node, domain, label.start, len))
                {
                    return Some((id, node.flags));
                }
            }
            i = (i + 1) & mask;
        }
        None
    }

    /// The number and flags of the top-level `label` (of `domain`, ending at `end`): from the
    /// tops for a label of at most eight bytes, else as [`Table::find`] without the filter (a
    /// host's top-level label is most often in the list, where the filter only costs).
    #[inline(always)]
    pub(crate) fn find_top(&self, domain: &[u8], label: &Label, end: usize) -> Option<(u32, u8)> {
        let len = end - label.start;
        if len > 8 {
            return self.find_in::<false>(ROOT, domain, label, end);
        }
        let word = lower(label.word);
        let mask = self.tops.len().wrapping_sub(1);
        let mut i = top_slot(word, self.top_bits);
        // The tops are never full, so an empty entry ends every probe sequence; the bound is
        // only a guarantee of termination.
        for _ in 0..self.tops.len() {
            let top = self.tops.get(i)?;
            if top.info == 0 {
                return None;
            }
            if top.word == word && (top.info >> TOP_LEN_SHIFT) as usize == len {
                return Some((
                    top.info & ID_MASK,
                    (top.info >> TOP_FLAGS_SHIFT) as u8 & 0x3f,
                ));
            }
            i = (i + 1) & mask;
        }
        None
    }

    /// Whether the bytes after the first eight of a long label match the node's.
    #[cold]
    fn rest_matches(&self, node: &Node, domain: &[u8], start: usize, len: usize) -> bool {
        let at = node.start as usize;
        match (
            self.labels.get(at + 8..at + len),
            domain.get(start + 8..start + len),
        ) {
            (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swar() {
        let w = u64::from_le_bytes(*b"AZaz@[`{");
        assert_eq!(lower(w).to_le_bytes(), *b"azaz@[`{");
        let w = u64::from_le_bytes(*b"a.b..c\x80.");
        assert_eq!(dots(w).to_le_bytes(), [0, 0x80, 0, 0x80, 0x80, 0, 0, 0x80]);
        assert_eq!(
            dots(u64::from_le_bytes(*b"/\x2f\x01.\xae\x2e\x00\x2d")).to_le_bytes(),
            [0, 0, 0, 0x80, 0, 0x80, 0, 0]
        );
    }

    /// `scan_label` agrees with `label_key` on every label of many domains.
    #[test]
    fn scan_matches_key() {
        let domains = [
            "a",
            "ab.c",
            "www.example.com",
            "EXAMPLE.COM",
            "x.verylonglabelname.co.uk",
            "12345678.abcdefgh.i",
            "abcdefghi",
            "a.b.c.d.e.f.g.h.i.j",
            ".com",
            "a..b",
            "ünïcode.xn--kgbechtv",
            "Ab.cD.eF",
            "seventy-two-bytes-or-so-label.abcdefghijklmnop.q",
        ];
        for d in domains {
            let bytes = d.as_bytes();
            let mut end = bytes.len();
            loop {
                let l = scan_label(bytes, head(bytes), end);
                let (word, last) = label_key(&bytes[l.start..end]);
                assert_eq!((lower(l.word), l.last), (word, last), "{d:?} at {end}");
                assert!(l.start == 0 || bytes[l.start - 1] == b'.');
                assert!(!bytes[l.start..end].contains(&b'.'));
                if l.start == 0 {
                    break;
                }
                end = l.start - 1;
            }
        }
    }
}
