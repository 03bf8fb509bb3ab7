//! Where the state machine takes over from an input the fast path turned down: at the *path
//! start state* after an accepted scheme and authority, or at the end of an accepted scheme
//! (see `run_state_machine`).

use super::{Prefix, SchemePrefix};
use crate::errors::ErrorSink;
use crate::parser::{Failure, Flow, Parser};

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// Writes the scheme and authority of `prefix` (checked on `original`, the input before
    /// preprocessing, at the start of a fresh parser) as the state machine would have, and moves the pointer to
    /// where they end, so that the caller runs the *path start state* from there. `false`
    /// (nothing written) if the processed input does not start with the same bytes.
    ///
    /// The state machine reaches the same point: the *scheme start* and *scheme* states
    /// append the scheme, lowercased, and `:` ("set url's scheme to buffer"); the two `/`
    /// pass through the *special authority slashes* and *special authority ignore slashes*
    /// states (or *file* and *file slash*) with the serializer's `//`; the *authority state*
    /// sees no `@` and hands the host to the *host state* (or *file host state*), which at `/`,
    /// `?`, `#` or the EOF code point "decrease\[s\] pointer by 1", sets url's host (a domain,
    /// lowercased, or for `file` possibly the empty host) and, with a `:`, goes through the
    /// *port state*, which sets url's port; then "set state to path start state" with the
    /// pointer at that `/`, `?`, `#` or EOF. None of these steps raises a validation error
    /// for such a prefix, nor depends on a base. The prefix has only ASCII alphanumerics and
    /// `.`, `-`, `_`, `:`, `/`: trimming (it starts with an ASCII alpha) and tab/newline
    /// removal leave it alone, which the comparison below confirms.
    pub(crate) fn resume_at_path_start(&mut self, original: &str, prefix: &Prefix) -> bool {
        let p = prefix;
        let Some(head) = self.input.get(..p.path_start) else {
            return false;
        };
        if original.as_bytes().get(..p.path_start) != Some(head.as_bytes())
            || self.pos != 0
            || !self.url.out.is_empty()
        {
            return false;
        }
        let u = &mut self.url;
        u.out.push_str(head);
        if p.lowercase {
            if let Some(s) = u.out.get_mut(..p.host_end) {
                s.make_ascii_lowercase();
            }
        }
        u.scheme_type = p.scheme_type;
        u.scheme_end = p.scheme_end;
        u.username_end = p.host_start;
        u.host_start = p.host_start;
        u.host_end = p.host_end;
        u.port = p.port;
        u.host_kind = Some(p.host_kind);
        self.pos = p.path_start;
        true
    }
}

impl<S: ErrorSink> Parser<'_, '_, S> {
    /// Writes the scheme of `prefix` (checked on `original`, the input before preprocessing,
    /// at the start of a fresh parser), lowercased, as the *scheme start* and *scheme* states
    /// would have ("append c, lowercased, to buffer"), and runs the scheme state on the `:`
    /// that ends it, which sets url's scheme and returns where the state machine goes on.
    /// `None` (nothing written) if the processed input does not start with the same bytes.
    ///
    /// The scheme is ASCII alphas followed by `:`: trimming (it starts with an ASCII alpha)
    /// and tab/newline removal leave it alone, which the comparison below confirms. No step
    /// of the two states raises a validation error for it, nor depends on a base before the
    /// `:`.
    pub(crate) fn resume_at_scheme_end(
        &mut self,
        original: &str,
        prefix: &SchemePrefix,
    ) -> Option<Result<Flow, Failure>> {
        let end = prefix.scheme_end;
        let host_start = end + 3;
        let run_end = prefix.host_run_end;
        // The authority state can take over after the run of host bytes (see below).
        let at_authority = !prefix.scheme_type.is_file() && run_end > host_start;
        let checked = if at_authority { run_end } else { end + 1 };
        if original.as_bytes().get(..checked) != self.input.as_bytes().get(..checked)
            || self.pos != 0
            || !self.url.out.is_empty()
        {
            return None;
        }
        if !at_authority {
            return Some(self.start_at_scheme_end(end, prefix.lowercase));
        }
        // A special scheme other than `file` and `://`: the scheme state on the `:` sets
        // url's scheme and goes to the *special authority slashes* state (or, with a base of
        // the same scheme, the *special relative or authority* state), which with `//` goes
        // to the *special authority ignore slashes* state on the code point after them; that
        // one is not `/` or `\` (it starts the run), so the *authority state* begins there
        // (writing `//`). Its buffer then takes the run's code points one by one: none is
        // `@`, `/`, `?`, `#` or `\`, nor (for the host state) `:`, `[` or `]`.
        self.url
            .out
            .push_str(self.input.get(..end).unwrap_or_default());
        if prefix.lowercase {
            self.url.out.make_ascii_lowercase();
        }
        self.pos = end;
        self.set_scheme_at_colon();
        self.begin_authority(host_start);
        self.pos = run_end;
        let c = self.c();
        Some(self.authority_state_after(host_start, c))
    }
}
