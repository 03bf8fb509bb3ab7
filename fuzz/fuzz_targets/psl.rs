//! The Public Suffix List (weburl-psl), on any string as a domain and any text as a list:
//! - the public suffix is a suffix of the domain that starts at a label; the registrable
//!   domain ends with it and has exactly one label more; `is_public_suffix` agrees;
//! - `registrable_domain` (its own walk) agrees with the lookup's registrable domain;
//! - a runtime list parsed from the same file as the compiled one gives the same answers, and
//!   so does the domain in upper case;
//! - `List::parse` of any text returns a list or a named error, never a panic, and the list's
//!   lookups keep the first property.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use weburl::psl::{List, Sections};
use weburl_fuzz::utf8;

static RUNTIME: OnceLock<List> = OnceLock::new();

fn runtime() -> &'static List {
    RUNTIME.get_or_init(|| {
        List::parse(include_str!("../../crates/psl/data/public_suffix_list.dat"))
            .expect("the committed list parses")
    })
}

fn check_shape(list: &List, domain: &str) {
    for sections in [Sections::All, Sections::IcannOnly] {
        let Some(found) = list.lookup(domain, sections) else {
            continue;
        };
        let suffix = found.as_str();
        assert!(domain.ends_with(suffix), "{domain:?}: suffix {suffix:?}");
        assert!(
            !suffix.is_empty() && !suffix.starts_with('.'),
            "{domain:?}: {suffix:?}"
        );
        let head = &domain[..domain.len() - suffix.len()];
        assert!(
            head.is_empty() || head.ends_with('.'),
            "{domain:?}: {suffix:?}"
        );
        if let Some(site) = found.registrable_domain() {
            assert!(
                site.ends_with(suffix) && site.len() > suffix.len() + 1,
                "{domain:?}"
            );
            let label = &site[..site.len() - suffix.len() - 1];
            assert!(
                !label.is_empty() && !label.contains('.'),
                "{domain:?}: {site:?}"
            );
            assert!(domain.ends_with(site));
        }
        let _ = found.rule();
    }
    assert_eq!(
        list.is_public_suffix(domain),
        list.public_suffix(domain)
            .is_some_and(|s| s.len() == domain.len())
    );
    // `registrable_domain` takes its own walk (and the table of top-level labels): the same
    // answer as the lookup's.
    assert_eq!(
        list.registrable_domain(domain),
        list.lookup(domain, Sections::All)
            .and_then(|s| s.registrable_domain()),
        "{domain:?}"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    let compiled = List::compiled();
    check_shape(compiled, input);
    check_shape(runtime(), input);
    assert_eq!(
        weburl::psl::registrable_domain(input),
        compiled.registrable_domain(input),
        "{input:?}"
    );
    for sections in [Sections::All, Sections::IcannOnly] {
        assert_eq!(
            compiled.lookup(input, sections),
            runtime().lookup(input, sections),
            "{input:?}"
        );
        let upper = input.to_ascii_uppercase();
        assert_eq!(
            compiled.lookup(input, sections).map(|s| s.as_str().len()),
            compiled.lookup(&upper, sections).map(|s| s.as_str().len()),
            "{input:?} in upper case"
        );
    }
    if let Ok(list) = List::parse(input) {
        for domain in input.lines().take(8) {
            let domain = domain.trim_start_matches(['!', '*', '.']);
            check_shape(&list, domain);
            check_shape(&list, &format!("a.{domain}"));
        }
    }
});
