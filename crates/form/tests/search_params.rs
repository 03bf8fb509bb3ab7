//! Every `SearchParams` method, with cases modelled on WPT's url/urlsearchparams-*.any.js.

use std::collections::BTreeMap;

use weburl_form::SearchParams;

fn pairs(p: &SearchParams) -> Vec<(&str, &str)> {
    p.iter().collect()
}

#[test]
fn constructors() {
    assert!(SearchParams::new().is_empty());
    assert_eq!(SearchParams::new(), SearchParams::default());
    assert_eq!(SearchParams::parse("").len(), 0);
    assert_eq!(SearchParams::parse("?").len(), 0);
    // Only one leading `?` is removed.
    assert_eq!(pairs(&SearchParams::parse("??a=b")), [("?a", "b")]);
    assert_eq!(pairs(&SearchParams::parse("a=b?c")), [("a", "b?c")]);
    assert_eq!(pairs(&SearchParams::from_urlencoded("?a=b")), [("?a", "b")]);
    assert_eq!(
        pairs(&SearchParams::from_urlencoded_bytes(b"a=%FF\xFF")),
        [("a", "\u{FFFD}\u{FFFD}")]
    );
    assert_eq!(
        pairs(&SearchParams::parse("a=b+c&a=%20&&b")),
        [("a", "b c"), ("a", " "), ("b", "")]
    );
    // A sequence of pairs keeps order and duplicates; nothing is decoded.
    let p = SearchParams::from_pairs([("a", "b+c"), ("a", "%20"), ("", "")]);
    assert_eq!(pairs(&p), [("a", "b+c"), ("a", "%20"), ("", "")]);
    let p: SearchParams = vec![("x".to_owned(), "1".to_owned())].into_iter().collect();
    assert_eq!(pairs(&p), [("x", "1")]);
    assert_eq!(
        SearchParams::from(vec![("x".to_owned(), "1".to_owned())]),
        p
    );
    // A record: a map's entries in its iteration order.
    let record = BTreeMap::from([("b", "2"), ("a", "1")]);
    assert_eq!(SearchParams::from_pairs(record).to_string(), "a=1&b=2");
    // Pairs from another SearchParams.
    let copy = SearchParams::from_pairs(&SearchParams::parse("a=1&b=2"));
    assert_eq!(copy.to_string(), "a=1&b=2");
}

#[test]
fn size() {
    let mut p = SearchParams::parse("a=1&b=2&a=3");
    assert_eq!(p.len(), 3);
    assert!(!p.is_empty());
    p.delete("a");
    assert_eq!(p.len(), 1);
    p.delete("b");
    assert!(p.is_empty());
}

#[test]
fn append() {
    let mut p = SearchParams::new();
    p.append("a", "b");
    p.append(String::from("a"), String::from("c"));
    p.append("", "");
    p.append("a b", "\u{0}");
    assert_eq!(
        pairs(&p),
        [("a", "b"), ("a", "c"), ("", ""), ("a b", "\u{0}")]
    );
    assert_eq!(p.get("a"), Some("b"));
    assert_eq!(p.to_string(), "a=b&a=c&=&a+b=%00");
}

#[test]
fn delete() {
    let mut p = SearchParams::parse("a=b&c=d&a=e&&c=d");
    p.delete("a");
    assert_eq!(pairs(&p), [("c", "d"), ("c", "d")]);
    p.delete("missing");
    assert_eq!(p.len(), 2);
    p.delete("c");
    assert!(p.is_empty());
    assert_eq!(p.to_string(), "");
    let mut p = SearchParams::parse("=a&=b&x=");
    p.delete("");
    assert_eq!(pairs(&p), [("x", "")]);
}

#[test]
fn delete_with_value() {
    let mut p = SearchParams::parse("a=b&a=c&a=b&b=b");
    p.delete_with_value("a", "b");
    assert_eq!(pairs(&p), [("a", "c"), ("b", "b")]);
    p.delete_with_value("a", "x");
    assert_eq!(pairs(&p), [("a", "c"), ("b", "b")]);
    p.delete_with_value("b", "b");
    assert_eq!(pairs(&p), [("a", "c")]);
    let mut p = SearchParams::parse("a&a=");
    p.delete_with_value("a", "");
    assert!(p.is_empty());
}

#[test]
fn get() {
    let p = SearchParams::parse("a=b&c=d&a=e&f&=g");
    assert_eq!(p.get("a"), Some("b"));
    assert_eq!(p.get("c"), Some("d"));
    assert_eq!(p.get("f"), Some(""));
    assert_eq!(p.get(""), Some("g"));
    assert_eq!(p.get("missing"), None);
    assert_eq!(p.get("A"), None, "names are case-sensitive");
    let p = SearchParams::parse("a=b=c&d=%e9");
    assert_eq!(p.get("a"), Some("b=c"));
    assert_eq!(p.get("d"), Some("\u{FFFD}"));
}

#[test]
fn get_all() {
    let p = SearchParams::parse("a=b&c=d&a=e&a");
    assert_eq!(p.get_all("a").collect::<Vec<_>>(), ["b", "e", ""]);
    assert_eq!(p.get_all("a").rev().collect::<Vec<_>>(), ["", "e", "b"]);
    assert_eq!(p.get_all("c").collect::<Vec<_>>(), ["d"]);
    assert_eq!(p.get_all("missing").count(), 0);
}

#[test]
fn has() {
    let p = SearchParams::parse("a=b&c=d&&e&a=x");
    assert!(p.has("a") && p.has("c") && p.has("e"));
    assert!(!p.has("") && !p.has("b") && !p.has("A"));
    assert!(p.has_with_value("a", "b"));
    assert!(p.has_with_value("a", "x"));
    assert!(p.has_with_value("e", ""));
    assert!(!p.has_with_value("a", "d"));
    assert!(!p.has_with_value("c", ""));
    assert!(!p.has_with_value("missing", ""));
}

#[test]
fn set() {
    let mut p = SearchParams::parse("a=b&c=d&a=e&f=g&a=h");
    p.set("a", "x");
    // The first tuple keeps its position; the others are removed.
    assert_eq!(pairs(&p), [("a", "x"), ("c", "d"), ("f", "g")]);
    p.set("f", String::from("y"));
    assert_eq!(pairs(&p), [("a", "x"), ("c", "d"), ("f", "y")]);
    p.set("new", "z");
    assert_eq!(
        pairs(&p),
        [("a", "x"), ("c", "d"), ("f", "y"), ("new", "z")]
    );
    let mut p = SearchParams::new();
    p.set("a", "1");
    p.set("a", "2");
    assert_eq!(pairs(&p), [("a", "2")]);
}

#[test]
fn iteration() {
    let p = SearchParams::parse("a=1&b=2&a=3");
    let it = p.iter();
    assert_eq!(it.len(), 3);
    assert_eq!(p.iter().next_back(), Some(("a", "3")));
    let mut seen = Vec::new();
    for (name, value) in &p {
        seen.push(format!("{name}={value}"));
    }
    assert_eq!(seen, ["a=1", "b=2", "a=3"]);
    assert_eq!(p.as_pairs()[1], ("b".to_owned(), "2".to_owned()));
    let owned: Vec<(String, String)> = p.clone().into_iter().collect();
    assert_eq!(owned, p.clone().into_pairs());
    let mut q = SearchParams::new();
    q.extend([("x", "1")]);
    q.extend(p.iter());
    assert_eq!(q.to_string(), "x=1&a=1&b=2&a=3");
}

/// Stringification cases from WPT's urlsearchparams-stringifier.any.js.
#[test]
fn stringification() {
    let cases: &[(&str, &str, &str)] = &[
        ("a", "b c", "a=b+c"),
        ("a b", "c", "a+b=c"),
        ("a", "", "a="),
        ("", "b", "=b"),
        ("", "", "="),
        ("a", "b+c", "a=b%2Bc"),
        ("a+b", "c", "a%2Bb=c"),
        ("a", "b=c", "a=b%3Dc"),
        ("a=b", "c", "a%3Db=c"),
        ("a", "b&c", "a=b%26c"),
        ("a&b", "c", "a%26b=c"),
        ("a", "*-._", "a=*-._"),
        ("a", "%", "a=%25"),
        ("%a", "c", "%25a=c"),
        ("a", "\u{0}", "a=%00"),
        ("a\u{0}b", "c", "a%00b=c"),
        ("a", "\u{1F4A9}", "a=%F0%9F%92%A9"),
        ("a\u{1F4A9}b", "c", "a%F0%9F%92%A9b=c"),
        ("a", "!'()~", "a=%21%27%28%29%7E"),
        ("q", "?#/:@", "q=%3F%23%2F%3A%40"),
    ];
    for &(name, value, expected) in cases {
        let p = SearchParams::from_pairs([(name, value)]);
        assert_eq!(p.to_string(), expected, "{name:?}={value:?}");
        // The serialization parses back to the same tuple.
        assert_eq!(SearchParams::parse(expected), p, "{expected}");
    }
    let p = SearchParams::parse("a=1&&a=2&b=%20");
    assert_eq!(p.to_string(), "a=1&a=2&b=+");
    let mut out = String::from("?");
    p.serialize_into(&mut out);
    assert_eq!(out, "?a=1&a=2&b=+");
    SearchParams::new().serialize_into(&mut out);
    assert_eq!(out, "?a=1&a=2&b=+");
}

#[cfg(feature = "encoding")]
#[test]
fn stringification_with_encoding() {
    use encoding_rs::{SHIFT_JIS, UTF_16LE, WINDOWS_1252};
    let p = SearchParams::from_pairs([("€ é", "≡‽")]);
    assert_eq!(
        p.to_string_with_encoding(WINDOWS_1252),
        "%80+%E9=%26%238801%3B%26%238253%3B"
    );
    assert_eq!(
        p.to_string_with_encoding(SHIFT_JIS),
        "%26%238364%3B+%26%23233%3B=%81%DF%26%238253%3B"
    );
    assert_eq!(p.to_string_with_encoding(UTF_16LE), p.to_string());
    let mut out = String::from("?");
    p.serialize_with_encoding_into(encoding_rs::UTF_8, &mut out);
    assert_eq!(out, format!("?{p}"));
}
