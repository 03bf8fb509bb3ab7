//! The IDN display policy of a shipping browser: the rules Chromium's `url_formatter`
//! spoof checker (`IDNSpoofChecker::SafeToDisplayAsUnicode`, BSD-3-Clause, The Chromium
//! Authors) applies on top of the UTS 39 checks, with their data tables (letters, TLDs,
//! code points) carried over as facts. The code is weburl's own.
//!
//! Every rule here runs on a label that is not all ASCII and has passed the UTS 39 checks
//! of [`spoof`](crate::spoof) (identifier profile, restriction level, numbering systems).

use unicode_script::{Script, UnicodeScript};

use crate::reason::SpoofReason;

/// Code points of the UTS 39 identifier profile that Chromium removes from its allowed set
/// (`SetAllowedUnicodeSet`): lookalikes of slashes, hyphens and quotation marks, Latin kra,
/// and rarely used Latin, Greek and Cyrillic blocks (including Latin Extended Additional,
/// U+1E00..=U+1E9B, so precomposed Vietnamese letters such as ạ are refused).
pub(crate) fn is_excluded(c: char) -> bool {
    matches!(
        u32::from(c),
        0x0138 // LATIN SMALL LETTER KRA
            | 0x01CD..=0x01DC // Latin Extended-B, Pinyin
            | 0x02BB // MODIFIER LETTER TURNED COMMA
            | 0x02BC // MODIFIER LETTER APOSTROPHE
            | 0x02EC // MODIFIER LETTER VOICING
            | 0x0338 // COMBINING LONG SOLIDUS OVERLAY
            | 0x058A // ARMENIAN HYPHEN
            | 0x1C80..=0x1C8F // Cyrillic Extended-C
            | 0x1E00..=0x1E9B // Latin Extended Additional
            | 0x1F00..=0x1FFF // Greek Extended
            | 0x2010 // HYPHEN
            | 0x2019 // RIGHT SINGLE QUOTATION MARK
            | 0x2027 // HYPHENATION POINT
            | 0x30A0 // KATAKANA-HIRAGANA DOUBLE HYPHEN
            | 0xA640..=0xA69F // Cyrillic Extended-B
            | 0xA720..=0xA7FF // Latin Extended-D
    )
}

/// TLD-specific letters: þ and ð only under `.is` and `.fo` (Icelandic, Faroese), ə only
/// under `.az` (Azerbaijani), in labels longer than one code point; the middle dot U+00B7
/// only under `.cat`, between two `l` (the Catalan ela geminada, RFC 5892 A.3).
pub(crate) fn check_tld_specific(chars: &[char], tld: &str) -> Result<(), SpoofReason> {
    if chars.len() > 1 {
        for &c in chars {
            let allowed_in: &[&str] = match c {
                '\u{00FE}' | '\u{00F0}' => &["is", "fo"],
                '\u{0259}' => &["az"],
                _ => continue,
            };
            if !allowed_in.contains(&tld) {
                return Err(SpoofReason::TldSpecific {
                    char: c,
                    tlds: allowed_in,
                });
            }
        }
    }
    for (i, &c) in chars.iter().enumerate() {
        if c != '\u{00B7}' {
            continue;
        }
        let between_ls = i > 0 && chars.get(i - 1) == Some(&'l') && chars.get(i + 1) == Some(&'l');
        if tld != "cat" || !between_ls {
            return Err(SpoofReason::UnsafeMiddleDot);
        }
    }
    Ok(())
}

/// One script's letters that look like Latin ones, and the TLDs under which a label made
/// only of them is fine (Chromium's `kWholeScriptConfusables`).
struct WholeScript {
    script: Script,
    latin_lookalikes: &'static str,
    /// ASCII TLDs of the countries that read the script; a TLD containing a letter of the
    /// script is allowed too.
    tlds: &'static [&'static str],
}

/// Chromium's whole-script-confusable table. The Thai set is Chromium's Linux one (the
/// larger: fonts differ; weburl cannot know the reader's).
const WHOLE_SCRIPTS: &[WholeScript] = &[
    WholeScript {
        script: Script::Armenian,
        latin_lookalikes: "ագզէլհյոսւօՙ",
        tlds: &["am"],
    },
    WholeScript {
        script: Script::Cyrillic,
        latin_lookalikes: "аысԁеԍһіюкјӏорԗԛѕԝхуъьҽпгѵѡ",
        tlds: &["bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"],
    },
    WholeScript {
        script: Script::Ethiopic,
        latin_lookalikes: "ሀሠሰስበነተከዐዕዘጠፐꬅ",
        tlds: &["er", "et"],
    },
    WholeScript {
        script: Script::Georgian,
        latin_lookalikes: "იოყძხჽჿ",
        tlds: &["ge"],
    },
    WholeScript {
        script: Script::Greek,
        latin_lookalikes: "αικνρυωηοτ",
        tlds: &["gr"],
    },
    WholeScript {
        script: Script::Hebrew,
        latin_lookalikes: "דוחיןסװײ׳ﬦ",
        tlds: &["il"],
    },
    WholeScript {
        script: Script::Bengali,
        latin_lookalikes: "০৭",
        tlds: &[],
    },
    WholeScript {
        script: Script::Devanagari,
        latin_lookalikes: "ऽ०ॱ",
        tlds: &[],
    },
    WholeScript {
        script: Script::Gujarati,
        latin_lookalikes: "ડટ૦૧",
        tlds: &[],
    },
    WholeScript {
        script: Script::Gurmukhi,
        latin_lookalikes: "੦੧",
        tlds: &[],
    },
    WholeScript {
        script: Script::Kannada,
        latin_lookalikes: "ಽ೦೧",
        tlds: &[],
    },
    WholeScript {
        script: Script::Malayalam,
        latin_lookalikes: "ടഠധനറ൦",
        tlds: &[],
    },
    WholeScript {
        script: Script::Oriya,
        latin_lookalikes: "ଠ୦୮",
        tlds: &[],
    },
    WholeScript {
        script: Script::Tamil,
        latin_lookalikes: "டப௦",
        tlds: &[],
    },
    WholeScript {
        script: Script::Telugu,
        latin_lookalikes: "౦౧",
        tlds: &[],
    },
    WholeScript {
        script: Script::Myanmar,
        latin_lookalikes: "ခဂငထပဝ၀၂ၔၜ\u{1090}\u{1091}\u{1095}\u{1096}\u{1097}",
        tlds: &["mm"],
    },
    WholeScript {
        script: Script::Thai,
        latin_lookalikes: "ทนบพรหเแ๐ดลปฟม",
        tlds: &["th"],
    },
];

/// Common words that are whole-script confusables but look like no Latin word (Chromium's
/// `kAllowedWholeScriptConfusableWords`).
const ALLOWED_WORDS: &[&str] = &[
    "секс",
    "как",
    "коса",
    "курс",
    "парк",
    "такий",
    "укроп",
    "сахарок",
    "покраска",
];

/// Whether `chars` (one script's label) are all lookalikes of Latin letters, with digits
/// and hyphens: refused unless `tld` belongs to the script's readers (its ASCII form in the
/// table, or a TLD written in the script).
pub(crate) fn check_whole_script(
    chars: &[char],
    tld_ascii: &str,
    tld_unicode: &str,
) -> Result<(), SpoofReason> {
    for ws in WHOLE_SCRIPTS {
        let mut any = false;
        let all_lookalike = chars.iter().filter(|c| c.script() == ws.script).all(|&c| {
            any = true;
            ws.latin_lookalikes.contains(c)
        });
        if !any || !all_lookalike {
            continue;
        }
        let tld_of_script = tld_unicode.chars().any(|c| c.script() == ws.script);
        if tld_of_script || ws.tlds.contains(&tld_ascii) {
            continue;
        }
        if ALLOWED_WORDS
            .iter()
            .any(|w| w.chars().eq(chars.iter().copied()))
        {
            continue;
        }
        return Err(SpoofReason::WholeScriptConfusable {
            script: ws.script.full_name(),
            looks_like: crate::top_domains::skeleton_of(chars.iter().copied()),
        });
    }
    Ok(())
}

/// Characters that are, or look like, digits (Chromium's `digit_lookalikes_`).
const DIGIT_LOOKALIKES: &str = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨";

/// A label made only of ASCII digits and digit lookalikes, with at least one lookalike
/// (`1շ`, `ძ4000`).
pub(crate) fn check_digit_lookalike(chars: &[char]) -> Result<(), SpoofReason> {
    let mut lookalike = None;
    for &c in chars {
        if c.is_ascii_digit() {
            continue;
        }
        if DIGIT_LOOKALIKES.contains(c) {
            lookalike = Some(c);
            continue;
        }
        return Ok(());
    }
    match lookalike {
        Some(c) => Err(SpoofReason::DigitLookalike(c)),
        None => Ok(()),
    }
}

/// Whether `c`'s Script_Extensions name `script` (Common and Inherited code points name
/// none: a digit is not Katakana).
fn scx(c: char, script: Script) -> bool {
    let ext = c.script_extension();
    !ext.is_common() && !ext.is_inherited() && ext.contains_script(script)
}

fn japanese(c: char) -> bool {
    scx(c, Script::Katakana) || scx(c, Script::Hiragana) || scx(c, Script::Han)
}

fn cjk(c: char) -> bool {
    japanese(c) || scx(c, Script::Bopomofo)
}

fn lgc(c: char) -> bool {
    scx(c, Script::Latin) || scx(c, Script::Greek) || scx(c, Script::Cyrillic)
}

fn is_diacritic(c: char) -> bool {
    ('\u{0300}'..='\u{0339}').contains(&c)
}

/// Whether the label has a character that sends it through the pattern checks even when
/// it is of one script: ヘ, ベ, ペ (and their Hiragana twins), the Katakana middle dot,
/// prolonged sound mark and iteration marks, or a combining diacritic.
pub(crate) fn needs_pattern_checks(chars: &[char]) -> bool {
    chars.iter().any(|&c| {
        matches!(c, '\u{3078}'..='\u{307A}' | '\u{30D8}'..='\u{30DA}' | '\u{30FB}'..='\u{30FE}')
            || is_diacritic(c)
    })
}

/// Katakana and CJK characters that look like slashes: ノ ソ ゾ ン 丶 乀 乁 丿.
const SLASH_LIKE: &str = "\u{30CE}\u{30F3}\u{30BD}\u{30BE}\u{4E36}\u{4E40}\u{4E41}\u{4E3F}";
/// CJK ideographs and Bopomofo that look like Latin letters or punctuation:
/// 一 ㄧ 丨 乛 七 丅 十 〇 ㄒ ㄚ ㄟ ㄨ ㄩ ㄈ ㆺ ㆳ 工 ㆲ 讠 丁.
const CJK_LATIN_LIKE: &str = "\u{4E00}\u{3127}\u{4E28}\u{4E5B}\u{4E03}\u{4E05}\u{5341}\u{3007}\u{3112}\u{311A}\u{311F}\u{3128}\u{3129}\u{3108}\u{31BA}\u{31B3}\u{5DE5}\u{31B2}\u{8BA0}\u{4E01}";

/// Chromium's dangerous patterns, each with its name.
pub(crate) fn check_patterns(chars: &[char]) -> Result<(), SpoofReason> {
    let at = |i: usize| chars.get(i).copied();
    let found = |pattern: &'static str, i: usize| SpoofReason::DangerousPattern {
        pattern,
        char: chars.get(i).copied().unwrap_or('\u{FFFD}'),
    };
    // 一 ... 丁, ㄧ ...: next to a character that is not Han, Kana or Bopomofo.
    // ヘ/へ: one of them in a label otherwise of the other kana.
    let hira_in_kana = single_twin(chars, '\u{3078}'..='\u{307A}', Script::Katakana);
    let kana_in_hira = single_twin(chars, '\u{30D8}'..='\u{30DA}', Script::Hiragana);
    if let Some(i) = hira_in_kana.or(kana_in_hira) {
        return Err(found("kana-twin", i));
    }
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(at);
        let next = at(i + 1);
        let err = if SLASH_LIKE.contains(c) {
            // ノ, ソ, ゾ, ン, 丶, 乀, 乁, 丿 between two non-Japanese characters.
            prev.is_some_and(|p| !japanese(p)) && next.is_some_and(|q| !japanese(q))
        } else if matches!(c, '\u{30FD}' | '\u{30FE}') {
            // Katakana iteration marks not after Katakana.
            prev.is_none_or(|p| !scx(p, Script::Katakana))
        } else if c == '\u{30FC}' {
            // The prolonged sound mark not after kana.
            prev.is_none_or(|p| !(scx(p, Script::Katakana) || scx(p, Script::Hiragana)))
        } else if c == '\u{30FB}' {
            // The Katakana middle dot next to an ASCII letter.
            prev.is_some_and(|p| p.is_ascii_lowercase())
                || next.is_some_and(|q| q.is_ascii_lowercase())
        } else if CJK_LATIN_LIKE.contains(c) {
            prev.is_some_and(|p| !cjk(p)) || next.is_some_and(|q| !cjk(q))
        } else if is_diacritic(c) {
            // A combining diacritic after a non-LGC character or a dotless i; a dot above
            // after i, j or l.
            prev.is_some_and(|p| !lgc(p) || p == '\u{0131}')
                || (c == '\u{0307}' && matches!(prev, Some('i' | 'j' | 'l')))
        } else {
            // Combining kana voiced sound marks.
            matches!(c, '\u{3099}' | '\u{309A}')
        };
        if err {
            let name = match c {
                '\u{30FD}' | '\u{30FE}' => "kana-iteration-mark",
                '\u{30FC}' => "prolonged-sound-mark",
                '\u{30FB}' => "katakana-middle-dot",
                '\u{0307}' if matches!(prev, Some('i' | 'j' | 'l')) => "dot-above-after-ijl",
                c if is_diacritic(c) => "combining-mark-after-non-latin",
                '\u{3099}' | '\u{309A}' => "combining-voiced-mark",
                c if SLASH_LIKE.contains(c) => "slash-lookalike",
                _ => "cjk-latin-lookalike",
            };
            return Err(found(name, i));
        }
    }
    Ok(())
}

/// The index of the only code point in `range` when it is neither first nor last and every
/// other code point is of `script`.
fn single_twin(
    chars: &[char],
    range: core::ops::RangeInclusive<char>,
    script: Script,
) -> Option<usize> {
    let mut found = None;
    for (i, &c) in chars.iter().enumerate() {
        if range.contains(&c) {
            if found.is_some() {
                return None;
            }
            found = Some(i);
        } else if !scx(c, script) {
            return None;
        }
    }
    found.filter(|&i| i > 0 && i + 1 < chars.len())
}

/// A Latin letter outside ASCII in a label that also has letters of a script other than
/// Latin, Greek and Cyrillic (`héllo中国`, `café카페`).
pub(crate) fn check_non_ascii_latin(chars: &[char]) -> Result<(), SpoofReason> {
    let non_ascii_latin = chars
        .iter()
        .copied()
        .find(|c| !c.is_ascii() && c.script() == Script::Latin);
    let Some(latin) = non_ascii_latin else {
        return Ok(());
    };
    let all_lgc = chars.iter().all(|&c| {
        c.is_ascii_digit()
            || matches!(c, '.' | '_' | '-')
            || is_diacritic(c)
            || matches!(c.script(), Script::Latin | Script::Greek | Script::Cyrillic)
    });
    if all_lgc {
        Ok(())
    } else {
        Err(SpoofReason::NonAsciiLatinMixed(latin))
    }
}

/// Code points ICU's recommended set (the allowed set of Chromium, built from ICU's
/// `uspoof_getRecommendedUnicodeSet`) keeps but current UTS 39 data marks Limited_Use or
/// Uncommon_Use: Bopomofo (Chinese under `.tw`), Myanmar extensions with the Shan digits,
/// and Georgian Mkhedruli additions.
pub(crate) fn icu_recommended_extra(c: char) -> bool {
    matches!(
        u32::from(c),
        0x1050..=0x109D
            | 0x10F7..=0x10FA
            | 0x10FD..=0x10FF
            | 0x3099..=0x309A
            | 0x3105..=0x312F
            | 0x31A0..=0x31BF
    )
}

/// The UTS 39 restriction level of a label whose code points have passed the identifier
/// checks (those of the profile and [`icu_recommended_extra`]), after UTS 39 §5.2 as
/// `unicode-security` computes it.
pub(crate) fn restriction_level(label: &str) -> unicode_security::RestrictionLevel {
    use unicode_security::mixed_script::AugmentedScriptSet;
    use unicode_security::RestrictionLevel as L;
    let mut ascii_only = true;
    let mut set = AugmentedScriptSet::default();
    let mut without_latin = AugmentedScriptSet::default();
    for c in label.chars() {
        ascii_only &= c.is_ascii();
        let s = AugmentedScriptSet::for_char(c);
        set.intersect_with(s);
        if !s.base.contains_script(Script::Latin) {
            without_latin.intersect_with(s);
        }
    }
    if ascii_only {
        L::ASCIIOnly
    } else if !set.is_empty() {
        L::SingleScript
    } else if without_latin.kore || without_latin.hanb || without_latin.jpan {
        L::HighlyRestrictive
    } else {
        // Moderately or less: refused alike.
        L::MinimallyRestrictive
    }
}
