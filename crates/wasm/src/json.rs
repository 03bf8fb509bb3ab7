//! A JSON text writer for the few structured results: strings escaped as JSON says.

use core::fmt::Write;

/// Appends `s` to `out` as a JSON string.
pub(crate) fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `"key":` to `out`, after a comma unless `first`.
pub(crate) fn key(out: &mut String, first: bool, k: &str) {
    if !first {
        out.push(',');
    }
    string(out, k);
    out.push(':');
}

/// Appends a JSON array of strings.
#[cfg(feature = "pattern")]
pub(crate) fn strings<'a>(out: &mut String, items: impl IntoIterator<Item = &'a str>) {
    out.push('[');
    for (i, s) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, s);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes() {
        let mut out = String::new();
        super::string(&mut out, "a\"b\\c\u{1}\n");
        assert_eq!(out, "\"a\\\"b\\\\c\\u0001\\n\"");
    }
}
