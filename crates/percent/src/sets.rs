//! The spec's [percent-encode sets](https://url.spec.whatwg.org/#percent-encode-set).
//!
//! Every set the spec defines contains the C0 control percent-encode set, which in turn
//! contains every code point above U+007E, so a set is fully described by which ASCII code
//! points it holds: a 128-bit mask. Non-ASCII code points (and so every byte >= 0x80 of
//! their UTF-8 encoding) are always in the set.

/// A [percent-encode set](https://url.spec.whatwg.org/#percent-encode-set): the ASCII code
/// points it contains, plus (always) every non-ASCII code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AsciiSet {
    mask: [u32; 4],
}

impl AsciiSet {
    /// The set of no ASCII code points (non-ASCII ones are still included).
    pub const EMPTY: AsciiSet = AsciiSet { mask: [0; 4] };

    /// Whether `byte` is in the set. Bytes >= 0x80 always are.
    #[inline]
    // `byte < 0x80` here, so `byte >> 5 < 4`: the index is in bounds (and `get` is not const).
    #[allow(clippy::indexing_slicing)]
    pub const fn contains(&self, byte: u8) -> bool {
        if byte >= 0x80 {
            return true;
        }
        self.mask[(byte >> 5) as usize] & (1 << (byte & 31)) != 0
    }

    /// This set plus the ASCII code point `byte`. A non-ASCII `byte` changes nothing: every
    /// set already contains all of them.
    #[allow(clippy::indexing_slicing)] // in bounds: `byte < 0x80` is checked first.
    pub const fn add(mut self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            self.mask[(byte >> 5) as usize] |= 1 << (byte & 31);
        }
        self
    }

    /// This set plus every ASCII code point from `from` to `to`, inclusive.
    pub const fn add_range(mut self, from: u8, to: u8) -> AsciiSet {
        let mut b = from;
        while b <= to {
            self = self.add(b);
            if b == u8::MAX {
                break;
            }
            b += 1;
        }
        self
    }

    /// This set minus the ASCII code point `byte`. Non-ASCII bytes cannot be removed: a
    /// non-ASCII `byte` changes nothing.
    #[allow(clippy::indexing_slicing)] // in bounds: `byte < 0x80` is checked first.
    pub const fn remove(mut self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            self.mask[(byte >> 5) as usize] &= !(1 << (byte & 31));
        }
        self
    }

    /// The union of two sets.
    #[allow(clippy::indexing_slicing)] // constant indices into a [u32; 4].
    pub const fn union(self, other: AsciiSet) -> AsciiSet {
        AsciiSet {
            mask: [
                self.mask[0] | other.mask[0],
                self.mask[1] | other.mask[1],
                self.mask[2] | other.mask[2],
                self.mask[3] | other.mask[3],
            ],
        }
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
pub const APPLICATION_X_WWW_FORM_URLENCODED: AsciiSet =
    COMPONENT.add(b'!').add_range(b'\'', b')').add(b'~');
