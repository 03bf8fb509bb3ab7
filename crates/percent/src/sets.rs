//! The spec's [percent-encode sets](https://url.spec.whatwg.org/#percent-encode-set).
//!
//! Every set the spec defines contains the C0 control percent-encode set, which in turn
//! contains every code point above U+007E, so a set is fully described by which ASCII code
//! points it holds: a 128-bit mask. Non-ASCII code points (and so every byte >= 0x80 of
//! their UTF-8 encoding) are always in the set.
//!
//! Besides the mask (which gives cheap equality, hashing and debugging), a set carries a
//! 256-entry lookup table computed at compile time, so the hot question "is this byte in the
//! set?" is one load with no branch and no bounds check.

use core::fmt;
use core::hash::{Hash, Hasher};

/// A [percent-encode set](https://url.spec.whatwg.org/#percent-encode-set): the ASCII code
/// points it contains, plus (always) every non-ASCII code point.
///
/// Sets are built in `const` context by composing the spec's sets:
///
/// ```
/// use weburl_percent::{AsciiSet, C0_CONTROL, PATH};
/// const MY_SET: AsciiSet = C0_CONTROL.add(b' ').add_range(b'[', b']');
/// assert!(MY_SET.contains(b'\\') && MY_SET.contains(0xFF) && !MY_SET.contains(b'a'));
/// assert_eq!(PATH.remove(b'?').union(AsciiSet::EMPTY.add(b'?')), PATH);
/// ```
#[derive(Clone, Copy)]
pub struct AsciiSet {
    /// Bit `b` is set when the ASCII code point `b` is in the set.
    mask: u128,
    /// `table[b]` tells whether byte `b` is in the set; always true for `b >= 0x80`.
    table: [bool; 256],
}

impl AsciiSet {
    /// The set of no ASCII code points (non-ASCII ones are still included).
    pub const EMPTY: AsciiSet = AsciiSet::from_mask(0);

    /// The set whose ASCII members are the set bits of `mask`; builds the lookup table.
    // Indices are below 256 by the loop bound; `get` is not usable in const fn.
    #[allow(clippy::indexing_slicing)]
    const fn from_mask(mask: u128) -> AsciiSet {
        let mut table = [true; 256];
        let mut b = 0;
        while b < 128 {
            table[b] = mask & (1 << b) != 0;
            b += 1;
        }
        AsciiSet { mask, table }
    }

    /// Whether `byte` is in the set. Bytes >= 0x80 always are.
    #[inline(always)]
    // A `u8` index into a 256-entry table cannot be out of bounds.
    #[allow(clippy::indexing_slicing)]
    pub const fn contains(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    /// Whether the code point `c` is in the set: non-ASCII code points always are.
    #[inline]
    pub const fn contains_char(&self, c: char) -> bool {
        let c = c as u32;
        c >= 0x80 || self.mask & (1 << c) != 0
    }

    /// This set plus the ASCII code point `byte`. A non-ASCII `byte` changes nothing: every
    /// set already contains all of them.
    pub const fn add(self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            AsciiSet::from_mask(self.mask | 1 << byte)
        } else {
            self
        }
    }

    /// This set plus every ASCII code point from `from` to `to`, inclusive.
    pub const fn add_range(mut self, from: u8, to: u8) -> AsciiSet {
        let mut b = from;
        while b <= to && b < 0x80 {
            self = self.add(b);
            b += 1;
        }
        self
    }

    /// This set minus the ASCII code point `byte`. Non-ASCII bytes cannot be removed: a
    /// non-ASCII `byte` changes nothing.
    pub const fn remove(self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            AsciiSet::from_mask(self.mask & !(1 << byte))
        } else {
            self
        }
    }

    /// The union of two sets.
    pub const fn union(self, other: AsciiSet) -> AsciiSet {
        AsciiSet::from_mask(self.mask | other.mask)
    }

    /// Whether two sets hold the same code points, usable in `const` context.
    pub const fn const_eq(&self, other: &AsciiSet) -> bool {
        self.mask == other.mask
    }
}

// The table is a function of the mask, so comparing and hashing the mask is enough.
impl PartialEq for AsciiSet {
    #[inline]
    fn eq(&self, other: &AsciiSet) -> bool {
        self.mask == other.mask
    }
}

impl Eq for AsciiSet {}

impl Hash for AsciiSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.mask.hash(state);
    }
}

impl fmt::Debug for AsciiSet {
    /// Lists the ASCII members (non-ASCII code points are always members).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let members = (0u8..0x80).filter(|&b| self.contains(b)).map(char::from);
        f.debug_struct("AsciiSet")
            .field("ascii", &DebugChars(members))
            .finish()
    }
}

/// Formats an iterator of chars as a list, without collecting (no allocation needed).
struct DebugChars<I>(I);

impl<I: Iterator<Item = char> + Clone> fmt::Debug for DebugChars<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.clone()).finish()
    }
}

/// The [C0 control percent-encode set](https://url.spec.whatwg.org/#c0-control-percent-encode-set):
/// C0 controls and all code points greater than U+007E (~).
pub const C0_CONTROL: AsciiSet = AsciiSet::EMPTY.add_range(0x00, 0x1F).add(0x7F);

/// The [fragment percent-encode set](https://url.spec.whatwg.org/#fragment-percent-encode-set):
/// C0 control set and U+0020 SPACE, `"`, `<`, `>`, and `` ` ``.
pub const FRAGMENT: AsciiSet = C0_CONTROL.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`');

/// The [query percent-encode set](https://url.spec.whatwg.org/#query-percent-encode-set):
/// C0 control set and U+0020 SPACE, `"`, `#`, `<`, and `>`.
pub const QUERY: AsciiSet = C0_CONTROL.add(b' ').add(b'"').add(b'#').add(b'<').add(b'>');

/// The [special-query percent-encode set](https://url.spec.whatwg.org/#special-query-percent-encode-set):
/// query set and `'`.
pub const SPECIAL_QUERY: AsciiSet = QUERY.add(b'\'');

/// The [path percent-encode set](https://url.spec.whatwg.org/#path-percent-encode-set):
/// query set and `?`, `^`, `` ` ``, `{`, and `}`.
pub const PATH: AsciiSet = QUERY.add(b'?').add(b'^').add(b'`').add(b'{').add(b'}');

/// The [userinfo percent-encode set](https://url.spec.whatwg.org/#userinfo-percent-encode-set):
/// path set and `/`, `:`, `;`, `=`, `@`, `[` to `]`, and `|`.
pub const USERINFO: AsciiSet = PATH
    .add(b'/')
    .add(b':')
    .add(b';')
    .add(b'=')
    .add(b'@')
    .add_range(b'[', b']')
    .add(b'|');

/// The [component percent-encode set](https://url.spec.whatwg.org/#component-percent-encode-set):
/// userinfo set and `$` to `&`, `+`, and `,`.
pub const COMPONENT: AsciiSet = USERINFO.add_range(b'$', b'&').add(b'+').add(b',');

/// The [application/x-www-form-urlencoded percent-encode set](https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set):
/// component set and `!`, `'` to `)`, and `~`.
///
/// Percent-encoding with this set encodes U+0020 SPACE as `+` (the spec's *spaceAsPlus*).
pub const APPLICATION_X_WWW_FORM_URLENCODED: AsciiSet =
    COMPONENT.add(b'!').add_range(b'\'', b')').add(b'~');
