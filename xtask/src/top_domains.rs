//! `cargo xtask top-domains [--from FILE --revision REV]`.
//!
//! The built-in top-domains list of weburl-display (`crates/display/data/top_domains.txt`):
//! popular sites whose lookalikes are shown in `xn--` form. Its body is Chromium's
//! `components/url_formatter/spoof_checks/top_domains/domains.list` (BSD-3-Clause, The
//! Chromium Authors; `LICENSE-CHROMIUM` beside the data).
//!
//! Without `--from`, checks the data file: at least [`MIN_DOMAINS`] domains, each a lower-case
//! name of two or more labels, no duplicates. With `--from FILE` (a `domains.list` from a
//! Chromium checkout, or any list in its format) and `--revision REV` (the Chromium commit it
//! comes from), rewrites the data file: the header naming the revision, the list's domains
//! (its `###` bucket markers dropped), then the sections the file keeps by hand, from the
//! first line that starts with [`KEPT_SECTIONS`] to the end, unchanged.

use std::collections::HashSet;
use std::fs;
use std::path::PathBuf;

use crate::args::{self, Args};
use crate::{util, Failure, Result};

/// The data file, relative to the workspace root.
pub const DATA_FILE: &str = "crates/display/data/top_domains.txt";
/// The floor: a list shorter than this protects too few sites.
pub const MIN_DOMAINS: usize = 5000;
/// Where the sections kept by hand start (additions from other sources, Chromium's test
/// domains).
pub const KEPT_SECTIONS: &str = "# Added from";

pub fn main(args: &[String]) -> Result {
    use lexopt::Arg::Long;
    let mut from = None;
    let mut revision = None;
    let mut p = Args::new(args, USAGE);
    while let Some(arg) = p.next()? {
        match arg {
            Long("from") => from = Some(PathBuf::from(p.value()?)),
            Long("revision") => revision = Some(p.value()?),
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    let path = util::workspace_root().join(DATA_FILE);
    let current = fs::read_to_string(&path)
        .map_err(|e| Failure::new(format!("cannot read {}: {e}", path.display())))?;
    let text = match (from, revision) {
        (None, None) => current,
        (Some(from), Some(revision)) => {
            let source = fs::read_to_string(&from)
                .map_err(|e| Failure::new(format!("cannot read {}: {e}", from.display())))?;
            let text = rewrite(&current, &source, &revision);
            check(&text)?;
            fs::write(&path, &text)
                .map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display())))?;
            text
        }
        _ => return Err(p.error("top-domains: --from and --revision go together")),
    };
    let count = check(&text)?;
    println!("top-domains: {count} domains in {DATA_FILE}");
    Ok(())
}

/// The data file with its body replaced by the domains of `source`.
fn rewrite(current: &str, source: &str, revision: &str) -> String {
    let kept = current
        .find(&format!("\n{KEPT_SECTIONS}"))
        .and_then(|i| current.get(i + 1..))
        .unwrap_or_default();
    let mut out = format!(
        "# Top domains: popular sites whose lookalikes weburl-display shows in xn-- form.\n\
         #\n\
         # Source: Chromium, components/url_formatter/spoof_checks/top_domains/domains.list\n\
         # at commit {revision} (the list Chromium's IDN spoof\n\
         # checker compares skeletons against; its first bucket is the top 500).\n\
         # Licence: BSD-3-Clause, Copyright The Chromium Authors (see LICENSE-CHROMIUM beside this\n\
         # file). Facts carried over as data, one registrable domain a line.\n\
         #\n\
         # Refresh: cargo xtask top-domains --from PATH/TO/domains.list --revision COMMIT\n\
         # Format: one domain a line; blank lines and lines starting with '#' are ignored.\n"
    );
    for line in source.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        out.push_str(&line.to_lowercase());
        out.push('\n');
    }
    out.push_str(kept);
    out
}

/// The number of domains of `text`, or what is wrong with it.
fn check(text: &str) -> Result<usize> {
    let mut seen = HashSet::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let well_formed = line.contains('.')
            && !line.starts_with('.')
            && !line.ends_with('.')
            && line == line.to_lowercase()
            && !line.contains(char::is_whitespace);
        if !well_formed {
            return Err(Failure::new(format!(
                "{DATA_FILE}:{}: `{line}` is not a lower-case domain of two labels or more",
                n + 1
            )));
        }
        if !seen.insert(line) {
            return Err(Failure::new(format!(
                "{DATA_FILE}:{}: `{line}` listed twice",
                n + 1
            )));
        }
    }
    if seen.len() < MIN_DOMAINS {
        return Err(Failure::new(format!(
            "{DATA_FILE} has {} domains, fewer than {MIN_DOMAINS}",
            seen.len()
        )));
    }
    Ok(seen.len())
}

const USAGE: &str = "cargo xtask top-domains [--from FILE --revision REV]";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrite_keeps_the_hand_sections() {
        let current = "# old header\nold.com\n# Added from elsewhere\nextra.com\n";
        let text = rewrite(current, "# gen\nA.com\n###END###\nb.org\n", "abc");
        assert!(text.contains("at commit abc"));
        assert!(text.contains("\na.com\nb.org\n# Added from elsewhere\nextra.com\n"));
        assert!(!text.contains("old.com"));
    }

    #[test]
    fn check_counts_and_refuses() {
        let many: String = (0..MIN_DOMAINS).map(|i| format!("d{i}.com\n")).collect();
        assert_eq!(check(&many).ok(), Some(MIN_DOMAINS));
        assert!(check("a.com\n").is_err());
        assert!(check(&format!("{many}d1.com\n")).is_err());
        assert!(check(&format!("{many}Upper.com\n")).is_err());
    }
}
