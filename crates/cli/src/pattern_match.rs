//! `weburl match PATTERN [URL...]`: match URLs against a URLPattern and print each one's
//! groups as a JSON line.

use std::io::{self, Write};

use weburl_pattern::{ComponentName, UrlPattern, UrlPatternOptions};

use crate::input::{self, Input};
use crate::output::{CliError, Out, Status};

/// Builds `pattern` (against `base`, if given) and matches each input, printing one JSON
/// object per input: `{"input":..,"match":true,"groups":{"<component>":{"<name>":<value or
/// null>},..}}`, or `{"input":..,"match":false}`. Components without groups, and those whose
/// pattern is the wildcard `*` (whose one group is the whole component), are left out. The
/// status fails when any input does not match.
pub fn run(
    pattern: &str,
    urls: &[String],
    base: Option<&str>,
    ignore_case: bool,
) -> Result<Status, CliError> {
    let options = UrlPatternOptions { ignore_case };
    let pattern = UrlPattern::new(pattern, base, options)
        .map_err(|e| CliError::Usage(format!("{pattern}: {e}")))?;
    let mut out = Out::stdout();
    let mut status = Status::default();
    input::for_each(urls, |item| {
        let text = match item {
            Input::Text(text) => text.to_owned(),
            Input::InvalidUtf8 { bytes, .. } => String::from_utf8_lossy(bytes).into_owned(),
        };
        let result = pattern.exec(text.as_str(), None).ok().flatten();
        out.write_all(b"{\"input\":")?;
        string(&mut out, &text)?;
        match result {
            None => {
                status.fail();
                out.write_all(b",\"match\":false}\n")?;
            }
            Some(result) => {
                out.write_all(b",\"match\":true,\"groups\":{")?;
                let mut first = true;
                for c in ComponentName::ALL {
                    let groups = &result.component(c).groups;
                    if groups.is_empty() || pattern.pattern_string(c) == "*" {
                        continue;
                    }
                    if !first {
                        out.write_all(b",")?;
                    }
                    first = false;
                    string(&mut out, c.name())?;
                    out.write_all(b":{")?;
                    for (i, (name, value)) in groups.iter().enumerate() {
                        if i > 0 {
                            out.write_all(b",")?;
                        }
                        string(&mut out, name)?;
                        out.write_all(b":")?;
                        match value {
                            Some(v) => string(&mut out, v)?,
                            None => out.write_all(b"null")?,
                        }
                    }
                    out.write_all(b"}")?;
                }
                out.write_all(b"}}\n")?;
            }
        }
        Ok(out.end_record()?)
    })?;
    out.finish()?;
    Ok(status)
}

fn string(out: &mut impl Write, s: &str) -> io::Result<()> {
    serde_json::to_writer(&mut *out, s).map_err(io::Error::from)
}
