//! The [formal algorithm](https://github.com/publicsuffix/list/wiki/Format#formal-algorithm)
//! of the Public Suffix List, as one walk over a domain's labels from the right.

use alloc::string::String;

use crate::table::{
    hash_step, Table, ALL_MASK, EXC_ICANN, EXC_PRIVATE, HASH_START, ICANN_MASK, ROOT, RULE_ICANN,
    RULE_PRIVATE, WILD_ICANN, WILD_PRIVATE,
};

/// The section of the list a rule is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// The ICANN section (`===BEGIN ICANN DOMAINS===`): suffixes under ICANN's authority.
    Icann,
    /// The PRIVATE section (`===BEGIN PRIVATE DOMAINS===`): suffixes their owners asked for
    /// (e.g. `github.io`).
    Private,
}

/// Which rules a lookup uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sections {
    /// Both sections: what the URL Standard and browsers use.
    #[default]
    All,
    /// The ICANN section only (what cookie code and analytics often want: `github.io` is then
    /// under the public suffix `io`).
    IcannOnly,
}

impl Sections {
    pub(crate) fn mask(self) -> u8 {
        match self {
            Sections::All => ALL_MASK,
            Sections::IcannOnly => ICANN_MASK,
        }
    }
}

/// The kind of the rule that prevailed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// A normal rule, e.g. `com` or `github.io`.
    Normal,
    /// A wildcard rule, e.g. `*.ck`.
    Wildcard,
    /// An exception rule, e.g. `!www.ck` (its public suffix is the rule without its first
    /// label).
    Exception,
    /// No rule matched: the implicit rule `*` (the public suffix is the last label).
    Implicit,
}

/// The result of a lookup: a domain's public suffix, and the rule that gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Suffix<'a> {
    domain: &'a str,
    /// Where the public suffix starts in `domain`.
    start: usize,
    kind: RuleKind,
    section: Option<Section>,
}

impl<'a> Suffix<'a> {
    /// The public suffix, a slice of the domain looked up (with its trailing dot, if it has
    /// one).
    pub fn as_str(&self) -> &'a str {
        self.domain.get(self.start..).unwrap_or_default()
    }

    /// The registrable domain: the public suffix and the label before it, or `None` when the
    /// domain is its own public suffix.
    pub fn registrable_domain(&self) -> Option<&'a str> {
        // The label before the suffix ends at `start - 2` (a dot is at `start - 1`).
        let before = self.start.checked_sub(1)?;
        let head = self.domain.get(..before)?;
        let label_start = head.rfind('.').map_or(0, |dot| dot + 1);
        self.domain.get(label_start..)
    }

    /// The kind of rule that prevailed.
    pub fn kind(&self) -> RuleKind {
        self.kind
    }

    /// The section of the rule that prevailed (`None` for the implicit rule `*`).
    pub fn section(&self) -> Option<Section> {
        self.section
    }

    /// Whether a rule of the list matched (not the implicit `*`).
    pub fn is_known(&self) -> bool {
        self.kind != RuleKind::Implicit
    }

    /// The prevailing rule as the list writes it (in its ASCII form, lowercase): `com`,
    /// `*.ck`, `!www.ck`, or `*` for the implicit rule.
    pub fn rule(&self) -> String {
        let suffix = self.as_str();
        let suffix = suffix.strip_suffix('.').unwrap_or(suffix);
        let mut rule = String::new();
        match self.kind {
            RuleKind::Normal => rule.push_str(suffix),
            RuleKind::Implicit => rule.push('*'),
            RuleKind::Wildcard => {
                let rest = suffix.split_once('.').map_or("", |(_, rest)| rest);
                rule.push_str("*.");
                rule.push_str(rest);
            }
            RuleKind::Exception => {
                rule.push('!');
                if let Some(registrable) = self.registrable_domain() {
                    rule.push_str(registrable.strip_suffix('.').unwrap_or(registrable));
                }
            }
        }
        rule.make_ascii_lowercase();
        rule
    }
}

/// The section of the first of `flags`' bits `icann` / `private` that is set.
#[inline(always)]
fn section_of(flags: u8, icann: u8, private: u8) -> Option<Section> {
    if flags & icann != 0 {
        Some(Section::Icann)
    } else if flags & private != 0 {
        Some(Section::Private)
    } else {
        None
    }
}

/// The PSL algorithm on `domain`, with the rules of `mask` (a [`Sections::mask`]).
///
/// A trailing dot is kept out of the match and in the results, as the URL Standard's
/// [public suffix](https://url.spec.whatwg.org/#host-public-suffix) does. `None` for the empty
/// domain and for a domain with an empty label (`.com`, `a..com`): the list's own tests
/// expect no registrable domain for a leading dot, and no rule can match an empty label.
/// Labels are matched ASCII case-insensitively; any other byte is compared as it is.
#[inline]
pub(crate) fn lookup<'a>(table: Table<'_>, domain: &'a str, mask: u8) -> Option<Suffix<'a>> {
    let bytes = domain.as_bytes();
    // "Let trailingDot be "." if host ends with "."" (url.bs): the match is on the rest.
    let end = match bytes.split_last() {
        Some((b'.', rest)) => rest.len(),
        _ => bytes.len(),
    };
    if end == 0 {
        return None;
    }
    let mut parent = ROOT;
    let mut parent_flags = 0u8;
    // The implicit rule `*` until a rule matches; set on the first label.
    let mut best = Suffix {
        domain,
        start: 0,
        kind: RuleKind::Implicit,
        section: None,
    };
    let mut first = true;
    // `label_end` is the end of the label being matched; the loop walks right to left.
    let mut label_end = end;
    loop {
        let mut i = label_end;
        let mut h = HASH_START;
        while let Some(i_minus_1) = i.checked_sub(1) {
            let b = *bytes.get(i_minus_1)?;
            if b == b'.' {
                break;
            }
            h = hash_step(h, b);
            i = i_minus_1;
        }
        if i == label_end {
            // An empty label.
            return None;
        }
        let label = bytes.get(i..label_end)?;
        if first {
            best.start = i;
            first = false;
        }
        let found = table.find(parent, label, h);
        let flags = found.map_or(0, |(_, f)| f) & mask;
        if flags & (EXC_ICANN | EXC_PRIVATE) != 0 {
            // "If more than one rule matches, the prevailing rule is the one which is an
            // exception rule." Its public suffix is the rule without its leftmost label: the
            // labels to the right of this one.
            best.start = label_end + 1;
            best.kind = RuleKind::Exception;
            best.section = section_of(flags, EXC_ICANN, EXC_PRIVATE);
            break;
        }
        if let Some(section) = section_of(parent_flags, WILD_ICANN, WILD_PRIVATE) {
            // `*.<parent>` matches this label, whatever it is.
            best.start = i;
            best.kind = RuleKind::Wildcard;
            best.section = Some(section);
        }
        let Some((slot, _)) = found else { break };
        if let Some(section) = section_of(flags, RULE_ICANN, RULE_PRIVATE) {
            // Rules matched later have more labels: "the prevailing rule is the one with the
            // most labels".
            best.start = i;
            best.kind = RuleKind::Normal;
            best.section = Some(section);
        }
        parent = slot;
        parent_flags = flags;
        match i.checked_sub(1) {
            Some(dot) => label_end = dot,
            None => break,
        }
    }
    // The labels left of the match are not looked at by the walk; an empty one makes the
    // domain invalid as well.
    if best.start > 0 {
        let head = bytes.get(..best.start - 1)?;
        if head.is_empty()
            || head.first() == Some(&b'.')
            || head.last() == Some(&b'.')
            || head.windows(2).any(|w| w == b"..")
        {
            return None;
        }
    }
    Some(best)
}
