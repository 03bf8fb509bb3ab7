//! Hostile input for the API rust-url users get (file paths, editors, builder, UTF-16,
//! make_relative, slicing): large and odd inputs give a value or a named error, never a
//! panic, and the results keep their properties. (Time is `cargo xtask scaling`'s business;
//! at these sizes a quadratic step would show as a test that does not finish.)
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use weburl::{FilePathError, PathStyle, Position, SetterError, Url};

const BIG: usize = 200_000;

#[test]
fn long_and_odd_file_paths() {
    for style in [PathStyle::Unix, PathStyle::Windows] {
        let root = if style == PathStyle::Unix {
            "/"
        } else {
            r"C:\"
        };
        // Many `..`: resolved, never above the root.
        let path = format!("{root}{}x", "../".repeat(BIG));
        let url = Url::from_file_path_with(&path, style).unwrap();
        assert!(
            url.href().ends_with(":/x") || url.href() == "file:///x",
            "{style:?}"
        );
        // Many components, each encoded, and back.
        let sep = if style == PathStyle::Unix { "/" } else { r"\" };
        let path = format!("{root}{}", format!("a %{sep}").repeat(BIG));
        let url = Url::from_file_path_with(&path, style).unwrap();
        assert_eq!(url.to_file_path_with(style).unwrap(), path.as_bytes());
        // Every byte value but the separators and NUL in one component, and back.
        let mut path = root.as_bytes().to_vec();
        path.extend((1..=255u8).filter(|&b| b != b'/' && b != b'\\'));
        let url = Url::from_file_path_with(&path, style).unwrap();
        assert_eq!(url.to_file_path_with(style).unwrap(), path);
    }
    let named = |p: &[u8], style| Url::from_file_path_with(p, style).unwrap_err();
    assert_eq!(named(b"/a\0b", PathStyle::Unix), FilePathError::NulInPath);
    assert_eq!(named(b"", PathStyle::Unix), FilePathError::RelativePath);
    assert_eq!(
        named(br"\\", PathStyle::Windows),
        FilePathError::IncompleteUncPath
    );
    assert_eq!(
        named(br"\\?\", PathStyle::Windows),
        FilePathError::UnsupportedPathPrefix
    );
    assert_eq!(
        named(br"\\.\COM1", PathStyle::Windows),
        FilePathError::UnsupportedPathPrefix
    );
    assert_eq!(
        named(br"\\a b\share", PathStyle::Windows),
        FilePathError::InvalidUncHost
    );
    assert_eq!(
        named(br"\\a:1\share", PathStyle::Windows),
        FilePathError::InvalidUncHost
    );
    assert_eq!(
        named(br"\\localhost\s", PathStyle::Windows),
        FilePathError::InvalidUncHost
    );
    assert_eq!(
        named(b"\\\\\xFF\\s", PathStyle::Windows),
        FilePathError::InvalidUncHost
    );
    let to = |u: &str, style| Url::parse(u).unwrap().to_file_path_with(style).unwrap_err();
    assert_eq!(
        to("https://h/", PathStyle::Unix),
        FilePathError::NotAFileUrl
    );
    assert_eq!(
        to("file:///a%2fb", PathStyle::Unix),
        FilePathError::EncodedSeparator
    );
    assert_eq!(
        to("file:///C:/a%5cb", PathStyle::Windows),
        FilePathError::EncodedSeparator
    );
    assert_eq!(
        to("file:///a/%00", PathStyle::Unix),
        FilePathError::NulInPath
    );
    assert_eq!(
        to("file:///a", PathStyle::Windows),
        FilePathError::MissingDriveLetter
    );
    assert_eq!(to("file://h/a", PathStyle::Unix), FilePathError::HostOnUnix);
}

#[test]
fn big_edits() {
    let mut url = Url::parse("https://example.com/?q#f").unwrap();
    let segments: Vec<String> = (0..BIG).map(|i| format!("s{i}/")).collect();
    url.path_segments_mut().unwrap().extend(&segments);
    assert_eq!(url.path_segment_count(), Some(BIG));
    assert!(url.href().ends_with("s199999%2F?q#f"));
    url.query_pairs_mut()
        .extend_pairs((0..BIG).map(|i| (format!("k{i}"), "v w".to_owned())));
    assert_eq!(url.query_pairs().count(), BIG + 1);
    let base = Url::parse("https://example.com/a/b/c").unwrap();
    let rel = base.make_relative(&url).unwrap();
    assert_eq!(base.join(&rel).unwrap(), url);
    assert_eq!(&url[Position::BeforeFragment..], "f");
    let built = Url::builder("https")
        .host("example.com")
        .path_segments(&segments)
        .build()
        .unwrap();
    assert_eq!(built.path_segment_count(), Some(BIG));
    // A limit holds for the editors too.
    let mut small = Url::options().max_length(64).parse("https://h/").unwrap();
    let mut editor = small.path_segments_mut().unwrap();
    editor.extend(&segments[..100]);
    assert_eq!(editor.finish().err(), Some(SetterError::TooLong));
    drop(editor);
    assert_eq!(small.href(), "https://h/");
    assert_eq!(
        small.set_query(Some(&"x".repeat(100))),
        Err(SetterError::TooLong)
    );
}

#[test]
fn utf16_surrogates_everywhere() {
    let mut input: Vec<u16> = "https://example.com/".encode_utf16().collect();
    for i in 0..BIG {
        input.push(if i % 3 == 0 { 0xDC00 } else { 0xD83D });
    }
    let url = Url::parse_utf16(&input).unwrap();
    assert!(url.pathname().starts_with("/%EF%BF%BD"));
    // A lone surrogate in the host fails the parse with a named error.
    let host: Vec<u16> = "https://a".encode_utf16().chain([0xD800]).collect();
    assert_eq!(
        Url::parse_utf16(&host).unwrap_err().name(),
        "domain-to-ASCII"
    );
}
