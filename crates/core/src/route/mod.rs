//! The route of an input: the way into the basic URL parser's state machine ([`Parser`], in
//! `crate::state_machine`) an input takes, and where the result goes. The state machine knows
//! nothing of this module; this module drives it.
//!
//! The route of an input through `Url::parse` (and `Url::can_parse`, `set_href`):
//!
//! 1. [`parse`] (or [`can_parse`]), inlined into the caller, asks [`fast::pick`]
//!    (`weburl_bytes::pick`) for the CPU's level of byte classifiers for the input (unless
//!    validation errors are wanted), and in the level's arm calls [`fast_parse`] (or
//!    [`can_parse_fast`]), in this file, through the level token's `enter_with_pairs` (or
//!    `enter`), which compiles it for that level's CPU features and picks the classifier by
//!    the input's length (the per-CPU copies need `#[target_feature]` and `unsafe`, which
//!    weburl-bytes has and this crate does not). On an x86-64 CPU without SSSE3 there is no
//!    classifier: [`parse_slow`] (or [`can_parse_slow`]), the state machine from the start.
//!    `fast_parse` refuses an input over 4 GiB first, then
//! 2. [`fast::scan`], one pass over the bytes, finds how much of the input is already in
//!    serialized form: all of it, its scheme and authority, its scheme, or nothing.
//!    (`can_parse` only looks at the scheme and authority, [`fast::can_parse_head`]: when
//!    they are accepted, the input parses.)
//! 3. An input accepted whole is copied ([`resume::accepted`]) without the state machine.
//!    Otherwise [`run_state_machine`]: [`input::preprocess`] trims it and removes tabs and
//!    newlines, [`Resume::find`] decides where the state machine takes over (the scheme start
//!    state, the no scheme state, the scheme's `:`, the authority state after a run of host
//!    bytes, or the path start state), [`Parser::new`] starts the machine from a [`Start`],
//!    and [`Resume::enter`], the one way into the state machine, writes what the states
//!    before that point would have written.
//! 4. [`Parser::run`] runs the states from there to the end of the input (or, for
//!    `can_parse`, until no later step can fail: [`Parser::stops_here`]).
//! 5. The [`Output`] makes the result: a [`Url`] in its own buffer ([`Fresh`]), or only
//!    whether the input parses, written into the thread's scratch buffer ([`Scratch`]).
//!
//! The setters' runs with a *state override* come in through [`run_override`].

mod fast;
mod resume;
mod scratch;

use alloc::string::String;

use weburl_percent::{AsciiSet, FRAGMENT, PATH, SPECIAL_QUERY, USERINFO};

use self::fast::{Classifier, Picked};
use self::resume::Resume;
use crate::encoding::{self, QueryEncoding};
use crate::errors::{ErrorSink, ParseError};
use crate::state_machine::{input, rest_fits, Failure, Flow, Parser, Start, State, UrlBuf};
use crate::url::Url;

/// Options for the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser):
/// see [`Url::options`].
// The one options type of a parse: the builder's methods (in `crate::api`) set these fields,
// and the route reads them.
#[derive(Clone, Copy, Debug)]
#[must_use]
pub struct ParseOptions<'b> {
    /// The spec's *base*.
    pub(crate) base: Option<&'b Url>,
    /// The spec's *encoding* (of the query).
    pub(crate) encoding: QueryEncoding,
    /// Not a spec option: the longest serialization accepted (`u32::MAX`, the limit of the
    /// representation, by default).
    pub(crate) max_length: u32,
    /// Whether the fast path ([`fast`]) may be taken (always, except to test it against the
    /// full state machine).
    pub(crate) fast: bool,
}

impl ParseOptions<'_> {
    /// No base, UTF-8, no length limit but `u32`'s, the fast path allowed.
    pub(crate) const fn new() -> Self {
        ParseOptions {
            base: None,
            encoding: encoding::UTF_8,
            max_length: u32::MAX,
            fast: true,
        }
    }
}

/// The bytes the percent-encode sets of the path, query and fragment may encode, other than
/// `?` and `#` (which end components and are never encoded there): each may take 3 bytes.
const MAY_ENCODE: AsciiSet = PATH
    .union(SPECIAL_QUERY)
    .union(FRAGMENT)
    .remove(b'?')
    .remove(b'#');
/// With credentials, the userinfo set's bytes too.
const MAY_ENCODE_USERINFO: AsciiSet = MAY_ENCODE.union(USERINFO);

/// An upper bound, for ASCII inputs in all but contrived cases, of the serialization's length,
/// so that the parse allocates once: the input, two more bytes per byte that may be
/// percent-encoded, the base (whose components a relative input copies) and some slack (an
/// IPv4 host can be longer than its input, the serializer may add `/.`, a path `/`, a `file`
/// URL `//`). A bound that is too small only costs a reallocation.
fn output_capacity(input: &str, base: Option<&Url>) -> usize {
    let base_len = base.map_or(0, |b| b.serialization.len());
    if input.len() <= SHORT_INPUT {
        // A short input is not scanned: every byte taking 3 bytes wastes at most a few
        // hundred bytes, and the scan costs more than the allocation's size saves.
        return 3 * input.len() + base_len + 16;
    }
    let set = if input.as_bytes().contains(&b'@') {
        &MAY_ENCODE_USERINFO
    } else {
        &MAY_ENCODE
    };
    let encoded = input.bytes().filter(|&b| set.contains(b)).count();
    input.len() + 2 * encoded + base_len + 16
}

/// The length up to which [`output_capacity`] does not scan the input.
const SHORT_INPUT: usize = 64;

/// Whether `input` is accepted whole by the fast path, which means it parses (with any base).
#[cfg(feature = "__test-hooks")]
pub(crate) fn fast_accepts(input: &str) -> bool {
    // Every classifier the CPU has finds the same (so that the tests and the fuzz targets,
    // which call this on every input, check them against each other).
    let all = fast::each(input, &fast::Scanned);
    let first = all.first().map(String::as_str).unwrap_or_default();
    assert!(
        all.iter().all(|s| s == first),
        "the classifiers disagree on {input:?}: {all:?}"
    );
    first.starts_with("Accepted")
}

/// [`canParse(url, base)`](https://url.spec.whatwg.org/#dom-url-canparse): whether `input`
/// parses against `base` (parsed first, if given). The fast path's scheme and authority
/// ([`fast::can_parse_head`]) decide most inputs without writing anything; the others are
/// [`parse`]d into the thread's scratch buffer, from where the scan stopped, until the verdict
/// is known.
#[inline]
pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
    // With the scheme and authority accepted, the state machine would parse them as it does
    // (see `Resume::PathStart`) and go on in the path start state, after which no step fails
    // (see `Parser::stops_here`): the path, query and fragment need not be looked at (whether
    // the fast path would accept them too makes no difference). The input then parses if its
    // URL fits in the maximum length, which the bound the state machine stops by, taken over
    // the whole input, ensures.
    //
    // Only the host is scanned: a pair of blocks would only classify more bytes.
    //
    // `can_parse_fast` once for each classifier the level picks from by the input's length
    // (wide, short, narrow), as `parse` calls `fast_parse`.
    match fast::pick(input.len(), false) {
        Picked::Wide(k) => k.enter(
            input,
            base,
            #[inline(always)]
            |k, input, base| can_parse_fast(k, input, base),
            #[inline(always)]
            |k, input, base| can_parse_fast(k, input, base),
            #[inline(always)]
            |k, input, base| can_parse_fast(k, input, base),
        ),
        Picked::Narrow(k) => k.enter(
            input,
            base,
            #[inline(always)]
            |k, input, base| can_parse_fast(k, input, base),
        ),
        // No classifier (an x86-64 CPU without SSSE3): the state machine from the start.
        Picked::Fallback => can_parse_slow(input, base, fast::Scan::Rejected, ()),
    }
}

/// [`can_parse`] with the fast path's scheme and authority ([`fast::can_parse_head`]),
/// compiled for the classifier `k` (see [`can_parse`]).
#[inline(always)]
fn can_parse_fast<K: Classifier>(k: K, input: &str, base: Option<&str>) -> bool {
    match fast::can_parse_head(k, input.as_bytes()) {
        Ok(()) if rest_fits(0, input.len(), ParseOptions::new().max_length) => {
            base.is_none_or(|b| can_parse_base(b, ()))
        }
        // Too long to be judged by its length: the state machine from the start (which
        // needs no more than the scan's verdict, so the compiler drops what the scan
        // records of the scheme and authority).
        Ok(()) => can_parse_slow(input, base, fast::Scan::Rejected, ()),
        Err(scheme) => can_parse_slow(
            input,
            base,
            scheme.map_or(fast::Scan::Rejected, fast::Scan::Scheme),
            (),
        ),
    }
}

/// [`can_parse`] on a base, out of line (it is rarely given).
///
/// Generic over a sink it does not use (only `()` is passed), as [`can_parse_slow`] is over
/// the one it does: a non-generic function would be compiled into weburl-core itself, and with
/// it all of `can_parse`'s fast path, for every program, even one that never calls
/// `can_parse` (the "pay for what you use" of issue 31: docs/performance.md, "Clean builds").
#[inline(never)]
fn can_parse_base<S: ErrorSink>(base: &str, _: S) -> bool {
    can_parse(base, None)
}

/// [`can_parse`] on an input whose scheme and authority the fast path does not accept (or
/// that is too long to be judged by its length alone): the state machine, taking over where
/// the scan stopped. Out of line, so that the fast path stays small; generic over the sink
/// (only `()` is passed) so that it is compiled only in programs that call `can_parse` (see
/// [`can_parse_base`]).
#[inline(never)]
fn can_parse_slow<S: ErrorSink>(
    input: &str,
    base: Option<&str>,
    scan: fast::Scan,
    sink: S,
) -> bool {
    let base = match base.map(|b| parse(b, &ParseOptions::new(), ())) {
        Some(Ok(b)) => Some(b),
        Some(Err(_)) => return false,
        None => None,
    };
    let options = ParseOptions {
        base: base.as_ref(),
        ..ParseOptions::new()
    };
    run_state_machine::<_, Scratch>(input, &options, sink, scan).is_ok()
}

/// The [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser) without *url*
/// and *state override*: parses `input` into a new URL. Inputs already in serialized form take
/// the fast path ([`fast`]) unless `options.fast` is false or `sink` wants errors.
// Always inlined: what is left of it in the caller is the pick (out of line, it mostly
// saved registers for the slow path's call: docs/performance.md, "Figures from weburl-core's
// comments").
#[inline(always)]
pub(crate) fn parse<S: ErrorSink>(
    input: &str,
    options: &ParseOptions<'_>,
    sink: S,
) -> Result<Url, ParseError> {
    // The query's encoding must be UTF-8 for the fast path (see the `fast` module);
    // otherwise the state machine runs from the start. Checked here, where it is known at
    // compile time for `Url::parse` (later, the scan's layout was stored for the state machine
    // first: docs/performance.md, "Figures from weburl-core's comments").
    if options.fast
        && !sink.wants_errors()
        && (options.encoding == encoding::UTF_8
            || encoding::output_encoding(options.encoding) == encoding::UTF_8)
    {
        // `fast_parse` once for each classifier the level picks from by the input's length
        // (wide, pair, short, narrow pair: each a copy compiled for that classifier). In
        // closures because Rust has none generic over the classifier; `#[inline(always)]`,
        // so that all of `fast_parse` is compiled inside weburl-bytes' function for the CPU
        // (a bare `fast_parse` went through its `FnOnce` shim and took more instructions:
        // docs/performance.md).
        return match fast::pick(input.len(), true) {
            Picked::Wide(k) => k.enter_with_pairs(
                input,
                (options, sink),
                #[inline(always)]
                |k, input, (options, sink)| fast_parse(k, input, options, sink),
                #[inline(always)]
                |k, input, (options, sink)| fast_parse(k, input, options, sink),
                #[inline(always)]
                |k, input, (options, sink)| fast_parse(k, input, options, sink),
                #[inline(always)]
                |k, input, (options, sink)| fast_parse(k, input, options, sink),
            ),
            Picked::Narrow(k) => k.enter_with_pairs(
                input,
                (options, sink),
                #[inline(always)]
                |k, input, (options, sink)| fast_parse(k, input, options, sink),
            ),
            // No classifier (an x86-64 CPU without SSSE3): the state machine from the start,
            // as without the fast path.
            Picked::Fallback => parse_slow(input, options, sink),
        };
    }
    parse_slow(input, options, sink)
}

/// [`parse`] without the fast path, out of line.
#[inline(never)]
fn parse_slow<S: ErrorSink>(
    input: &str,
    options: &ParseOptions<'_>,
    sink: S,
) -> Result<Url, ParseError> {
    if too_long(input) {
        return Err(ParseError::too_long(input.len()));
    }
    run_state_machine::<_, Fresh>(input, options, sink, fast::Scan::Rejected)
}

/// Not a spec step: offsets are `u32`, so an input over 4 GiB is refused before it is read.
/// (Its serialization could be shorter, but no input that long is a URL anyone can use.)
#[inline(always)]
fn too_long(input: &str) -> bool {
    u32::try_from(input.len()).is_err()
}

/// [`parse`] with the fast path: [`fast::scan`], the URL of an input it accepts whole
/// ([`resume::accepted`]), else the state machine from where the scan stopped. Compiled
/// for the classifier `k` (see [`parse`]), all of it inlined (the URL is written once,
/// where the caller wants it).
#[inline(always)]
fn fast_parse<K: Classifier, S: ErrorSink>(
    k: K,
    input: &str,
    options: &ParseOptions<'_>,
    sink: S,
) -> Result<Url, ParseError> {
    if too_long(input) {
        return Err(ParseError::too_long(input.len()));
    }
    let scan = match fast::scan(k, input) {
        fast::Scan::Accepted(layout) => {
            return resume::accepted(input, &layout, options.max_length)
                .ok_or_else(|| ParseError::too_long(input.len()));
        }
        other => other,
    };
    run_state_machine::<_, Fresh>(input, options, sink, scan)
}

/// Where [`run_state_machine`] writes the serialization, and what it makes of it.
trait Output {
    /// What a successful parse returns.
    type Done;
    /// Whether the caller wants the URL, not only whether the input parses.
    const WANTS_URL: bool;
    /// An empty buffer with room for `capacity` bytes (not zero).
    fn buffer(capacity: usize) -> String;
    /// The result of a successful parse; `None` if the URL is longer than `max_len` or than
    /// `u32` offsets allow.
    fn done(url: UrlBuf, max_len: u32) -> Option<Self::Done>;
    /// Disposes of the buffer after a failed parse.
    fn failed(out: String);
}

/// A new `String` per parse, which the URL keeps.
struct Fresh;

impl Output for Fresh {
    type Done = Url;
    const WANTS_URL: bool = true;
    fn buffer(capacity: usize) -> String {
        String::with_capacity(capacity)
    }
    fn done(url: UrlBuf, max_len: u32) -> Option<Url> {
        url.into_url(max_len)
    }
    fn failed(_: String) {}
}

/// The thread's scratch buffer ([`scratch`]), given back after the parse: for a caller that
/// only wants to know whether the input parses (nothing is allocated).
struct Scratch;

impl Output for Scratch {
    type Done = ();
    const WANTS_URL: bool = false;
    fn buffer(capacity: usize) -> String {
        scratch::take(capacity)
    }
    fn done(url: UrlBuf, max_len: u32) -> Option<()> {
        // What `UrlBuf::into_url` checks of the length (which bounds every offset).
        let fits = u32::try_from(url.out.len()).is_ok_and(|len| len <= max_len);
        scratch::give_back(url.out);
        fits.then_some(())
    }
    fn failed(out: String) {
        scratch::give_back(out);
    }
}

/// The basic URL parser's state machine on `input`, taking over where `scan` (the fast path's
/// verdict on `input`, [`fast::Scan::Rejected`] if there is none) says it can (see
/// [`Resume`]).
fn run_state_machine<S: ErrorSink, O: Output>(
    input: &str,
    options: &ParseOptions<'_>,
    mut sink: S,
    scan: fast::Scan,
) -> Result<O::Done, ParseError> {
    let (processed, map) = input::preprocess(input, true, 0, &mut sink);
    let resume = Resume::find(scan, input, &processed, options.fast);
    // Without a scheme and without a base the no scheme state fails before anything is
    // written: then nothing is allocated.
    let out = if matches!(resume, Resume::NoScheme) && options.base.is_none() {
        String::new()
    } else {
        O::buffer(output_capacity(&processed, options.base))
    };
    // Only whether it parses: stop as soon as that is known. (Not with errors wanted, which
    // later states report; not with a legacy encoding, whose query may take more than three
    // bytes per byte.)
    let stop_at_path = (!O::WANTS_URL
        && !sink.wants_errors()
        && encoding::output_encoding(options.encoding) == encoding::UTF_8)
        .then_some(options.max_length);
    let mut parser = Parser::new(Start {
        input: &processed,
        map,
        base: options.base,
        encoding: options.encoding,
        state_override: None,
        sink,
        url: UrlBuf::new(out),
        path_done: false,
        stop_at_path,
    });
    if let Err(failure) = resume.enter(&mut parser).and_then(|flow| parser.run(flow)) {
        O::failed(parser.into_url().out);
        return Err(failure.into_parse_error(input.len()));
    }
    parser.end_path();
    O::done(parser.into_url(), options.max_length).ok_or_else(|| ParseError::too_long(input.len()))
}

/// What a run with a state override left: the frame it wrote into, how it ended, and whether
/// it set the host and the port.
pub(crate) struct Overridden {
    pub(crate) url: UrlBuf,
    pub(crate) result: Result<(), Failure>,
    pub(crate) host_set: bool,
    pub(crate) port_set: bool,
}

/// The basic URL parser with *url* and *state override* `state` (the setters'), on `value`,
/// writing into `frame`: a scratch frame holding, instead of the URL's part before the
/// component, the little of it the parser looks at (see `crate::setters`). `offset` is where
/// `value` starts in the setter's value, for error ranges. With `writes_path` (the pathname
/// setter), a successful run then decides the serializer's `/.` marker
/// ([`Parser::end_path`]); otherwise the path is left alone.
pub(crate) fn run_override<S: ErrorSink>(
    value: &str,
    offset: usize,
    state: State,
    frame: UrlBuf,
    mut sink: S,
    writes_path: bool,
) -> Overridden {
    // With *url* given there is no trimming; tabs and newlines are still removed.
    let (processed, map) = input::preprocess(value, false, offset, &mut sink);
    let mut parser = Parser::new(Start {
        input: &processed,
        map,
        base: None,
        encoding: encoding::UTF_8,
        state_override: Some(state),
        sink,
        url: frame,
        path_done: !writes_path,
        stop_at_path: None,
    });
    let result = parser.run(Flow::Again(state));
    if result.is_ok() {
        parser.end_path();
    }
    Overridden {
        host_set: parser.host_set(),
        port_set: parser.port_set(),
        url: parser.into_url(),
        result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs the fast path accepts whole, in part, or not at all.
    const INPUTS: &[&str] = &[
        "https://example.com/a/b?q=1#f",
        "HTTPS://EXAMPLE.com:443/a/../b?q=\u{e9}#f",
        "http://xn--nxasmq6b.com/",
        "http://192.168.0.1:8080/x",
        "http://0x7f.1/",
        "http://[::1]/",
        "file:///C:/a",
        "file://localhost/etc",
        "  http://a.b/\t\nc  ",
        "http://a.b/./c/%2e%2E/d",
        "mailto:someone@example.com",
        "non-special://h/p?q#f",
        "http://user:pass@host/",
        "http://a b/",
        "//no-scheme",
        "a",
        "",
        "https://example.com:99999/",
        "http://ex%41mple.com/",
        "http://faß.example/",
    ];

    /// The fallbacks (what `parse` and `can_parse` run on an x86-64 CPU without SSSE3,
    /// `Picked::Fallback`: the state machine from the start) give what the fast path does.
    #[test]
    fn the_fallbacks_agree_with_the_fast_path() {
        let base = parse(
            "https://base.example/dir/file?x#y",
            &ParseOptions::new(),
            (),
        )
        .ok();
        for &input in INPUTS {
            for base in [None, base.as_ref()] {
                let options = ParseOptions {
                    base,
                    ..ParseOptions::new()
                };
                let fast = parse(input, &options, ());
                let fallback = parse_slow(input, &options, ());
                assert_eq!(
                    fast.as_ref().map(Url::href).map_err(ParseError::kind),
                    fallback.as_ref().map(Url::href).map_err(ParseError::kind),
                    "{input:?} with base {base:?}"
                );
                let base_str = base.map(Url::href);
                assert_eq!(
                    can_parse(input, base_str),
                    can_parse_slow(input, base_str, fast::Scan::Rejected, ()),
                    "can_parse {input:?} with base {base_str:?}"
                );
                assert_eq!(can_parse(input, base_str), fast.is_ok(), "{input:?}");
            }
        }
    }
}
