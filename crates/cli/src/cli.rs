//! The command line (clap derive).

use clap::{Parser, Subcommand};

use crate::canon::Profile;
use crate::get_set::Component;

/// Parse, lint, explain and edit URLs exactly as the WHATWG URL Standard (and browsers) do.
#[derive(Debug, Parser)]
#[command(
    name = "weburl",
    version,
    after_help = "\
Examples:
  weburl parse 'https://EXAMPLE.com/a/../b?c d#e'
  weburl parse --base https://example.com/dir/ ../x 'y?z'
  cat urls.txt | weburl parse --json
  weburl check 'https://user@example.org\\path'
  weburl explain 'https://user:pass@example.com:8080/a/b?q=1#frag'
  weburl get hostname https://example.com/ https://[::1]:8080/
  weburl set port 8443 https://example.com/
  weburl display --max-width 30 https://login.accounts.example.co.uk/a/b
  weburl canon --profile surt 'http://www.archive.org/goo/?b=1&a=2'

Inputs: the URL arguments or, when none are given, the lines of stdin (one URL per line).
Exit status: 0 when every input is fine, 1 when any fails, 2 for usage errors and
unreadable input."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse URLs and print each one's href (or, with --json, its components).
    ///
    /// Prints one href per line. An input that fails to parse is reported on stderr as
    /// `error: <input>: invalid URL: <validation error>` and the rest are still parsed; the
    /// exit status is then 1.
    #[command(after_help = "\
Examples:
  $ weburl parse 'https://EXAMPLE.com/a/../b?c d#e'
  https://example.com/b?c%20d#e
  $ weburl parse --base https://example.com/dir/ ../x
  https://example.com/x
  $ printf 'https://a.example/\\nhttp://[::1\\n' | weburl parse --json
  {\"href\":\"https://a.example/\",\"origin\":\"https://a.example\",...,\"validation_errors\":[]}
  {\"input\":\"http://[::1\",\"failure\":true,\"error\":\"IPv6-unclosed\",\"validation_errors\":[...]}")]
    Parse {
        /// Parse relative to this URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// Print one JSON object per input line: href, origin, protocol, username,
        /// password, host, hostname, port, pathname, search, hash and validation_errors
        /// ([{name, failure, start, end}], byte offsets into the input); for a failure
        /// {input, failure: true, error, validation_errors}.
        #[arg(long)]
        json: bool,
        /// URLs to parse [default: the lines of stdin].
        #[arg(value_name = "URL")]
        urls: Vec<String>,
    },
    /// Lint URLs: show every validation error with carets under the offending input.
    ///
    /// For each validation error: the input, a line of carets under the part of the input it
    /// concerns, and the error's name as the spec spells it with a link to its row of the
    /// spec's table (`, failure` when it made the parse fail). Then `=> <href>`, or
    /// `=> invalid URL: <name>`. An input with no validation errors prints `<input>: ok`.
    #[command(after_help = "\
Examples:
  $ weburl check 'https://user@example.org\\path'
  https://user@example.org\\path
              ^
    invalid-credentials (https://url.spec.whatwg.org/#invalid-credentials)
  https://user@example.org\\path
                          ^
    invalid-reverse-solidus (https://url.spec.whatwg.org/#invalid-reverse-solidus)
    => https://user@example.org/path
  $ weburl check --strict https://example.org/ || echo has errors")]
    Check {
        /// Exit with status 1 when any input has a validation error, not only on failures.
        #[arg(long)]
        strict: bool,
        /// Parse relative to this URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// URLs to check [default: the lines of stdin].
        #[arg(value_name = "URL")]
        urls: Vec<String>,
    },
    /// Show a URL's components, their byte offsets in the href, its origin and host type.
    #[command(after_help = "\
Example:
  $ weburl explain 'https://user:pass@example.com:8080/a/b?q=1#frag'")]
    Explain {
        /// Parse relative to this URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// Compare the host with the top domains in FILE (one domain a line, `#`
        /// comments) instead of the built-in list, as `weburl display --top-domains`.
        #[arg(long, value_name = "FILE")]
        top_domains: Option<std::path::PathBuf>,
        /// The URL to explain.
        url: String,
    },
    /// Show URLs as a person should see them before trusting them (URL rendering).
    ///
    /// No credentials; hosts in Unicode only where a browser's IDN policy (Chromium's, on
    /// UTS 39) allows and the host is no lookalike of a popular site (otherwise in xn-- form:
    /// --why or `weburl explain` names the rule); percent-encoded text decoded where safe; a
    /// URL with right-to-left text as its host alone (unless --ltr). One line per input.
    #[command(after_help = "\
Examples:
  $ weburl display 'https://user:pw@xn--mnchen-3ya.de/caf%C3%A9'
  https://münchen.de/café
  $ weburl display 'https://аррӏе.com/'
  https://xn--80ak6aa92e.com/
  $ weburl display --max-width 24 https://examplecorp.com.evil.com/account
  https://…evil.com/accou…")]
    Display {
        /// Elide to at most N terminal columns, keeping the registrable domain whole.
        #[arg(long, value_name = "N")]
        max_width: Option<usize>,
        /// Omit http:// and https://.
        #[arg(long)]
        omit_scheme: bool,
        /// Omit a leading www. or m. label.
        #[arg(long)]
        omit_trivial_subdomains: bool,
        /// Show the host alone.
        #[arg(long)]
        host_only: bool,
        /// Wrap each line in a left-to-right isolate (U+2066..U+2069) instead of showing a
        /// URL with right-to-left text as its host alone.
        #[arg(long)]
        ltr: bool,
        /// Compare hosts with the top domains in FILE (one domain a line, `#` comments)
        /// instead of the built-in list of popular sites, for this run.
        #[arg(long, value_name = "FILE")]
        top_domains: Option<std::path::PathBuf>,
        /// After each line, a tab and, for each label shown in xn-- form, the rule that
        /// refused its Unicode form (`xn--80ak6aa92e=whole-script-confusable`).
        #[arg(long)]
        why: bool,
        /// Parse relative to this URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// URLs [default: the lines of stdin].
        #[arg(value_name = "URL")]
        urls: Vec<String>,
    },
    /// Print one component of each URL, one line per URL.
    #[command(after_help = "\
Examples:
  $ weburl get hostname 'https://user@EXAMPLE.com:8080/'
  example.com
  $ cat urls.txt | weburl get origin | sort -u
  $ weburl get registrable-domain https://www.example.co.uk/ https://whatwg.github.io/
  example.co.uk
  whatwg.github.io

public-suffix and registrable-domain are the host's, by the Public Suffix List compiled in
(empty for an IP address, an opaque host or a host that is itself a public suffix).")]
    Get {
        /// Parse relative to this URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// Which component (the URL class's attribute, or the host's public suffix or
        /// registrable domain).
        #[arg(value_enum)]
        component: Component,
        /// URLs [default: the lines of stdin].
        #[arg(value_name = "URL")]
        urls: Vec<String>,
    },
    /// Change one component of a URL with the URL class's setter; print the new href.
    ///
    /// When the setter refuses the value (for example a port on a file: URL, or a
    /// non-numeric port), the reason is printed on stderr and the exit status is 1.
    #[command(after_help = "\
Examples:
  $ weburl set pathname '/a b' https://example.com/x?q
  https://example.com/a%20b?q
  $ weburl set port 99999 https://example.com/
  error: cannot set port to \"99999\": invalid value: port-out-of-range")]
    Set {
        /// Parse the URL relative to this URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// Which component (origin is read-only).
        #[arg(value_enum)]
        component: Component,
        /// The new value.
        #[arg(allow_hyphen_values = true)]
        value: String,
        /// The URL to change.
        url: String,
    },
    /// Canonical keys for crawlers and web archives, one line per URL.
    ///
    /// --profile surt (the default): the SURT key of the `surt` Python package with its
    /// default options, as Wayback and CDX indexes use it; ssurt: IIPC urlcanon's SSURT;
    /// safe-browsing: Google Safe Browsing's canonical URL; semantic and aggressive: IIPC
    /// urlcanon's canonical URLs by those rule sets; strip-tracking: the URL without its
    /// tracking fields (weburl-canon's built-in list, or the ClearURLs-format rules of
    /// --rules FILE). --expressions: Safe Browsing's
    /// lookup expressions, separated by spaces, in Google's order; --hash-prefixes: their
    /// SHA-256 hashes' first 4 bytes in hex, in the same order. An input with no key is
    /// reported on stderr and the exit status is then 1.
    #[command(after_help = "\
Examples:
  $ weburl canon 'http://www.archive.org/goo/?b=1&a=2#top'
  org,archive)/goo?a=2&b=1
  $ weburl canon --profile safe-browsing 'http://3279880203/a/./b/../blah#top'
  http://195.127.0.11/a/blah
  $ weburl canon --expressions http://a.b.c/1/
  a.b.c/1/ a.b.c/ b.c/1/ b.c/")]
    Canon {
        /// The rule set: surt, ssurt, safe-browsing, semantic, aggressive or strip-tracking.
        #[arg(long, value_name = "NAME", value_parser = crate::canon::profile)]
        profile: Option<Profile>,
        /// Print Safe Browsing's lookup expressions instead of a key (with no --profile or
        /// --profile safe-browsing).
        #[arg(long, conflicts_with = "hash_prefixes")]
        expressions: bool,
        /// Print the 4-byte SHA-256 prefixes of Safe Browsing's lookup expressions, in hex.
        #[arg(long)]
        hash_prefixes: bool,
        /// Tracking rules in ClearURLs' `data.min.json` format, for --profile strip-tracking
        /// [default: weburl-canon's built-in list].
        #[arg(long, value_name = "FILE")]
        rules: Option<std::path::PathBuf>,
        /// URLs [default: the lines of stdin].
        #[arg(value_name = "URL")]
        urls: Vec<String>,
    },
    /// Match URLs against a URLPattern; print each one's groups as a JSON line.
    ///
    /// One line per URL: {"input":..,"match":true,"groups":{"pathname":{"id":"42"},..}}
    /// (an unmatched optional group is null; components whose pattern is `*` are left out),
    /// or {"input":..,"match":false}. Exit status 1
    /// when any URL does not match; 2 when the pattern is invalid.
    #[command(after_help = "\
Example:
  $ weburl match 'https://*.example.com/books/:id' https://shop.example.com/books/42
  {\"input\":\"https://shop.example.com/books/42\",\"match\":true,\"groups\":{\"hostname\":{\"0\":\"shop\"},\"pathname\":{\"id\":\"42\"}}}")]
    Match {
        /// Resolve a relative pattern against this URL.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        /// Match pathname, search and hash case-insensitively.
        #[arg(long)]
        ignore_case: bool,
        /// The pattern (URLPattern constructor string syntax).
        pattern: String,
        /// URLs [default: the lines of stdin].
        #[arg(value_name = "URL")]
        urls: Vec<String>,
    },
}
