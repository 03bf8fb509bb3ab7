//! Where the state machine takes over from the fast path's scan ([`Resume`]), and the one way
//! into it ([`Resume::enter`]); and the URL of an input the scan accepted whole
//! ([`accepted`]), which shares the writing of the scheme and authority ([`write_head`]).

use alloc::string::String;

use super::fast::{Layout, Prefix, Scan, SchemePrefix};
use crate::errors::ErrorSink;
use crate::offsets::Offsets;
use crate::state_machine::{scheme, Failure, Flow, Parser, State, UrlBuf};
use crate::url::Url;

/// Where the state machine starts on an input, after what it would have written before.
pub(crate) enum Resume {
    /// The *scheme start state* at the start of the input: the full state machine.
    SchemeStart,
    /// The *no scheme state* at the start of the input: the scheme start and scheme states
    /// would find no scheme and go there ("Otherwise, if state override is not given, set
    /// state to no scheme state and decrease pointer by 1", and the scheme state's "start
    /// over").
    NoScheme,
    /// The *scheme state* on the U+003A (:) at `end`: the input starts with a scheme (see
    /// [`scheme::scheme_end`]), which the scheme start and scheme states append to the buffer,
    /// lowercased ("append c, lowercased, to buffer" for each of its code points), raising no
    /// validation error. `lowercase`: it may have upper-case letters.
    SchemeEnd { end: usize, lowercase: bool },
    /// The *authority state* after the run of host bytes the scan went over, for a special
    /// scheme other than `file` followed by `://` and a non-empty run.
    Authority(SchemePrefix),
    /// The *path start state* after the scheme and authority the scan accepted.
    PathStart(Prefix),
}

impl Resume {
    /// Where the state machine takes over from `original`, `processed` after trimming and
    /// tab/newline removal, given the fast path's `scan` of `original`; `fast` false asks for
    /// the full state machine (the scan is then [`Scan::Rejected`]).
    ///
    /// What the scan accepted has only ASCII alphanumerics and `.`, `-`, `_`, `:`, `/`:
    /// trimming (it starts with an ASCII alpha) and tab/newline removal leave it alone, which
    /// the comparison of the two forms confirms (else the state machine starts at the start).
    // Inlined into `crate::route::run_state_machine` (as is `enter`): as calls they cost more
    // instructions on inputs the state machine parses from the scheme (docs/performance.md,
    // "Figures from weburl-core's comments").
    #[inline(always)]
    pub(crate) fn find(scan: Scan, original: &str, processed: &str, fast: bool) -> Resume {
        let same = |len: usize| original.as_bytes().get(..len) == processed.as_bytes().get(..len);
        match scan {
            // The scan did not get past the scheme: where the scheme ends, found on the
            // processed input.
            Scan::Rejected if fast => match scheme::scheme_end(processed) {
                Some((end, lowercase)) => Resume::SchemeEnd { end, lowercase },
                None => Resume::NoScheme,
            },
            Scan::Prefix(p) if same(p.path_start) => Resume::PathStart(p),
            Scan::Scheme(s) => {
                let host_start = s.scheme_end + 3;
                // The authority state can take over after the run of host bytes (see `enter`).
                let at_authority = !s.scheme_type.is_file() && s.host_run_end > host_start;
                if at_authority && same(s.host_run_end) {
                    Resume::Authority(s)
                } else if !at_authority && same(s.scheme_end + 1) {
                    Resume::SchemeEnd {
                        end: s.scheme_end,
                        lowercase: s.lowercase,
                    }
                } else {
                    Resume::SchemeStart
                }
            }
            _ => Resume::SchemeStart,
        }
    }

    /// The one way into the state machine: writes into the fresh `parser`'s URL what the
    /// states before this point write for its input, moves the pointer there, and returns how
    /// the machine goes on (the states at this point may already have run).
    #[inline(always)]
    pub(crate) fn enter<S: ErrorSink>(
        self,
        parser: &mut Parser<'_, '_, S>,
    ) -> Result<Flow, Failure> {
        match self {
            Resume::SchemeStart => Ok(Flow::Again(State::SchemeStart)),
            Resume::NoScheme => Ok(Flow::Again(State::NoScheme)),
            Resume::SchemeEnd { end, lowercase } => {
                write_scheme(parser, end, lowercase);
                parser.scheme_state(Some(':'))
            }
            Resume::Authority(s) => {
                // A special scheme other than `file` and `://`: the scheme state on the `:`
                // sets url's scheme and goes to the *special authority slashes* state (or,
                // with a base of the same scheme, the *special relative or authority* state),
                // which with `//` goes to the *special authority ignore slashes* state on the
                // code point after them; that one is not `/` or `\` (it starts the run), so
                // the *authority state* begins there (writing `//`). Its buffer then takes the
                // run's code points one by one: none is `@`, `/`, `?`, `#` or `\`, nor (for
                // the host state) `:`, `[` or `]`.
                write_scheme(parser, s.scheme_end, s.lowercase);
                parser.set_scheme_at_colon();
                let host_start = s.scheme_end + 3;
                parser.begin_authority(host_start);
                parser.move_to(s.host_run_end);
                let c = parser.c();
                parser.authority_state_after(host_start, c)
            }
            Resume::PathStart(p) => {
                // The state machine reaches the same point: the *scheme start* and *scheme*
                // states append the scheme, lowercased, and `:` ("set url's scheme to
                // buffer"); the two `/` pass through the *special authority slashes* and
                // *special authority ignore slashes* states (or *file* and *file slash*) with
                // the serializer's `//`; the *authority state* sees no `@` and hands the host
                // to the *host state* (or *file host state*), which at `/`, `?`, `#` or the
                // EOF code point "decrease\[s\] pointer by 1", sets url's host (a domain,
                // lowercased, an IPv4 address, or for `file` possibly the empty host) and,
                // with a `:`, goes through the *port state*, which sets url's port; then "set
                // state to path start state" with the pointer at that `/`, `?`, `#` or EOF.
                // None of these steps raises a validation error for such a prefix, nor
                // depends on a base.
                write_head(&p, parser.input(), parser.url_mut());
                parser.move_to(p.path_start);
                Ok(Flow::Again(State::PathStart))
            }
        }
    }
}

/// The scheme start and scheme states on the scheme `..end` of the parser's input: its code
/// points, lowercased, are the buffer (the output itself), and the pointer is on the `:`.
#[inline]
fn write_scheme<S: ErrorSink>(parser: &mut Parser<'_, '_, S>, end: usize, lowercase: bool) {
    let input = parser.input();
    let out = &mut parser.url_mut().out;
    out.push_str(input.get(..end).unwrap_or_default());
    if lowercase {
        out.make_ascii_lowercase();
    }
    parser.move_to(end);
}

/// Writes the scheme and authority of `prefix`, which are `text[..prefix.path_start]`, into
/// the empty `url` as the state machine would (see [`Resume::PathStart`]): the same bytes,
/// the scheme lowercased.
fn write_head(prefix: &Prefix, text: &str, url: &mut UrlBuf) {
    url.out
        .push_str(text.get(..prefix.path_start).unwrap_or_default());
    lowercase_head(prefix, &mut url.out);
    url.offsets = head_offsets(prefix);
}

/// Lowercases the scheme of `prefix` at the start of `out`, if it has upper-case letters: the
/// scheme state's "append c, lowercased, to buffer". (A host the fast path accepts has none:
/// the host parser's domain to ASCII, which lowercases an ASCII domain, leaves it as it is;
/// see the `fast` module.)
#[inline]
fn lowercase_head(prefix: &Prefix, out: &mut str) {
    if prefix.lowercase {
        // Up to the host's end, which changes nothing more and leaves one offset fewer live
        // in the fast path (fewer instructions than up to the scheme's end: docs/performance.md).
        if let Some(s) = out.get_mut(..prefix.host_end) {
            s.make_ascii_lowercase();
        }
    }
}

/// The offsets the state machine records for the scheme and authority of `prefix`, at the
/// start of the serialization (no credentials, so `username_end` is `host_start`); the path
/// start state then records the rest.
#[inline]
fn head_offsets(prefix: &Prefix) -> Offsets<usize> {
    Offsets {
        scheme_end: prefix.scheme_end,
        username_end: prefix.host_start,
        host_start: prefix.host_start,
        host_end: prefix.host_end,
        port: prefix.port,
        host_kind: Some(prefix.host_kind),
        scheme_type: prefix.scheme_type,
        ..Offsets::EMPTY
    }
}

/// The URL of an `input` the scan accepted whole, with its `layout`: the input with the
/// scheme lowercased (as [`write_head`] writes it) and `/` inserted for an empty
/// path (see the `fast` module), in a buffer of that exact size; `None` if that is longer
/// than `max_len`. The [`Url`] is made here directly, with `u32` offsets (the state machine's
/// `UrlBuf::into_url` narrows `usize` ones), and checked in debug builds as that does.
// Inlined into `crate::route::parse`, its one caller, where the scan is inlined too: the layout is
// not moved into memory for a call (docs/performance.md, "Figures from weburl-core's comments").
#[inline(always)]
pub(crate) fn accepted(input: &str, layout: &Layout, max_len: u32) -> Option<Url> {
    let head = &layout.head;
    let extra = usize::from(layout.add_slash);
    let len = input.len() + extra;
    if len > max_len as usize {
        return None;
    }
    let mut out = if layout.add_slash {
        let (before_path, rest) = input.split_at_checked(head.path_start)?;
        let mut out = String::with_capacity(len);
        out.push_str(before_path);
        out.push('/');
        out.push_str(rest);
        out
    } else {
        String::from(input)
    };
    lowercase_head(head, &mut out);
    // Lossless: every offset is at most `len`, which is at most `max_len`, a `u32`.
    #[allow(clippy::cast_possible_truncation)]
    let n = |o: usize| o as u32;
    let url = Url {
        serialization: out,
        offsets: Offsets {
            scheme_end: n(head.scheme_end),
            username_end: n(head.host_start),
            host_start: n(head.host_start),
            host_end: n(head.host_end),
            path_start: n(head.path_start),
            query_start: layout.query_start.map(|q| n(q + extra)),
            fragment_start: layout.fragment_start.map(|f| n(f + extra)),
            port: head.port,
            host_kind: Some(head.host_kind),
            scheme_type: head.scheme_type,
            opaque_path: false,
        },
        max_len,
    };
    #[cfg(debug_assertions)]
    {
        let check = url.check_invariants();
        debug_assert!(check.is_ok(), "{check:?} in {url:?}");
    }
    Some(url)
}
