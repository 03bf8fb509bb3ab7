//! The `regex` and `parent_url_regex` conditions: a pattern that must match a whole canonical
//! URL, compiled once by the `regex` crate as a bytes pattern (as urlcanon compiles its
//! UTF-8-encoded pattern with Python's `re`).

use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use regex::bytes::{Regex, RegexBuilder};

/// A regular expression of a match rule's `regex` or `parent_url_regex` condition, matched
/// against the whole of a string (urlcanon means a full match: it appends `\Z` to its pattern
/// and matches from the start, but its `\Z` binds only to a top-level alternation's last
/// branch; see the [module documentation](super)).
///
/// The pattern is in the [`regex`](https://docs.rs/regex/latest/regex/#syntax) crate's syntax,
/// compiled without Unicode mode, as Python's `re` compiles a bytes pattern: `\w`, `\d`, `\s`,
/// `\b` and `(?i)` are ASCII-only, and a non-ASCII character in the pattern is its UTF-8 bytes
/// (outside a class; in a class it is an error). It is matched against the string's bytes in
/// time linear in the string; see the [module documentation](super) for where it and
/// Python's `re` read the same pattern differently. Two `RuleRegex` are equal (and hash
/// alike) when their patterns are the same text. A `&str` [parses](str::parse) to a
/// `RuleRegex` as [`RuleRegex::new`] compiles it.
///
/// ```
/// use weburl_canon::match_rule::{RegexError, RuleRegex};
/// let r = RuleRegex::new(r"https?://[^/]*\.example\.com/.*")?;
/// assert!(r.is_match("https://www.example.com/a"));
/// assert!(!r.is_match("https://www.example.com")); // the whole string, not a prefix
///
/// // A top-level alternation is anchored whole: each branch must match all of it.
/// let r = RuleRegex::new("http://a/|http://b/")?;
/// assert!(r.is_match("http://b/"));
/// assert!(!r.is_match("http://a/x"));
///
/// // `\w` is ASCII, as in a Python bytes pattern.
/// let r: RuleRegex = r"https://x/[\w-]{32}".parse()?;
/// assert!(r.is_match("https://x/0123456789abcdef0123456789ABCDEF"));
///
/// // What the regex crate cannot do (look-around, backreferences) is an error, as are
/// // Unicode classes (as in a Python bytes pattern).
/// let e = RuleRegex::new("^.*lang=(?!en).*$").unwrap_err();
/// assert!(matches!(e, RegexError::Syntax { .. }));
/// assert_eq!(e.pattern(), "^.*lang=(?!en).*$");
/// assert!(RuleRegex::new(r"\p{L}").is_err());
/// # Ok::<(), RegexError>(())
/// ```
#[derive(Clone)]
pub struct RuleRegex {
    /// The pattern as given.
    pattern: String,
    /// The pattern anchored at both ends of the string.
    anchored: Regex,
}

impl RuleRegex {
    /// The bound [`RuleRegex::new`] puts on the compiled pattern (and on each lazy DFA's cache),
    /// in bytes: a pattern over it is [`RegexError::TooBig`], not a large allocation.
    pub const DEFAULT_SIZE_LIMIT: usize = 1 << 20;

    /// How deeply the pattern's groups, repetitions and alternations may nest (the `regex`
    /// crate's default); the anchored form's two more levels are allowed on top of it.
    const NEST_LIMIT: u32 = 250;

    /// `pattern` compiled, with [`RuleRegex::DEFAULT_SIZE_LIMIT`].
    pub fn new(pattern: &str) -> Result<RuleRegex, RegexError> {
        RuleRegex::with_size_limit(pattern, RuleRegex::DEFAULT_SIZE_LIMIT)
    }

    /// `pattern` compiled, its compiled form (and each lazy DFA's cache) at most `size_limit`
    /// bytes.
    ///
    /// ```
    /// use weburl_canon::match_rule::{RegexError, RuleRegex};
    /// assert!(matches!(
    ///     RuleRegex::with_size_limit(r"\w{1000}", 1000),
    ///     Err(RegexError::TooBig { size_limit: 1000, .. })
    /// ));
    /// assert!(RuleRegex::with_size_limit("[a-z]{100}", 100_000).is_ok());
    /// ```
    pub fn with_size_limit(pattern: &str, size_limit: usize) -> Result<RuleRegex, RegexError> {
        let build = |p: &str, nest_limit: u32| {
            RegexBuilder::new(p)
                .unicode(false)
                .nest_limit(nest_limit)
                .size_limit(size_limit)
                .dfa_size_limit(size_limit)
                .build()
        };
        // The anchored form is two levels deeper (the group in the concatenation with `\A`
        // and `\z`): a pattern at the nest limit compiles in it.
        let anchored = |p: &str| build(&format!(r"\A(?:{p})\z"), RuleRegex::NEST_LIMIT + 2);
        let error = |e: regex::Error| RegexError::new(pattern, e, size_limit);
        // The pattern alone first: its errors point into it, and once it compiles its groups
        // are balanced (`a)|(b` compiles anchored, with the group's own parentheses), so that
        // the group below closes after all of it, top-level `|` included.
        build(pattern, RuleRegex::NEST_LIMIT).map_err(error)?;
        let anchored = match anchored(pattern) {
            Ok(r) => r,
            // A pattern that compiles alone fails here only where an `x`-mode comment runs to
            // its end and takes the group's `)` with it: a line break ends the comment (and,
            // inside it, matches nothing).
            Err(regex::Error::Syntax(_)) => anchored(&format!("{pattern}\n")).map_err(error)?,
            Err(e) => return Err(error(e)),
        };
        Ok(RuleRegex {
            pattern: pattern.to_owned(),
            anchored,
        })
    }

    /// The pattern, as given.
    pub fn as_str(&self) -> &str {
        &self.pattern
    }

    /// Whether the pattern matches the whole of `text`.
    pub fn is_match(&self, text: &str) -> bool {
        self.anchored.is_match(text.as_bytes())
    }
}

impl FromStr for RuleRegex {
    type Err = RegexError;

    /// `pattern` compiled by [`RuleRegex::new`].
    fn from_str(pattern: &str) -> Result<RuleRegex, RegexError> {
        RuleRegex::new(pattern)
    }
}

impl fmt::Debug for RuleRegex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RuleRegex").field(&self.pattern).finish()
    }
}

impl PartialEq for RuleRegex {
    fn eq(&self, other: &RuleRegex) -> bool {
        self.pattern == other.pattern
    }
}

impl Eq for RuleRegex {}

impl Hash for RuleRegex {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.pattern.hash(state);
    }
}

/// Why a match rule's pattern was not compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RegexError {
    /// The pattern is not in the `regex` crate's syntax, or asks for what it does not do
    /// (look-around, backreferences): the pattern and the crate's message.
    Syntax {
        /// The pattern, as given.
        pattern: String,
        /// The `regex` crate's message.
        message: String,
    },
    /// The compiled pattern would be over the size limit.
    TooBig {
        /// The pattern, as given.
        pattern: String,
        /// The limit, in bytes.
        size_limit: usize,
    },
}

impl RegexError {
    fn new(pattern: &str, e: regex::Error, size_limit: usize) -> RegexError {
        let pattern = pattern.to_owned();
        match e {
            regex::Error::CompiledTooBig(_) => RegexError::TooBig {
                pattern,
                size_limit,
            },
            e => RegexError::Syntax {
                pattern,
                message: e.to_string(),
            },
        }
    }

    /// The pattern that was not compiled.
    pub fn pattern(&self) -> &str {
        match self {
            RegexError::Syntax { pattern, .. } | RegexError::TooBig { pattern, .. } => pattern,
        }
    }
}

impl fmt::Display for RegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegexError::Syntax { pattern, message } => {
                write!(
                    f,
                    "the match rule pattern {pattern:?} does not compile: {message}"
                )
            }
            RegexError::TooBig {
                pattern,
                size_limit,
            } => write!(
                f,
                "the match rule pattern {pattern:?} compiles to more than {size_limit} bytes"
            ),
        }
    }
}

impl std::error::Error for RegexError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(pattern: &str, text: &str) -> bool {
        RuleRegex::new(pattern).is_ok_and(|r| r.is_match(text))
    }

    #[test]
    fn anchored_whole() {
        assert!(full("a|b", "a"));
        assert!(full("a|b", "b"));
        assert!(!full("a|b", "ab"));
        assert!(!full("a|b", "ba"));
        assert!(!full("abc", "abcd"));
        assert!(!full("abc", "xabc"));
        assert!(full("^abc$", "abc"));
        assert!(full("(a|ab)(c|bcd)", "abcd"));
        // Flags stay inside the pattern's group.
        assert!(full("(?i)A|b", "B"));
        assert!(full("(?x) a b | c", "ab"));
    }

    #[test]
    fn x_mode_comment_at_the_end() {
        assert!(full("(?x)a#c", "a"));
        assert!(!full("(?x)a#c", "a\n"));
        assert!(!full("(?x)a#c", "ab"));
        assert!(full("(?x)a|b # c", "b"));
        assert!(!full("(?x)a|b # c", "ab"));
        assert!(full("(?x)a # one\n b # two", "ab"));
        // Without `x`, `#` is itself.
        assert!(full("a#c", "a#c"));
    }

    #[test]
    fn read_differently_from_python() {
        // Python 3.11's possessive `a*+` never gives back; here it is `(?:a*)+`.
        assert!(full("a*+a", "aa"));
        // Python's `\<` is `<`; here a word's start.
        assert!(!full(r"\<", "<"));
        assert!(full(r"[[:alpha:]]", "x"));
        assert!(!full(r"[[:alpha:]]", ":"));
    }

    #[test]
    fn errors_name_the_pattern() {
        for (pattern, message) in [
            ("^.*lang=(?!en).*$", "look-around"),
            ("(?<=a)b", "look-around"),
            (r"(a)\1", "backreferences"),
            (r"a\Z", "unrecognized escape"),
            ("a{,3}", "repetition"),
            ("a{foo}", "repetition"),
            ("(?#c)a", "unrecognized flag"),
            ("(a", "unclosed group"),
            ("a)", "unopened group"),
            ("a\\", "escape"),
        ] {
            match RuleRegex::new(pattern) {
                Err(RegexError::Syntax {
                    pattern: p,
                    message: m,
                }) => {
                    assert_eq!(p, pattern);
                    assert!(m.contains(message), "{pattern:?}: {m}");
                }
                other => panic!("{pattern:?}: {other:?}"),
            }
            let e = RuleRegex::new(pattern).err().map(|e| e.to_string());
            assert!(e.is_some_and(|e| e.contains(&format!("{pattern:?}"))));
        }
    }

    #[test]
    fn size_limit() {
        for pattern in [
            r"\w{1000}{1000}",
            "((a{100}){100}){100}",
            "[a-z]{1000}{1000}",
        ] {
            match RuleRegex::new(pattern) {
                Err(e @ RegexError::TooBig { .. }) => {
                    assert_eq!(e.pattern(), pattern);
                    assert!(e.to_string().contains("more than 1048576 bytes"), "{e}");
                }
                other => panic!("{pattern:?}: {other:?}"),
            }
        }
        assert!(RuleRegex::with_size_limit("a{50}", 100).is_err());
        assert!(RuleRegex::with_size_limit("a{50}", 100_000).is_ok());
    }

    #[test]
    fn bytes_pattern_as_python_compiles_it() {
        // ASCII classes: a few thousand bytes each, as in Python; Unicode's would be over the
        // size limit at these counts.
        assert!(full(r"[\w-]{32}", &"a-".repeat(16)));
        assert!(!full(r"[\w-]{32}", &"a-".repeat(15)));
        assert!(full(r"\w{100}", &"_9".repeat(50)));
        assert!(full(r"\d{500}", &"7".repeat(500)));
        assert!(full(r"\s\S", " x"));
        // `(?i)` folds ASCII only: the Kelvin sign is no `k`.
        assert!(full("(?i)k", "K"));
        assert!(!full("(?i)k", "\u{212a}"));
        // A non-ASCII character outside a class is its UTF-8 bytes.
        assert!(full("é.", "éx"));
        assert!(!full("é", "e"));
        // Unicode classes, and non-ASCII in a class, are errors (Python: bad escape, or a
        // class of the character's bytes).
        for pattern in [r"\p{L}", r"\pL", "[é]", "[^é]"] {
            assert!(
                matches!(RuleRegex::new(pattern), Err(RegexError::Syntax { .. })),
                "{pattern:?}"
            );
        }
    }

    #[test]
    fn nest_limit() {
        let nested = |n: usize| format!("{}a{}", "(".repeat(n), ")".repeat(n));
        // The deepest pattern the limit allows compiles anchored too.
        let deepest = RuleRegex::NEST_LIMIT as usize;
        assert!(full(&nested(deepest), "a"));
        match RuleRegex::new(&nested(deepest + 1)) {
            Err(RegexError::Syntax { message, .. }) => {
                assert!(message.contains("nest"), "{message}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn parses_from_str() {
        assert_eq!("a.*".parse::<RuleRegex>(), RuleRegex::new("a.*"));
        assert_eq!(
            "(a".parse::<RuleRegex>()
                .map_err(|e| e.pattern().to_owned()),
            Err("(a".to_owned())
        );
    }

    #[test]
    fn equal_by_pattern() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |r: &RuleRegex| {
            let mut h = DefaultHasher::new();
            r.hash(&mut h);
            h.finish()
        };
        let (Ok(a), Ok(b), Ok(c)) = (
            RuleRegex::new("a.*"),
            RuleRegex::with_size_limit("a.*", 100_000),
            RuleRegex::new("a.+"),
        ) else {
            panic!("does not compile");
        };
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        assert_ne!(a, c);
        assert_eq!(format!("{a:?}"), r#"RuleRegex("a.*")"#);
        assert_eq!(a.as_str(), "a.*");
    }
}
