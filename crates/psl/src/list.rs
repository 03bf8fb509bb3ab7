//! [`List`]: a Public Suffix List, compiled in or parsed at run time, and its lookups.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::lookup::{lookup, registrable, Sections, Suffix};
use crate::table::{
    filter_bit, hash, label_key, top_slot, Node, Table, Top, EXC_ICANN, EXC_PRIVATE, FILTER_SHIFT,
    MAX_NODES, ROOT, RULE_ICANN, RULE_PRIVATE, TOP_FLAGS_SHIFT, TOP_LEN_SHIFT, WILD_ICANN,
    WILD_PRIVATE,
};

/// A Public Suffix List: the compiled one (`List::compiled`, feature `list`) or one parsed at
/// run time from the list's text ([`List::parse`]). Both answer the same lookups at the same
/// speed; a lookup allocates nothing and borrows its results from the domain it was given.
///
/// ```
/// let text = "// ===BEGIN ICANN DOMAINS===\ncom\n*.ck\n!www.ck\n// ===END ICANN DOMAINS===\n";
/// let list = weburl_psl::List::parse(text)?;
/// assert_eq!(list.public_suffix("www.example.com"), Some("com"));
/// assert_eq!(list.registrable_domain("a.b.ck"), Some("a.b.ck"));
/// assert_eq!(list.registrable_domain("www.ck"), Some("www.ck"));
/// assert_eq!(list.rules(), 3);
/// # Ok::<(), weburl_psl::ListError>(())
/// ```
#[derive(Clone, Debug)]
pub struct List {
    repr: Repr,
    rules: usize,
}

/// The tables: `static`s of the generated code, or owned by a parsed list. (One match per
/// lookup; `Cow`s would cost one per array.)
#[derive(Clone, Debug)]
enum Repr {
    Static(Table<'static>),
    Owned {
        filter: Vec<u64>,
        index: Vec<u32>,
        nodes: Vec<Node>,
        labels: String,
        bits: u32,
        tops: Vec<Top>,
        top_bits: u32,
    },
}

impl List {
    /// The list compiled into this crate (`data/public_suffix_list.dat`, see the crate docs
    /// for its version and how to refresh it).
    #[cfg(feature = "list")]
    #[inline]
    pub fn compiled() -> &'static List {
        &crate::generated::LIST
    }

    /// A list from the generated tables (used by `generated.rs`).
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub const fn from_static(
        filter: &'static [u64],
        index: &'static [u32],
        nodes: &'static [Node],
        labels: &'static str,
        bits: u32,
        tops: &'static [Top],
        top_bits: u32,
        rules: usize,
    ) -> List {
        List {
            repr: Repr::Static(Table {
                filter,
                index,
                nodes,
                labels: labels.as_bytes(),
                bits,
                tops,
                top_bits,
            }),
            rules,
        }
    }

    /// The longest Unicode label of a rule that [`List::parse`] encodes, in code points: no
    /// DNS label is longer than 63 bytes, and Punycode encoding is quadratic in the label's
    /// length.
    const MAX_UNICODE_LABEL: usize = 256;

    /// Parses the text of a Public Suffix List (the format of `public_suffix_list.dat`: one
    /// rule a line, `//` comments, the `===BEGIN ICANN DOMAINS===` / `===BEGIN PRIVATE
    /// DOMAINS===` markers). Rules written in Unicode are converted to their `xn--` form with
    /// Punycode (the list's rules are already lowercase and NFC, as the list requires); use
    /// [`List::parse_with`] to convert them another way. Rules outside both sections count as
    /// ICANN rules.
    pub fn parse(text: &str) -> Result<List, ListError> {
        List::parse_with(text, |rule| {
            let mut out = String::new();
            for (i, label) in rule.split('.').enumerate() {
                if i > 0 {
                    out.push('.');
                }
                if label.is_ascii() {
                    out.push_str(label);
                } else if label.chars().count() <= List::MAX_UNICODE_LABEL {
                    out.push_str("xn--");
                    weburl_punycode::encode(label, &mut out).ok()?;
                } else {
                    return None;
                }
            }
            Some(out)
        })
    }

    /// [`List::parse`], with `to_ascii` converting each rule that is not ASCII (without its
    /// `!` or `*.`) to its ASCII form, or returning `None` to reject it
    /// ([`ListErrorKind::NotAscii`]). weburl's facade passes weburl-host's
    /// [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii) here.
    pub fn parse_with(
        text: &str,
        mut to_ascii: impl FnMut(&str) -> Option<String>,
    ) -> Result<List, ListError> {
        let mut builder = Builder::default();
        let mut section: Option<Section> = None;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let err = |kind| ListError { line, kind };
            let trimmed = raw.trim();
            if let Some(comment) = trimmed.strip_prefix("//") {
                let comment = comment.trim();
                if let Some(marker) = comment
                    .strip_prefix("===")
                    .and_then(|m| m.strip_suffix("==="))
                {
                    match marker {
                        "BEGIN ICANN DOMAINS" | "BEGIN PRIVATE DOMAINS" => {
                            if section.is_some() {
                                return Err(err(ListErrorKind::NestedSection));
                            }
                            section = Some(if marker == "BEGIN ICANN DOMAINS" {
                                Section::Icann
                            } else {
                                Section::Private
                            });
                        }
                        "END ICANN DOMAINS" | "END PRIVATE DOMAINS" => {
                            let expected = if marker == "END ICANN DOMAINS" {
                                Section::Icann
                            } else {
                                Section::Private
                            };
                            if section != Some(expected) {
                                return Err(err(ListErrorKind::UnmatchedSectionEnd));
                            }
                            section = None;
                        }
                        _ => {}
                    }
                }
                continue;
            }
            // "Each line is only read up to the first whitespace."
            let Some(rule) = trimmed.split_whitespace().next() else {
                continue;
            };
            let private = section == Some(Section::Private);
            let (kind, domain) = if let Some(rest) = rule.strip_prefix('!') {
                (Kind::Exception, rest)
            } else if let Some(rest) = rule.strip_prefix("*.") {
                (Kind::Wildcard, rest)
            } else {
                (Kind::Normal, rule)
            };
            let converted;
            let domain = if domain.is_ascii() {
                domain
            } else {
                converted = to_ascii(domain).ok_or_else(|| err(ListErrorKind::NotAscii))?;
                if !converted.is_ascii() {
                    return Err(err(ListErrorKind::NotAscii));
                }
                converted.as_str()
            };
            let labels: Vec<&str> = domain.split('.').collect();
            for label in &labels {
                if label.is_empty() {
                    return Err(err(ListErrorKind::EmptyLabel));
                }
                if label.len() > 63 {
                    return Err(err(ListErrorKind::LabelTooLong));
                }
                if label.contains(['*', '!']) {
                    return Err(err(ListErrorKind::MisplacedWildcard));
                }
            }
            if kind == Kind::Exception && labels.len() < 2 {
                return Err(err(ListErrorKind::ExceptionTooShort));
            }
            let flag = match (kind, private) {
                (Kind::Normal, false) => RULE_ICANN,
                (Kind::Normal, true) => RULE_PRIVATE,
                (Kind::Wildcard, false) => WILD_ICANN,
                (Kind::Wildcard, true) => WILD_PRIVATE,
                (Kind::Exception, false) => EXC_ICANN,
                (Kind::Exception, true) => EXC_PRIVATE,
            };
            builder
                .add(labels.iter().rev().copied(), flag)
                .ok_or_else(|| err(ListErrorKind::TooManyRules))?;
        }
        if section.is_some() {
            return Err(ListError {
                line: text.lines().count(),
                kind: ListErrorKind::UnterminatedSection,
            });
        }
        builder.finish().ok_or(ListError {
            line: 0,
            kind: ListErrorKind::TooManyRules,
        })
    }

    /// How many rules the list has (a rule in both sections, or written twice, counts once).
    pub fn rules(&self) -> usize {
        self.rules
    }

    /// The bytes the list's tables take (index, nodes and label text; for the compiled list
    /// these are `static` data in the binary, for a parsed one heap memory).
    pub fn memory_bytes(&self) -> usize {
        let t = self.table();
        core::mem::size_of_val(t.filter)
            + core::mem::size_of_val(t.index)
            + core::mem::size_of_val(t.nodes)
            + t.labels.len()
            + core::mem::size_of_val(t.tops)
    }

    /// `f` on the tables, by reference: for the compiled list that is the `static` itself,
    /// which the optimizer then reads in place (a `Table` returned by value from a `match`
    /// was copied on every lookup).
    #[inline(always)]
    fn with_table<R>(&self, f: impl FnOnce(&Table<'_>) -> R) -> R {
        match &self.repr {
            Repr::Static(table) => f(table),
            Repr::Owned { .. } => f(&self.table()),
        }
    }

    #[inline(always)]
    fn table(&self) -> Table<'_> {
        match &self.repr {
            Repr::Static(table) => *table,
            Repr::Owned {
                filter,
                index,
                nodes,
                labels,
                bits,
                tops,
                top_bits,
            } => Table {
                filter,
                index,
                nodes,
                labels: labels.as_bytes(),
                bits: *bits,
                tops,
                top_bits: *top_bits,
            },
        }
    }

    /// The public suffix of `domain` and the rule that gave it, with the rules of `sections`.
    /// A trailing dot is kept out of the match and in the results; `None` for the empty
    /// domain, a leading dot and an empty last label.
    #[inline]
    pub fn lookup<'a>(&self, domain: &'a str, sections: Sections) -> Option<Suffix<'a>> {
        self.with_table(|t| lookup::<true>(t, domain, sections.mask()))
    }

    /// The public suffix of `domain` (both sections). A trailing dot is kept (`example.com.` gives
    /// `com.`).
    #[inline]
    pub fn public_suffix<'a>(&self, domain: &'a str) -> Option<&'a str> {
        self.with_table(|t| lookup::<false>(t, domain, Sections::All.mask()))
            .map(|s| s.as_str())
    }

    /// The registrable domain of `domain` (both sections). `None` when `domain` is
    /// its own public suffix.
    #[inline]
    pub fn registrable_domain<'a>(&self, domain: &'a str) -> Option<&'a str> {
        self.with_table(|t| registrable(t, domain))
    }

    /// [`List::registrable_domain`] of the compiled list: its own copy of the walk, in which
    /// the tables' sizes are constants.
    #[cfg(feature = "list")]
    #[inline]
    pub(crate) fn compiled_registrable_domain(domain: &str) -> Option<&str> {
        // No closure (as `with_table` takes) for the optimizer to keep out of line: the
        // compiled list's tables are always `Static`.
        match &crate::generated::LIST.repr {
            Repr::Static(table) => registrable(table, domain),
            Repr::Owned { .. } => List::compiled().registrable_domain(domain),
        }
    }

    /// Whether `domain` is a public suffix (both sections). Any single label is (by
    /// the implicit rule `*`).
    #[inline]
    pub fn is_public_suffix(&self, domain: &str) -> bool {
        self.with_table(|t| lookup::<false>(t, domain, Sections::All.mask()))
            .is_some_and(|s| s.as_str().len() == domain.len())
    }

    /// Writes this list as the Rust source of `generated.rs` (used by `weburl-psl-gen`).
    #[doc(hidden)]
    pub fn write_rust(&self, out: &mut String, header: &str) {
        use core::fmt::Write as _;
        let t = self.table();
        out.push_str(header);
        let _ = writeln!(out, "use crate::table::{{Node, Top}};\n");
        let _ = writeln!(out, "const fn n(word: u64, start: u32, parent: u32, len: u8, flags: u8) -> Node {{\n    Node::new(word, start, parent, len, flags)\n}}\n");
        let _ = writeln!(
            out,
            "const fn t(word: u64, info: u32) -> Top {{\n    Top::new(word, info)\n}}\n"
        );
        let _ = writeln!(
            out,
            "/// The label text.\nstatic LABELS: &str = {:?};\n",
            core::str::from_utf8(t.labels).unwrap_or_default()
        );
        let items = |out: &mut String, items: &mut dyn Iterator<Item = String>| {
            let mut line = String::new();
            for item in items {
                if line.len() + item.len() > 95 {
                    let _ = writeln!(out, "    {}", line.trim_end());
                    line.clear();
                }
                line.push_str(&item);
            }
            if !line.is_empty() {
                let _ = writeln!(out, "    {}", line.trim_end());
            }
            let _ = writeln!(out, "];\n");
        };
        let _ = writeln!(
            out,
            "/// The nodes.\nstatic NODES: [Node; {}] = [",
            t.nodes.len()
        );
        items(
            out,
            &mut t.nodes.iter().map(|node| {
                alloc::format!(
                    "n({:#x},{},{},{},{}),",
                    node.word,
                    node.start,
                    node.parent,
                    node.len,
                    node.flags
                )
            }),
        );
        let _ = writeln!(
            out,
            "/// The filter.\nstatic FILTER: [u64; {}] = [",
            t.filter.len()
        );
        items(out, &mut t.filter.iter().map(|e| alloc::format!("{e:#x},")));
        let _ = writeln!(
            out,
            "/// The index.\nstatic INDEX: [u32; {}] = [",
            t.index.len()
        );
        items(out, &mut t.index.iter().map(|e| alloc::format!("{e},")));
        let _ = writeln!(
            out,
            "/// The top-level labels of at most eight bytes.\nstatic TOPS: [Top; {}] = [",
            t.tops.len()
        );
        items(
            out,
            &mut t.tops.iter().map(|top| match top.info {
                0 => String::from("t(0,0),"),
                info => alloc::format!("t({:#x},{:#x}),", top.word, info),
            }),
        );
        let _ = writeln!(
            out,
            "/// The compiled list.\npub(crate) static LIST: crate::List = crate::List::from_static(&FILTER, &INDEX, &NODES, LABELS, {}, &TOPS, {}, {});",
            t.bits, t.top_bits, self.rules
        );
    }
}

use crate::lookup::Section;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Normal,
    Wildcard,
    Exception,
}

/// The trie of rules, before it is laid out in a table.
#[derive(Default)]
struct Builder {
    /// (parent node, label) -> node; the root is `ROOT`.
    children: BTreeMap<(u32, String), u32>,
    /// Each node's label, parent node and flags, parents before children.
    nodes: Vec<(String, u32, u8)>,
    /// The distinct (node, flag) pairs, i.e. rules.
    rules: usize,
}

impl Builder {
    /// Adds a rule, its labels given from the last to the first.
    fn add<'l>(&mut self, labels: impl Iterator<Item = &'l str>, flag: u8) -> Option<()> {
        let mut node = ROOT;
        for label in labels {
            let key = (node, label.to_ascii_lowercase());
            node = match self.children.get(&key) {
                Some(&child) => child,
                None => {
                    let id = u32::try_from(self.nodes.len()).ok()?;
                    if id as usize >= MAX_NODES {
                        return None;
                    }
                    self.nodes.push((key.1.clone(), node, 0));
                    self.children.insert(key, id);
                    id
                }
            };
        }
        let entry = self.nodes.get_mut(node as usize)?;
        // A rule written twice, or in both sections, is one rule.
        let kinds = |f: u8| {
            [
                f & (RULE_ICANN | RULE_PRIVATE),
                f & (WILD_ICANN | WILD_PRIVATE),
                f & (EXC_ICANN | EXC_PRIVATE),
            ]
        };
        let before = kinds(entry.2).iter().filter(|&&k| k != 0).count();
        entry.2 |= flag;
        let after = kinds(entry.2).iter().filter(|&&k| k != 0).count();
        self.rules += after - before;
        Some(())
    }

    /// Lays the nodes out, and indexes them in a table of at least 2.5 times as many
    /// entries.
    fn finish(self) -> Option<List> {
        let count = self.nodes.len();
        if count > MAX_NODES {
            return None;
        }
        let wanted = (count * 5 / 2 + 1).max(2);
        let bits = usize::BITS - (wanted - 1).leading_zeros();
        let size = 1usize.checked_shl(bits)?;
        let mut index = alloc::vec![0u32; size];
        let mut filter = alloc::vec![0u64; (size << FILTER_SHIFT) / 64 + 1];
        let mut nodes = Vec::with_capacity(count);
        let mut labels = String::new();
        let mut label_at: BTreeMap<&str, u32> = BTreeMap::new();
        for (id, (label, parent, flags)) in self.nodes.iter().enumerate() {
            let start = match label_at.get(label.as_str()) {
                Some(&start) => start,
                None => {
                    let start = u32::try_from(labels.len()).ok()?;
                    labels.push_str(label);
                    label_at.insert(label, start);
                    start
                }
            };
            let (word, last) = label_key(label.as_bytes());
            let (mut i, tag, h) = hash(word, last, *parent, bits);
            let (w, bit) = filter_bit(h, bits);
            *filter.get_mut(w)? |= bit;
            while *index.get(i)? != 0 {
                i = (i + 1) & (size - 1);
            }
            // `id` is below MAX_NODES, so `id + 1` fits in the entry's low bits.
            *index.get_mut(i)? = tag | (u32::try_from(id).ok()? + 1);
            nodes.push(Node::new(
                word,
                start,
                *parent,
                u8::try_from(label.len()).ok()?,
                *flags,
            ));
        }
        labels.shrink_to_fit();
        let (tops, top_bits) = tops(&nodes)?;
        Some(List {
            repr: Repr::Owned {
                filter,
                index,
                nodes,
                labels,
                bits,
                tops,
                top_bits,
            },
            rules: self.rules,
        })
    }
}

/// The tops of `nodes` (see [`Top`]): every top-level label of at most eight bytes, in an
/// open-addressing table of at least 1.5 times as many entries (at least two), and its size in
/// bits.
fn tops(nodes: &[Node]) -> Option<(Vec<Top>, u32)> {
    let top = |node: &&Node| node.parent == ROOT && node.len <= 8;
    let count = nodes.iter().filter(top).count();
    let wanted = (count * 3 / 2 + 1).max(2);
    let bits = usize::BITS - (wanted - 1).leading_zeros();
    let size = 1usize.checked_shl(bits)?;
    let mut tops = alloc::vec![Top::new(0, 0); size];
    for (id, node) in nodes.iter().enumerate() {
        if !top(&node) {
            continue;
        }
        let mut i = top_slot(node.word, bits);
        while tops.get(i)?.info != 0 {
            i = (i + 1) & (size - 1);
        }
        // The number is below MAX_NODES, the flags six bits, the length 1 to 8.
        let info = u32::try_from(id).ok()?
            | u32::from(node.flags) << TOP_FLAGS_SHIFT
            | u32::from(node.len) << TOP_LEN_SHIFT;
        *tops.get_mut(i)? = Top::new(node.word, info);
    }
    Some((tops, bits))
}

/// Why a list's text was refused, and on which line (1-based; 0 when not about one line).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ListError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong with it.
    pub kind: ListErrorKind,
}

/// What is wrong with a line of a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ListErrorKind {
    /// A rule with an empty label (`a..b`, `.a`, `a.`, a lone `!` or `*.`).
    EmptyLabel,
    /// A label longer than 63 bytes.
    LabelTooLong,
    /// A `*` or `!` other than a leading `*.` or `!` (e.g. `a.*.b`, `*`, `!*.a`).
    MisplacedWildcard,
    /// An exception rule of one label (`!com`): it would make the empty string a suffix.
    ExceptionTooShort,
    /// A Unicode rule that could not be converted to ASCII.
    NotAscii,
    /// A `===BEGIN ... DOMAINS===` inside another section.
    NestedSection,
    /// A `===END ... DOMAINS===` that ends no section of its name.
    UnmatchedSectionEnd,
    /// The text ends inside a section.
    UnterminatedSection,
    /// More than about a million distinct labels (2^20 - 2 nodes).
    TooManyRules,
}

impl ListErrorKind {
    /// A short description.
    pub fn description(self) -> &'static str {
        match self {
            ListErrorKind::EmptyLabel => "a rule has an empty label",
            ListErrorKind::LabelTooLong => "a label is longer than 63 bytes",
            ListErrorKind::MisplacedWildcard => "`*` and `!` may only begin a rule, as `*.` or `!`",
            ListErrorKind::ExceptionTooShort => "an exception rule needs at least two labels",
            ListErrorKind::NotAscii => "a Unicode rule could not be converted to ASCII",
            ListErrorKind::NestedSection => "a section begins inside another",
            ListErrorKind::UnmatchedSectionEnd => "a section end matches no section begin",
            ListErrorKind::UnterminatedSection => "the list ends inside a section",
            ListErrorKind::TooManyRules => "the list has too many rules",
        }
    }
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(self.kind.description())
        } else {
            write!(f, "line {}: {}", self.line, self.kind.description())
        }
    }
}

impl core::error::Error for ListError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{head, scan_label};

    /// The tops find every top-level label as the index does (the same node and flags), long
    /// ones through the index itself, and nothing else.
    fn check_tops(list: &List) {
        let t = list.table();
        let find = |label: &str| {
            let bytes = label.as_bytes();
            let l = scan_label(bytes, head(bytes), bytes.len());
            (
                t.find_top(bytes, &l, bytes.len()),
                t.find(ROOT, bytes, &l, bytes.len()),
            )
        };
        let mut tops = 0;
        for node in t.nodes.iter().filter(|n| n.parent == ROOT) {
            let at = node.start as usize;
            let label = core::str::from_utf8(&t.labels[at..at + usize::from(node.len)]).unwrap();
            let (top, index) = find(label);
            assert!(top.is_some(), "{label}");
            assert_eq!(top, index, "{label}");
            assert_eq!(find(&label.to_ascii_uppercase()).0, top, "{label}");
            tops += usize::from(node.len <= 8);
        }
        assert_eq!(t.tops.iter().filter(|top| top.info != 0).count(), tops);
        for absent in ["zz", "comm", "xn--zzzzzzz", "verylonglabelzz", "\0"] {
            assert_eq!(find(absent), (None, None), "{absent}");
        }
    }

    /// A rule in Unicode is looked up in its `xn--` form (weburl-punycode); a label too long
    /// to encode is refused.
    #[test]
    fn unicode_rules() {
        let list = List::parse("中国\n*.公司.example\nbücher\n").unwrap();
        assert_eq!(list.public_suffix("a.xn--fiqs8s"), Some("xn--fiqs8s"));
        assert_eq!(list.public_suffix("a.xn--bcher-kva"), Some("xn--bcher-kva"));
        assert_eq!(
            list.public_suffix("a.b.xn--55qx5d.example"),
            Some("b.xn--55qx5d.example")
        );
        let long = "ü".repeat(List::MAX_UNICODE_LABEL + 1);
        assert!(List::parse(&long).is_err());
    }

    #[test]
    fn tops() {
        let text = "// ===BEGIN ICANN DOMAINS===\ncom\nco.uk\n*.ck\n!www.ck\nverylonglabel\n\
                    // ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n\
                    // ===END PRIVATE DOMAINS===\n";
        check_tops(&List::parse(text).unwrap());
        #[cfg(feature = "list")]
        check_tops(List::compiled());
    }
}
