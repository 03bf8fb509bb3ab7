//! The [formal algorithm](https://github.com/publicsuffix/list/wiki/Format#formal-algorithm)
//! of the Public Suffix List, as one walk over a domain's labels from the right.

use alloc::string::String;

use crate::table::{
    head, scan_label, Table, ALL_MASK, EXC_ICANN, EXC_PRIVATE, ICANN_MASK, ROOT, RULE_ICANN,
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
    /// Where the registrable domain starts, when the walk already read the label before the
    /// suffix (`NOT_READ` otherwise; `start` itself when that label is empty: none).
    registrable: usize,
}

/// [`Suffix::registrable`] when the walk did not read the label before the suffix.
const NOT_READ: usize = usize::MAX;

impl<'a> Suffix<'a> {
    /// The public suffix, a slice of the domain looked up (with its trailing dot, if it has
    /// one).
    pub fn as_str(&self) -> &'a str {
        self.domain.get(self.start..).unwrap_or_default()
    }

    /// The registrable domain: the public suffix and the label before it, or `None` when the
    /// domain is its own public suffix.
    // Always inlined: left out of line (as thin LTO did in one binary), its caller copies the
    // lookup's result through the stack and reads its byte-sized fields back as one word.
    #[inline(always)]
    pub fn registrable_domain(&self) -> Option<&'a str> {
        if self.registrable != NOT_READ {
            if self.registrable == self.start {
                return None;
            }
            return self.domain.get(self.registrable..);
        }
        // The label before the suffix ends before the dot at `start - 1`.
        let before = self.start.checked_sub(1)?;
        let bytes = self.domain.as_bytes();
        let label = scan_label(bytes, head(bytes), before);
        if label.start == before {
            // An empty label.
            return None;
        }
        self.domain.get(label.start..)
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
/// [public suffix](https://url.spec.whatwg.org/#host-public-suffix) does. `None` for the
/// empty domain, a domain with a leading dot (`.example.com`: the list's own tests expect no
/// registrable domain for it) and one whose last label is empty (`com..`). An empty label
/// matches no rule, not even a wildcard: it ends the match (`a..com` has the public suffix
/// `com` and no registrable domain; labels left of the registrable domain are not looked at).
/// Labels are matched ASCII case-insensitively; any other byte is compared as it is.
#[inline]
///
/// With `RULE` false, the caller wants only the suffix's (and registrable domain's) place, not
/// which rule gave it: a domain of one label is then its own public suffix without a look at
/// the list (whether a rule names it or the implicit `*` applies, and no exception or
/// wildcard rule matches one label), which is the common case of intranet and file hosts.
pub(crate) fn lookup<'a, const RULE: bool>(
    table: &Table<'_>,
    domain: &'a str,
    mask: u8,
) -> Option<Suffix<'a>> {
    let bytes = domain.as_bytes();
    if bytes.first() == Some(&b'.') {
        return None;
    }
    // "Let trailingDot be "." if host ends with "."" (url.bs): the match is on the rest.
    let end = match bytes.split_last() {
        Some((b'.', rest)) => rest.len(),
        _ => bytes.len(),
    };
    let mut parent = ROOT;
    let mut parent_flags = 0u8;
    // The last label, by the implicit rule `*`, until a rule matches.
    let head = head(bytes);
    let last = scan_label(bytes, head, end);
    if last.start == end {
        return None;
    }
    let mut best = Suffix {
        domain,
        start: last.start,
        kind: RuleKind::Implicit,
        section: None,
        registrable: NOT_READ,
    };
    if !RULE && last.start == 0 {
        return Some(best);
    }
    // The label being matched and its end; the loop walks right to left.
    let mut label = last;
    let mut label_end = end;
    loop {
        if label.start == label_end {
            // An empty label: no rule matches it.
            break;
        }
        let found = table.find(parent, bytes, &label, label_end);
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
            best.start = label.start;
            best.kind = RuleKind::Wildcard;
            best.section = Some(section);
        }
        let Some((slot, _)) = found else { break };
        if let Some(section) = section_of(flags, RULE_ICANN, RULE_PRIVATE) {
            // Rules matched later have more labels: "the prevailing rule is the one with the
            // most labels".
            best.start = label.start;
            best.kind = RuleKind::Normal;
            best.section = Some(section);
        }
        parent = slot;
        parent_flags = flags;
        let Some(dot) = label.start.checked_sub(1) else {
            break;
        };
        label_end = dot;
        label = scan_label(bytes, head, label_end);
    }
    if best.start == label_end + 1 {
        // The walk stopped on the label before the suffix.
        best.registrable = label.start;
        if label.start == label_end {
            best.registrable = best.start;
        }
    }
    Some(best)
}

/// The registrable domain of `domain` with the rules of both sections: the answer of
/// [`lookup`] (without `RULE`) and then [`Suffix::registrable_domain`], in one walk that
/// returns the slice itself rather than a [`Suffix`] to read back, and that answers a domain
/// of one label (its own public suffix, so no registrable domain) before any look at the list.
#[inline(always)]
pub(crate) fn registrable<'a>(table: &Table<'_>, domain: &'a str) -> Option<&'a str> {
    let bytes = domain.as_bytes();
    if *bytes.first()? == b'.' {
        return None;
    }
    // "Let trailingDot be "." if host ends with "."" (url.bs): the match is on the rest.
    let end = match bytes.split_last() {
        Some((b'.', rest)) => rest.len(),
        _ => bytes.len(),
    };
    let head = head(bytes);
    let mut label = scan_label(bytes, head, end);
    if label.start == 0 || label.start == end {
        // One label, its own public suffix; or an empty last label.
        return None;
    }
    // The top-level label, on its own: no parent, no wildcard over it, and a label before it.
    // Where the public suffix starts: the last label, by the implicit rule `*`, until a rule
    // matches.
    let mut suffix = label.start;
    let mut label_end = label.start - 1;
    let Some((mut parent, mut parent_flags)) = table.find_top(bytes, &label, end) else {
        // The implicit rule `*`: the registrable domain is the label before this one.
        return label_from(domain, scan_label(bytes, head, label_end).start, label_end);
    };
    if parent_flags & (EXC_ICANN | EXC_PRIVATE) != 0 {
        // (No list has an exception rule of one label.)
        return domain.get(label.start..);
    }
    label = scan_label(bytes, head, label_end);
    loop {
        if label.start == label_end {
            // An empty label: no rule matches it.
            break;
        }
        let found = table.find(parent, bytes, &label, label_end);
        let flags = found.map_or(0, |(_, f)| f);
        if flags & (EXC_ICANN | EXC_PRIVATE) != 0 {
            // An exception rule prevails; its public suffix is the labels right of this one,
            // so this label ends the registrable domain.
            return domain.get(label.start..);
        }
        if parent_flags & (WILD_ICANN | WILD_PRIVATE) != 0 {
            // `*.<parent>` matches this label.
            suffix = label.start;
        }
        let Some((slot, _)) = found else { break };
        if flags & (RULE_ICANN | RULE_PRIVATE) != 0 {
            // The rule with the most labels prevails.
            suffix = label.start;
        }
        parent = slot;
        parent_flags = flags;
        let Some(dot) = label.start.checked_sub(1) else {
            break;
        };
        label_end = dot;
        label = scan_label(bytes, head, label_end);
    }
    if suffix == label_end + 1 {
        // The walk stopped on the label before the suffix.
        return label_from(domain, label.start, label_end);
    }
    label_before(domain, suffix)
}

/// The domain from `start`, the start of a label that ends at `end`: `None` if that label is
/// empty.
#[inline(always)]
fn label_from(domain: &str, start: usize, end: usize) -> Option<&str> {
    if start == end {
        return None;
    }
    domain.get(start..)
}

/// The domain from the start of the label that ends at the dot before `suffix`: `None` if
/// there is no such label (or it is empty).
#[inline(never)]
fn label_before(domain: &str, suffix: usize) -> Option<&str> {
    let before = suffix.checked_sub(1)?;
    let bytes = domain.as_bytes();
    let label = scan_label(bytes, head(bytes), before);
    if label.start == before {
        return None;
    }
    domain.get(label.start..)
}
