//! The list's lookup table: one open-addressing hash table of the rules' labels, keyed by
//! (parent node, label), that a lookup walks from a domain's last label to its first.
//!
//! Every rule `a.b.c` makes the nodes `c`, `b` (child of `c`) and `a` (child of `b`); a node's
//! flags say which rules end on it: a normal rule, a wildcard rule `*.` over it, an exception
//! rule `!`, each in the ICANN or the PRIVATE section. Nodes live in the table's slots
//! themselves (a parent is named by its slot), so that finding a label costs one hash of its
//! bytes, usually one slot read and one comparison of the label; the compiled list is these
//! slots as a `static` (see `generated.rs`), a runtime list the same in a `Vec`.

/// One slot of the table: a node, or an empty slot (`len == 0`: no label is empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[doc(hidden)]
pub struct Node {
    /// Where the label starts in the list's label text.
    pub(crate) start: u32,
    /// The parent's slot, or [`ROOT`] for a top-level label.
    pub(crate) parent: u32,
    /// The label's length in bytes (labels of the list are at most 63 bytes long).
    pub(crate) len: u8,
    /// `RULE_*`, `WILD_*`, `EXC_*`.
    pub(crate) flags: u8,
}

impl Node {
    /// An empty slot.
    pub const EMPTY: Node = Node {
        start: 0,
        parent: 0,
        len: 0,
        flags: 0,
    };

    /// A node (used by the generated table).
    pub const fn new(start: u32, parent: u32, len: u8, flags: u8) -> Node {
        Node {
            start,
            parent,
            len,
            flags,
        }
    }
}

/// The parent of top-level labels.
pub(crate) const ROOT: u32 = u32::MAX;

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

const FNV_OFFSET: u32 = 0x811c_9dc5;
const FNV_PRIME: u32 = 0x0100_0193;

/// The hash of a label's bytes, fed from its last byte to its first, ASCII-lowercased (lookups
/// are ASCII case-insensitive; the list's labels are lowercase).
#[inline(always)]
pub(crate) fn hash_step(h: u32, byte: u8) -> u32 {
    (h ^ u32::from(byte.to_ascii_lowercase())).wrapping_mul(FNV_PRIME)
}

/// The hash of an empty label, where [`hash_step`] starts.
pub(crate) const HASH_START: u32 = FNV_OFFSET;

/// The hash of a whole label (for building the table).
pub(crate) fn hash_label(label: &[u8]) -> u32 {
    label.iter().rev().fold(HASH_START, |h, &b| hash_step(h, b))
}

/// The first slot to probe for a label of hash `h` under `parent`, in a table of `1 << bits`
/// slots.
#[inline(always)]
pub(crate) fn first_slot(h: u32, parent: u32, bits: u32) -> usize {
    let key = h ^ parent.wrapping_mul(0x9e37_79b9);
    let mixed = key.wrapping_mul(0x85eb_ca6b);
    // `bits` is between 1 and 31, so the shift is in range; u32 fits in usize on every target
    // this crate builds for (16-bit targets are not among them).
    (mixed >> (32 - bits)) as usize
}

/// A borrowed view of a table: what a lookup needs.
#[derive(Clone, Copy)]
pub(crate) struct Table<'t> {
    pub(crate) slots: &'t [Node],
    pub(crate) labels: &'t [u8],
    pub(crate) bits: u32,
}

impl<'t> Table<'t> {
    /// The slot of `label` under `parent`, whose hash is `h`.
    #[inline(always)]
    pub(crate) fn find(&self, parent: u32, label: &[u8], h: u32) -> Option<(u32, u8)> {
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = first_slot(h, parent, self.bits);
        // The table is never full, so an empty slot ends every probe sequence; the bound is
        // only a guarantee of termination.
        for _ in 0..self.slots.len() {
            let node = self.slots.get(i)?;
            if node.len == 0 {
                return None;
            }
            if node.parent == parent && usize::from(node.len) == label.len() {
                let start = node.start as usize;
                let stored = self.labels.get(start..start + label.len())?;
                if stored.eq_ignore_ascii_case(label) {
                    // Slots are numbered below 2^31 (see `List::from_rules`).
                    return Some((i as u32, node.flags));
                }
            }
            i = (i + 1) & mask;
        }
        None
    }
}
