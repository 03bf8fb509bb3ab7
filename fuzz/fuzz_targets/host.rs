//! The host parser and the domain parser:
//! - `domain_to_ascii` is idempotent: applied to its own output it gives the same string
//!   (relaxed and strict);
//! - no `xn--` label that decodes to an ASCII string (or fails to decode) is in the output of
//!   a run of UTS 46 ToASCII (strict, or relaxed on non-ASCII input; relaxed ASCII input is
//!   returned lowercased whatever ToASCII says, as the spec requires). The Punycode decoder is
//!   private, so labels are decoded with `domain_to_unicode`, which returns its input when
//!   ToUnicode records an error;
//! - the serialization of a parsed host parses (as the same kind: domain or opaque) to the
//!   same host.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::host::{domain_to_ascii, domain_to_unicode, parse_host, Host};
use weburl_fuzz::utf8;

fn assert_xn_labels_decode(input: &str, output: &str) {
    for label in output.split('.') {
        if label.len() >= 4
            && label
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
        {
            let unicode = domain_to_unicode(label);
            assert!(
                !unicode.is_ascii(),
                "{input:?} -> {output:?} has label {label:?}, which decodes to {unicode:?}"
            );
        }
    }
}

fn check_domain(input: &str, strict: bool) {
    let Ok(ascii) = domain_to_ascii(input, strict, &mut ()) else {
        return;
    };
    match domain_to_ascii(&ascii, strict, &mut ()) {
        Ok(again) => assert_eq!(again, ascii, "domain_to_ascii({input:?}, {strict}) twice"),
        Err(e) => panic!("domain_to_ascii({input:?}, {strict}) = {ascii:?}, which fails: {e:?}"),
    }
    if strict || !input.is_ascii() {
        assert_xn_labels_decode(input, &ascii);
    }
}

fn check_host(input: &str, is_opaque: bool) {
    let Ok(host) = parse_host(input, is_opaque, &mut ()) else {
        return;
    };
    let serialized = host.to_string();
    match parse_host(&serialized, is_opaque, &mut ()) {
        Ok(again) => assert_eq!(
            again, host,
            "{input:?} (opaque {is_opaque}) -> {serialized:?}"
        ),
        Err(e) => panic!("{input:?} (opaque {is_opaque}) -> {serialized:?}, which fails: {e:?}"),
    }
    if let Host::Domain(d) = &host {
        // A domain from the host parser is what the domain parser returns for it.
        match domain_to_ascii(d, false, &mut ()) {
            Ok(again) => assert_eq!(&*again, d.as_str(), "{input:?}"),
            Err(e) => panic!("{input:?} -> domain {d:?}, which fails: {e:?}"),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = utf8(data) else { return };
    check_domain(input, false);
    check_domain(input, true);
    check_host(input, false);
    check_host(input, true);
    let _ = domain_to_unicode(input);
});
