//! The top-domains check: a host whose skeleton, with diacritics removed, is the skeleton
//! of a popular site's domain (`googlé.com`, `digkłmo68.com`) is shown in `xn--` form.
//!
//! The built-in list ([`TOP_DOMAINS`]) is Chromium's top domains list (BSD-3-Clause, The
//! Chromium Authors; `crates/display/data/top_domains.txt` says which revision), refreshed
//! with `cargo xtask top-domains`. The skeletons are computed once, into a hash map, so a
//! host costs one lookup per suffix of two to four labels, never a scan of the list.

use alloc::string::String;
use std::collections::HashMap;

use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};

use crate::unicode;

/// The built-in top-domains list, as text: one domain a line, `#` comments. Its header
/// names the source, revision and licence.
pub const TOP_DOMAINS: &str = include_str!("../data/top_domains.txt");

/// The domains of a list in the built-in list's format: one domain a line, surrounding
/// white space trimmed; blank lines and lines starting with `#` skipped.
///
/// ```
/// let list = "# popular\nexample.com\n\n  example.org \n";
/// let domains: Vec<&str> = weburl_display::parse_domain_list(list).collect();
/// assert_eq!(domains, ["example.com", "example.org"]);
/// assert!(weburl_display::parse_domain_list(weburl_display::TOP_DOMAINS).count() >= 5000);
/// ```
pub fn parse_domain_list(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Skeletons of top domains, each to its domain.
#[derive(Clone, Debug, Default)]
pub(crate) struct TopDomains {
    by_skeleton: HashMap<String, String>,
}

/// The most labels of a host compared (the list's domains have at most four).
const MAX_LABELS: usize = 4;

impl TopDomains {
    /// The map of `domains` (ASCII or Unicode; `xn--` labels decoded).
    pub(crate) fn new<I, S>(domains: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        Self::with_capacity(domains, 0)
    }

    /// [`new`](Self::new), with room for `capacity` domains from the start.
    pub(crate) fn with_capacity<I, S>(domains: I, capacity: usize) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let domains = domains.into_iter();
        let mut by_skeleton = HashMap::with_capacity(capacity.max(domains.size_hint().0));
        for d in domains {
            let d = d.as_ref().trim().trim_end_matches('.');
            if d.is_empty() {
                continue;
            }
            let d = if d.bytes().any(|b| b.is_ascii_uppercase()) {
                d.to_ascii_lowercase()
            } else {
                String::from(d)
            };
            let skeleton = if d.contains("xn--") {
                host_skeleton(&weburl_host::domain_to_unicode(&d))
            } else {
                host_skeleton(&d)
            };
            by_skeleton.entry(skeleton).or_insert(d);
        }
        TopDomains { by_skeleton }
    }

    /// The number of domains (of distinct skeletons).
    pub(crate) fn len(&self) -> usize {
        self.by_skeleton.len()
    }

    /// The top domain `host` (in Unicode) imitates: one whose skeleton equals the skeleton
    /// of `host`'s last two, three or four labels, unless `host` is that domain or one of
    /// its subdomains.
    pub(crate) fn lookalike_of(&self, host: &str) -> Option<&str> {
        let host = host.trim_end_matches('.');
        alternatives(host)
            .iter()
            .find_map(|alt| self.lookalike_by_skeleton(host, &host_skeleton(alt)))
    }

    /// [`lookalike_of`](Self::lookalike_of) for one skeleton of `host`.
    fn lookalike_by_skeleton(&self, host: &str, skeleton: &str) -> Option<&str> {
        let mut starts: alloc::vec::Vec<usize> = core::iter::once(0)
            .chain(skeleton.match_indices('.').map(|(i, _)| i + 1))
            .collect();
        let labels = starts.len();
        if labels > MAX_LABELS {
            starts.drain(..labels - MAX_LABELS);
        }
        // Longest suffix first; a suffix has at least two labels.
        for &start in starts.iter().take(starts.len().saturating_sub(1)) {
            let Some(suffix) = skeleton.get(start..) else {
                continue;
            };
            if let Some(domain) = self.by_skeleton.get(suffix) {
                let own = host.eq_ignore_ascii_case(domain)
                    || host
                        .len()
                        .checked_sub(domain.len() + 1)
                        .and_then(|i| host.get(i..))
                        .is_some_and(|tail| {
                            tail.starts_with('.') && tail[1..].eq_ignore_ascii_case(domain)
                        });
                return (!own).then_some(domain.as_str());
            }
        }
        None
    }
}

/// Letters that look like two different Latin letters, and the second reading (the first
/// is the skeleton's): Chromium's supplemental hostnames (`þ` as b or p, `œ` as ce or oe,
/// `ł` as l or t, `ӏ` as l or i).
const TWO_READINGS: &[(char, &str)] = &[('þ', "b"), ('œ', "oe"), ('ł', "t"), ('ӏ', "i")];

/// The most such letters a host is read both ways for (2^5 = 32 skeletons at most); a host
/// with more is compared as it is (Chromium stops at five too).
const MAX_TWO_READINGS: usize = 5;

/// `host`, then the variants of `host` with letters of [`TWO_READINGS`] read the second way.
fn alternatives(host: &str) -> alloc::vec::Vec<String> {
    let mut out = alloc::vec![String::from(host)];
    let count = host
        .chars()
        .filter(|c| TWO_READINGS.iter().any(|(t, _)| t == c))
        .count();
    if count == 0 || count > MAX_TWO_READINGS {
        return out;
    }
    for mask in 1u32..(1 << count) {
        let mut variant = String::with_capacity(host.len());
        let mut i = 0;
        for c in host.chars() {
            match TWO_READINGS.iter().find(|(t, _)| *t == c) {
                Some((_, second)) => {
                    if mask & (1 << i) != 0 {
                        variant.push_str(second);
                    } else {
                        variant.push(c);
                    }
                    i += 1;
                }
                None => variant.push(c),
            }
        }
        out.push(variant);
    }
    out
}

/// Whether diacritics are removed before the skeleton: only when every code point is
/// Latin, Greek, Cyrillic, an ASCII digit, `.`, `_`, `-` or a combining diacritic
/// (Chromium's `lgc_letters_n_ascii_`).
fn removes_diacritics(host: &str) -> bool {
    host.chars().all(|c| {
        c.is_ascii_digit()
            || matches!(c, '.' | '_' | '-' | '\u{0300}'..='\u{0339}')
            || matches!(c.script(), Script::Latin | Script::Greek | Script::Cyrillic)
    })
}

/// `host` with diacritics removed (NFD, nonspacing marks dropped, NFC; ł, ø, đ to l, o,
/// d), when [`removes_diacritics`].
fn without_diacritics(host: &str) -> String {
    if !removes_diacritics(host) {
        return String::from(host);
    }
    host.nfd()
        .filter(|&c| !unicode::is_nonspacing_mark(c))
        .nfc()
        .map(|c| match c {
            'ł' => 'l',
            'ø' => 'o',
            'đ' => 'd',
            c => c,
        })
        .collect()
}

/// Chromium's supplement to the UTS 39 confusables (`extra_confusable_mapper_` in
/// `skeleton_generator.cc`): letters and digits UTS 39 does not map to the Latin letter or
/// digit they look like.
fn extra_confusable(c: char) -> Option<&'static str> {
    Some(match c {
        'æ' | 'ӕ' => "ae",
        'ϼ' | 'ҏ' => "p",
        'ħ' | 'н' | 'ћ' | 'ң' | 'ҥ' | 'ӈ' | 'ӊ' | 'ԋ' | 'ԧ' | 'ԩ' => "h",
        'ĸ' | 'κ' | 'к' | 'қ' | 'ҝ' | 'ҟ' | 'ҡ' | 'ӄ' | 'ԟ' => "k",
        'ŋ' | 'п' | 'ԥ' | 'ก' | 'ח' => "n",
        'ŧ' | 'т' | 'ҭ' | 'ԏ' | '七' | '丅' | '丆' | '丁' => "t",
        'ƅ' | 'ь' | 'ҍ' | 'в' => "b",
        'ω' | 'ш' | 'щ' | 'พ' | 'ฟ' | 'ພ' | 'ຟ' => "w",
        'м' | 'ӎ' => "m",
        'є' | 'ҽ' | 'ҿ' | 'ၔ' => "e",
        'ґ' => "r",
        'ғ' | 'ӻ' => "f",
        'ҫ' | 'င' => "c",
        'ұ' | '丫' => "y",
        'χ' | 'ҳ' | 'ӽ' | 'ӿ' | '乂' => "x",
        'ԃ' | 'ძ' => "d",
        'ԍ' | 'ဌ' => "g",
        'ട' | 'ร' | 'ຣ' | 'ຮ' => "s",
        '၂' => "j",
        'စ' => "o",
        '०' | '০' | '੦' | '૦' | 'ଠ' | '୦' | '೦' => "o",
        '৭' | '੧' | '૧' => "q",
        'บ' | 'ບ' => "u",
        'θ' => "0",
        '२' | '২' | '੨' | '૨' | '೩' | '೭' | 'շ' => "2",
        'з' | 'ҙ' | 'ӡ' | 'उ' | 'ও' | 'ਤ' | '੩' | '૩' | '౩' | 'ဒ' | 'ვ' | 'პ' => {
            "3"
        }
        '੫' | '丩' | 'ㄐ' => "4",
        'ճ' => "6",
        '৪' | '੪' | '୫' => "8",
        '૭' | '୨' | '౨' => "9",
        'ӏ' => "l",
        'þ' => "p",
        'œ' => "ce",
        '—' | '一' | '―' | '⸺' | '⸻' => "-",
        _ => return None,
    })
}

/// The skeleton of code points: the extra confusables mapped, then the UTS 39 skeleton.
pub(crate) fn skeleton_of(chars: impl Iterator<Item = char>) -> String {
    let mut mapped = String::new();
    for c in chars {
        match extra_confusable(c) {
            Some(s) => mapped.push_str(s),
            None => mapped.push(c),
        }
    }
    unicode_security::skeleton(&mapped).collect()
}

/// The skeleton of a host for the top-domains comparison: diacritics removed, then
/// [`skeleton_of`]. An ASCII host (nearly every top domain) takes a table of the skeletons of
/// the ASCII characters instead: the same result (ASCII is its own NFD and has no diacritic
/// or extra confusable), at a fraction of the cost of building the list's map.
pub(crate) fn host_skeleton(host: &str) -> String {
    if host.is_ascii() {
        let table = ascii_skeletons();
        let mut out = String::with_capacity(host.len() + 4);
        for b in host.bytes() {
            match table.get(usize::from(b)) {
                Some(s) => out.push_str(s),
                None => out.push(char::from(b)),
            }
        }
        return out;
    }
    skeleton_of(without_diacritics(host).chars())
}

/// The UTS 39 skeleton of each ASCII character, computed once.
fn ascii_skeletons() -> &'static [String] {
    static TABLE: std::sync::OnceLock<alloc::vec::Vec<String>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0u8..128)
            .map(|b| skeleton_of(core::iter::once(char::from(b))))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_fast_path_is_the_skeleton() {
        let all: String = (0u8..128).map(char::from).collect();
        for host in crate::parse_domain_list(TOP_DOMAINS)
            .chain(["google.com", "rnicrosoft.com", "l1I|.0O", all.as_str()])
            .filter(|h| h.is_ascii())
        {
            assert_eq!(host_skeleton(host), skeleton_of(host.chars()), "{host:?}");
        }
    }
}
