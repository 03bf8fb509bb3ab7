//! `weburl display`: URLs as a person should see them before trusting them (the URL
//! Standard's URL rendering, `weburl::display`), one line per input.

use std::io::Write;

use std::path::Path;

use weburl::display::{LtrWrap, Rendering, SpoofChecker, WidthUnit};
use weburl::{Url, UrlDisplay};

use crate::input;
use crate::output::{CliError, Status};

/// The options of `weburl display`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Elide to this many terminal columns.
    pub max_width: Option<usize>,
    /// Omit `http://` and `https://`.
    pub omit_scheme: bool,
    /// Omit a leading `www.` or `m.`.
    pub omit_trivial_subdomains: bool,
    /// Show the host alone.
    pub host_only: bool,
    /// Wrap in a left-to-right isolate instead of showing a URL with right-to-left text as
    /// its host alone.
    pub ltr: bool,
    /// Append the rule that kept each `xn--` label from being shown in Unicode.
    pub why: bool,
}

/// The spoof checker of `--top-domains FILE`: the domains of FILE (one a line, `#`
/// comments) instead of the built-in list; `None` without the option.
pub fn checker(file: Option<&Path>) -> Result<Option<SpoofChecker>, CliError> {
    let Some(file) = file else {
        return Ok(None);
    };
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::Usage(format!("--top-domains {}: {e}", file.display())))?;
    Ok(Some(SpoofChecker::from_top_domains_text(&text)))
}

impl Options {
    /// The rendering of `url` with these options.
    pub fn apply<'a>(&self, url: &'a Url, checker: Option<&'a SpoofChecker>) -> Rendering<'a> {
        let mut r = url
            .display()
            .omit_scheme(self.omit_scheme)
            .omit_trivial_subdomains(self.omit_trivial_subdomains)
            .host_only(self.host_only)
            .width_unit(WidthUnit::Columns);
        if let Some(width) = self.max_width {
            r = r.max_width(width);
        }
        if self.ltr {
            r = r.ltr(LtrWrap::Isolate);
        }
        if let Some(c) = checker {
            r = r.spoof_checker(c);
        }
        r
    }
}

/// Renders each input (parsed against `base`, if given), one line each; an input that does
/// not parse is reported on stderr, and the exit status is then 1.
pub fn run(
    urls: &[String],
    base: Option<&Url>,
    options: Options,
    checker: Option<&SpoofChecker>,
) -> Result<Status, CliError> {
    input::each_url(urls, base, |out, url| {
        let shown = options.apply(url, checker).render();
        out.write_all(shown.text.as_bytes())?;
        if options.why && !shown.ace_labels.is_empty() {
            let why: Vec<String> = shown
                .ace_labels
                .iter()
                .map(|a| format!("{}={}", a.label, a.reason.name()))
                .collect();
            write!(out, "\t{}", why.join(" "))?;
        }
        Ok(())
    })
}

/// The `display` lines of `weburl explain`: the rendering (wrapped left to right, the
/// wrapping not printed) and, for each label shown in `xn--` form, why.
pub fn explain(
    out: &mut impl Write,
    url: &Url,
    checker: Option<&SpoofChecker>,
) -> std::io::Result<()> {
    let mut rendering = url.display().ltr(LtrWrap::Isolate);
    if let Some(c) = checker {
        rendering = rendering.spoof_checker(c);
    }
    let shown = rendering.render();
    let text = shown
        .text
        .trim_start_matches('\u{2066}')
        .trim_end_matches('\u{2069}');
    writeln!(out, "display   {text}")?;
    for ace in &shown.ace_labels {
        writeln!(
            out,
            "          {} shown, not {}: {} ({})",
            ace.label,
            ace.unicode,
            ace.reason,
            ace.reason.name()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_apply() {
        let url = Url::parse("https://www.example.com/a/b/c/d/e").unwrap();
        let o = Options {
            omit_scheme: true,
            omit_trivial_subdomains: true,
            ..Options::default()
        };
        assert_eq!(o.apply(&url, None).to_string(), "example.com/a/b/c/d/e");
        let o = Options {
            max_width: Some(24),
            ..Options::default()
        };
        assert_eq!(o.apply(&url, None).to_string(), "https://…example.com/a/…");
    }

    #[test]
    fn explains_ace_labels() {
        let url = Url::parse("https://аррӏе.com/").unwrap();
        let mut buf = Vec::new();
        explain(&mut buf, &url, None).unwrap();
        let text = String::from_utf8(buf).unwrap();
        assert!(text.contains("display   https://xn--80ak6aa92e.com/\n"));
        assert!(text.contains("xn--80ak6aa92e shown, not аррӏе: all Cyrillic"));
    }
}
