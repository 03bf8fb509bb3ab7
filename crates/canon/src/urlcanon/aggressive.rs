//! urlcanon's aggressive rules on the semantic path and query: lowercase, session ids,
//! trailing slashes, empty query parts.

/// Whether `s` is at least `min` bytes, each `ok`.
fn run_of(s: &[u8], min: usize, ok: impl Fn(u8) -> bool) -> bool {
    s.len() >= min && s.iter().all(|&b| ok(b))
}

fn alnum(b: u8) -> bool {
    b.is_ascii_digit() || b.is_ascii_lowercase()
}

/// Whether a (lowercased) query part is a session id urlcanon strips on its own:
/// `jsessionid=[0-9a-z$]{10,}`, `sessionid=`, `phpsessid=`, `sid=` with `[0-9a-z]{16,}`,
/// `aspsessionid[a-z]{8}=[0-9a-z]{16,}`.
fn session_part(part: &[u8]) -> bool {
    if let Some(v) = part.strip_prefix(b"jsessionid=") {
        return run_of(v, 10, |b| alnum(b) || b == b'$');
    }
    for name in [&b"sessionid="[..], b"phpsessid=", b"sid="] {
        if let Some(v) = part.strip_prefix(name) {
            return run_of(v, 16, alnum);
        }
    }
    if let Some(rest) = part.strip_prefix(b"aspsessionid") {
        if let (Some(letters), Some(b'='), Some(v)) = (rest.get(..8), rest.get(8), rest.get(9..)) {
            return run_of(letters, 8, |b| b.is_ascii_lowercase()) && run_of(v, 16, alnum);
        }
    }
    false
}

/// Whether two adjacent (lowercased) query parts are ColdFusion's session id,
/// `cfid=[0-9]+&cftoken=[0-9a-z-]+`.
fn cold_fusion(first: &[u8], second: &[u8]) -> bool {
    first
        .strip_prefix(b"cfid=")
        .is_some_and(|v| run_of(v, 1, |b| b.is_ascii_digit()))
        && second
            .strip_prefix(b"cftoken=")
            .is_some_and(|v| run_of(v, 1, |b| alnum(b) || b == b'-'))
}

/// The aggressive rules on the semantic query in `out[start..]`: lowercased, session ids and
/// empty parts dropped (every session id, where urlcanon's expression misses one right after
/// another), sorted again.
pub(super) fn query(out: &mut String, start: usize) {
    let Some(tail) = out.get_mut(start..) else {
        return;
    };
    tail.make_ascii_lowercase();
    let tail = out.split_off(start);
    let parts: Vec<&str> = tail.split('&').collect();
    let mut kept: Vec<&str> = Vec::with_capacity(parts.len());
    let mut i = 0;
    while let Some(&part) = parts.get(i) {
        let next = parts.get(i + 1).map(|p| p.as_bytes());
        if next.is_some_and(|n| cold_fusion(part.as_bytes(), n)) {
            i += 2;
            continue;
        }
        if !part.is_empty() && !session_part(part.as_bytes()) {
            kept.push(part);
        }
        i += 1;
    }
    kept.sort_unstable();
    for (i, part) in kept.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(part);
    }
}

/// The length of an ASP.NET session segment at the start of `s`, its `/` included:
/// `\([0-9a-z]{24}\)/` or `\((?:[a-z]\([0-9a-z]{24}\))+\)/`.
fn aspx_segment(s: &[u8]) -> Option<usize> {
    // `(` + 24 of `[0-9a-z]` + `)`.
    let id = |t: &[u8]| -> bool {
        t.len() == 26
            && t.first() == Some(&b'(')
            && t.get(25) == Some(&b')')
            && t.get(1..25).is_some_and(|v| v.iter().all(|&b| alnum(b)))
    };
    if s.get(..26).is_some_and(id) && s.get(26) == Some(&b'/') {
        return Some(27);
    }
    let inner = s.strip_prefix(b"(")?;
    // One or more `[a-z]` + `(24)`, then `)/`.
    let mut at = 0;
    while let Some(unit) = inner.get(at..at + 27) {
        if unit.first().is_some_and(u8::is_ascii_lowercase) && unit.get(1..).is_some_and(id) {
            at += 27;
        } else {
            break;
        }
    }
    (at > 0 && inner.get(at..at + 2) == Some(b")/")).then_some(1 + at + 2)
}

/// The aggressive rules on the semantic path in `out[start..]`: lowercased, session ids
/// dropped, trailing slashes dropped (all of them, where urlcanon drops one per pass; `/`
/// stays).
pub(super) fn path(out: &mut String, start: usize) {
    let Some(tail) = out.get_mut(start..) else {
        return;
    };
    tail.make_ascii_lowercase();
    if tail.ends_with(".aspx") {
        let path = out.split_off(start);
        let bytes = path.as_bytes();
        let mut i = 0;
        let mut from = 0;
        while i < bytes.len() {
            let after_slash = i > 0 && bytes.get(i - 1) == Some(&b'/');
            match bytes
                .get(i..)
                .and_then(|s| after_slash.then(|| aspx_segment(s)).flatten())
            {
                Some(n) => {
                    out.push_str(path.get(from..i).unwrap_or_default());
                    i += n;
                    from = i;
                }
                None => i += 1,
            }
        }
        out.push_str(path.get(from..).unwrap_or_default());
    }
    // `;jsessionid=[0-9a-z]{32}` at the end.
    const JSESSIONID: &str = ";jsessionid=";
    let len = out.len() - start;
    if len >= JSESSIONID.len() + 32 {
        let at = out.len() - 32 - JSESSIONID.len();
        let tail = out.as_bytes().get(at..).unwrap_or_default();
        if tail.starts_with(JSESSIONID.as_bytes())
            && tail
                .get(JSESSIONID.len()..)
                .is_some_and(|v| v.iter().all(|&b| alnum(b)))
        {
            out.truncate(at);
        }
    }
    while out.len() > start + 1 && out.ends_with('/') {
        out.pop();
    }
}
