//! Common Crawl's URL index fields through SQL: a column of URLs, the compiled list and a
//! caller's list given as a string literal (one list for every row) and as a column.
#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

mod common;
use common::{context, query, query_strings};

const LIST: &str = "com
// ===BEGIN PRIVATE DOMAINS===
example.com
// ===END PRIVATE DOMAINS===
";

fn s(v: &str) -> Option<String> {
    Some(v.to_owned())
}

#[tokio::test]
async fn fields_by_the_compiled_list_and_a_callers_list() {
    let ctx = context();
    let urls = "(VALUES ('http://a.b.example.com/x'), ('https://myblog.blogspot.com/'), \
                ('http://[::1]/'), ('not a url'), (NULL)) AS t(u)";
    let q = |select: &str| format!("SELECT {select} FROM {urls}");
    assert_eq!(
        query_strings(&ctx, &q("url_host_private_domain(u)")).await,
        [s("example.com"), s("myblog.blogspot.com"), None, None, None]
    );
    assert_eq!(
        query_strings(&ctx, &q("url_host_name(u)")).await,
        [
            s("a.b.example.com"),
            s("myblog.blogspot.com"),
            s("[::1]"),
            None,
            None
        ]
    );
    assert_eq!(
        query_strings(&ctx, &q("url_host_name_reversed(u)")).await,
        [
            s("com.example.b.a"),
            s("com.blogspot.myblog"),
            None,
            None,
            None
        ]
    );
    // The caller's list as a literal: 'com' is the only ICANN rule, 'example.com' private.
    let with_list = |f: &str| q(&format!("{f}(u, '{LIST}')"));
    assert_eq!(
        query_strings(&ctx, &with_list("url_host_private_domain")).await,
        [s("b.example.com"), s("blogspot.com"), None, None, None]
    );
    assert_eq!(
        query_strings(&ctx, &with_list("url_host_registered_domain")).await,
        [s("example.com"), s("blogspot.com"), None, None, None]
    );
    // A column of lists: each row's own (parsed once per run of rows with the same text).
    let sql = "SELECT url_host_registry_suffix(u, l) FROM (VALUES \
               ('http://x.example.org/', 'org'), ('http://x.example.org/', 'example.org'), \
               ('http://x.example.org/', NULL), ('http://x.example.org/', 'com')) AS t(u, l)";
    assert_eq!(
        query_strings(&ctx, sql).await,
        [s("org"), s("example.org"), None, None]
    );
    // A text that is no list is an error, naming the function.
    let err = query(&ctx, &q("url_host_private_suffix(u, '*.*.com')"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("url_host_private_suffix"), "{err}");
}
