//! The spoofing table: hosts that must be shown in `xn--` form, with the reason, and hosts
//! that must stay in Unicode. Each row is a named case.

use std::process::ExitCode;

use weburl_core::Url;
use weburl_display::{is_spoof_safe, LtrWrap, SpoofChecker, UrlDisplay};
use weburl_wpt::Runner;

/// What a row expects of the host.
enum Expect {
    /// Shown in Unicode, as given.
    Unicode(&'static str),
    /// One label shown in `xn--` form for this reason (`SpoofReason::name`).
    Ace(&'static str),
}

use Expect::{Ace, Unicode};

const TABLE: &[(&str, &str, Expect)] = &[
    // Safe: must stay Unicode.
    ("German umlaut", "https://bücher.de/", Unicode("bücher.de")),
    (
        "German umlaut (punycode input)",
        "https://xn--mnchen-3ya.de/",
        Unicode("münchen.de"),
    ),
    (
        "Japanese Han and Hiragana",
        "https://例え.jp/",
        Unicode("例え.jp"),
    ),
    (
        "Japanese katakana",
        "https://ドメイン.テスト/",
        Unicode("ドメイン.テスト"),
    ),
    (
        "Latin with Han and Hiragana",
        "https://abcの例.jp/",
        Unicode("abcの例.jp"),
    ),
    (
        "Latin with Hangul and Han",
        "https://abc한국漢.kr/",
        Unicode("abc한국漢.kr"),
    ),
    ("Chinese", "https://例子.测试/", Unicode("例子.测试")),
    ("Korean", "https://실례.테스트/", Unicode("실례.테스트")),
    ("Arabic", "https://مثال.إختبار/", Unicode("مثال.إختبار")),
    ("Hebrew", "https://בדיקה.טעסט/", Unicode("בדיקה.טעסט")),
    (
        "Persian with Arabic digits",
        "https://مثال۱۲۳.ایران/",
        Unicode("مثال۱۲۳.ایران"),
    ),
    (
        "Cyrillic under .рф",
        "https://пример.рф/",
        Unicode("пример.рф"),
    ),
    (
        "Cyrillic Latin-lookalike under .рф",
        "https://рус.рф/",
        Unicode("рус.рф"),
    ),
    (
        "Cyrillic, not Latin-looking, under .com",
        "https://пример.com/",
        Unicode("пример.com"),
    ),
    (
        "Greek",
        "https://παράδειγμα.δοκιμή/",
        Unicode("παράδειγμα.δοκιμή"),
    ),
    ("Thai", "https://ตัวอย่าง.ไทย/", Unicode("ตัวอย่าง.ไทย")),
    ("Devanagari", "https://उदाहरण.भारत/", Unicode("उदाहरण.भारत")),
    (
        "Bengali digits alone",
        "https://বাংলা১২.com/",
        Unicode("বাংলা১২.com"),
    ),
    ("French accents", "https://élève.fr/", Unicode("élève.fr")),
    (
        "ASCII is shown as it is",
        "https://paypal.com/",
        Unicode("paypal.com"),
    ),
    // Mixed scripts outside Highly Restrictive.
    (
        "Cyrillic а in Latin",
        "https://pаypal.com/",
        Ace("mixed-script"),
    ),
    (
        "Greek ο in Latin",
        "https://gοogle.com/",
        Ace("mixed-script"),
    ),
    (
        "Latin with Cyrillic palochka",
        "https://paypaӏ.com/",
        Ace("mixed-script"),
    ),
    (
        "Latin with Cyrillic under .рф",
        "https://exаmple.рф/",
        Ace("mixed-script"),
    ),
    (
        "Latin with Armenian",
        "https://exօmple.com/",
        Ace("mixed-script"),
    ),
    ("Han with Cyrillic", "https://例а.com/", Ace("mixed-script")),
    // Whole-script confusables of Latin under a Latin-looking TLD.
    (
        "all-Cyrillic apple",
        "https://аррӏе.com/",
        Ace("whole-script-confusable"),
    ),
    (
        "all-Cyrillic scope",
        "https://ѕсоре.net/",
        Ace("whole-script-confusable"),
    ),
    (
        "all-Cyrillic рус under .com",
        "https://рус.com/",
        Ace("whole-script-confusable"),
    ),
    (
        "all-Cyrillic under .ru (a TLD of Cyrillic readers)",
        "https://асе.ru/",
        Unicode("асе.ru"),
    ),
    // Invisible and deviation characters.
    ("ZWNJ", "https://نامه\u{200C}ای.com/", Ace("invisible")),
    ("sharp s", "https://faß.de/", Ace("deviation")),
    ("final sigma", "https://βόλος.gr/", Ace("deviation")),
    // Outside the identifier profile.
    ("emoji", "https://☕.com/", Ace("not-identifier")),
    ("symbol", "https://i♥ny.com/", Ace("not-identifier")),
    (
        "technical Latin",
        "https://ɡoogle.com/",
        Ace("not-identifier"),
    ),
    (
        "repeated nonspacing mark",
        "https://x\u{301}\u{301}.com/",
        Ace("repeated-mark"),
    ),
    // Numbering systems.
    (
        "Bengali and ASCII digits",
        "https://বাংলা১2.com/",
        Ace("mixed-numbering"),
    ),
    (
        "Devanagari and ASCII digits",
        "https://उदाहरण१2.com/",
        Ace("mixed-numbering"),
    ),
    // Lookalikes of well-known domains.
    ("dotless i", "https://lınkedin.com/", Ace("lookalike")),
    (
        "Cyrillic apple under .рф (not a top domain's skeleton: apple.рф)",
        "https://аррӏе.рф/",
        Unicode("аррӏе.рф"),
    ),
    (
        "dotless i on a TLD no top domain has (the policy compares whole domains)",
        "https://lınkedin.io/",
        Unicode("lınkedin.io"),
    ),
    (
        "dotless i: lookalike of a top domain",
        "https://lınkedin.com/",
        Ace("lookalike"),
    ),
];

fn check_row(url: &str, expect: &Expect) -> Result<(), String> {
    let url = Url::parse(url).map_err(|e| format!("does not parse: {e}"))?;
    // Wrapped, so that right-to-left hosts are shown with the rest.
    let shown = url.display().host_only(true).ltr(LtrWrap::Isolate).render();
    let host = shown
        .text
        .trim_start_matches('\u{2066}')
        .trim_end_matches('\u{2069}');
    match expect {
        Unicode(want) if host == *want && shown.ace_labels.is_empty() => Ok(()),
        Unicode(want) => Err(format!(
            "expected {want:?} in Unicode, got {host:?} ({:?})",
            shown.ace_labels
        )),
        Ace(reason) => {
            let ace = shown
                .ace_labels
                .first()
                .ok_or(format!("shown as {host:?}"))?;
            if !host.contains(&ace.label) || !ace.label.starts_with("xn--") {
                return Err(format!("{host:?} does not show {:?}", ace.label));
            }
            if ace.reason.name() != *reason {
                return Err(format!("expected {reason}, got {:?}", ace.reason));
            }
            // The label check agrees (the label-level check assumes a Latin-looking TLD).
            let tld = url.hostname().rsplit('.').next().unwrap_or_default();
            let checker = SpoofChecker::shared();
            if checker.check_label(&ace.label, tld).map_err(|r| r.name()) != Err(*reason) {
                return Err("check_label disagrees".into());
            }
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    let mut runner = Runner::new("display spoof table");
    for (name, url, expect) in TABLE {
        runner.case(*name, check_row(url, expect));
    }
    // The public label check, in Unicode and in xn-- form.
    for (label, safe) in [
        ("bücher", true),
        ("xn--bcher-kva", true),
        ("münchen", true),
        ("例え", true),
        ("аррӏе", false),
        ("xn--80ak6aa92e", false),
        ("xn--zz", false),
        ("paypal", true),
    ] {
        let got = is_spoof_safe(label);
        let outcome = if got.is_ok() == safe {
            Ok(())
        } else {
            Err(format!("got {got:?}"))
        };
        runner.case(format!("is_spoof_safe({label})"), outcome);
    }
    // Bidi: a URL with right-to-left text, in the host or elsewhere, is shown as its host
    // alone unless wrapped left to right (the spec's advice for bidi URLs).
    for (name, url, host) in [
        (
            "bidi host",
            "https://مثال.إختبار/login?next=/",
            "مثال.إختبار",
        ),
        (
            "bidi label among Latin ones",
            "https://paypal.com.مثال.إختبار/",
            "paypal.com.مثال.إختبار",
        ),
        (
            "bidi path",
            "https://example.com/%D7%A9%D7%9C%D7%95%D7%9D/",
            "example.com",
        ),
        (
            "bidi fragment",
            "https://example.com/#%D8%B5",
            "example.com",
        ),
    ] {
        let outcome = Url::parse(url).map_err(|e| e.to_string()).and_then(|u| {
            let r = u.display().render();
            let wrapped = u.display().ltr(LtrWrap::Isolate).render();
            if r.text == host && r.host_only_for_bidi && !wrapped.host_only_for_bidi {
                Ok(())
            } else {
                Err(format!("{:?} / {:?}", r.text, wrapped.text))
            }
        });
        runner.case(format!("bidi: {name}"), outcome);
    }
    // A replaced well-known list.
    let mine = SpoofChecker::with_well_known_domains(["mit.edu", "bücher.de"]);
    runner.case(
        "replaced well-known list",
        match (
            is_spoof_safe("mıt"),
            mine.check_label("mıt", "edu"),
            mine.check_label("bücher", "de"),
        ) {
            (Ok(()), Err(r), Ok(())) if r.name() == "lookalike" => Ok(()),
            other => Err(format!("{other:?}")),
        },
    );
    runner.finish()
}
