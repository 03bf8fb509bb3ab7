//! The crate's safe API on a few inputs of every length around the block sizes (the scans,
//! `dispatch`, the SWAR helpers, `text::in_ranges`, `range_masks`, `ascii_string` and
//! `ascii_string_lowercased`): what `cargo xtask test` runs under Miri (when it is
//! installed), so kept small. The exhaustive checks are the unit tests and the `bytes` fuzz
//! target.

use weburl_bytes::swar;
use weburl_bytes::{
    dispatch, each, scan_blocks, scan_blocks_from_one, Block, Classifier, Mask, Pair, Portable,
    Step, Window, WithClassifier,
};

/// Stops at the bytes a path does not have unchanged.
struct PathBad;

impl Step for PathBad {
    fn step<B: Block>(&mut self, w: &Window<B>) -> Mask {
        w.stops(w.block.path_bad())
    }
}

/// Every scan of a path from every offset, with the classifier `each` runs it with.
#[derive(Clone)]
struct Scans<'a>(&'a [u8]);

impl WithClassifier for Scans<'_> {
    type Out = Vec<usize>;
    fn run<K: Classifier>(self, k: K, _: &str) -> Vec<usize> {
        (0..=self.0.len())
            .flat_map(|at| {
                [
                    k.scan(self.0, at, &mut PathBad),
                    k.scan_from_one(self.0, at, &mut PathBad),
                ]
            })
            .collect()
    }
}

#[test]
fn scans_agree_with_a_byte_search() {
    // Fewer under Miri, which interprets every step and is far slower.
    let (lens, stops): (&[usize], usize) = if cfg!(miri) {
        (&[0, 5, 16, 17, 33, 64], 2)
    } else {
        (&[0, 1, 7, 15, 16, 17, 31, 32, 33, 40, 63, 64, 65], 4)
    };
    for &len in lens {
        for stop in [0, len / 2, len.saturating_sub(1), len]
            .into_iter()
            .take(stops)
        {
            let mut b = vec![b'a'; len];
            if let Some(x) = b.get_mut(stop) {
                *x = b' ';
            }
            let text = String::from_utf8(b.clone()).unwrap_or_default();
            let want: Vec<usize> = (0..=len)
                .flat_map(|at| {
                    let p = b.iter().skip(at).position(|&c| c == b' ');
                    let s = p.map_or(len, |p| p + at);
                    [s, s]
                })
                .collect();
            for (i, got) in each(&text, &Scans(&b)).into_iter().enumerate() {
                assert_eq!(got, want, "classifier {i}, {len} {stop}");
            }
            // What `dispatch` runs where it has no classifier (the default: the portable one),
            // and what it runs here.
            assert_eq!(Scans(&b).fallback(&text), want, "fallback, {len} {stop}");
            assert_eq!(dispatch(&text, Scans(&b)), want, "dispatch, {len} {stop}");
            for at in 0..=len {
                let w = want.get(2 * at).copied();
                assert_eq!(Some(scan_blocks(Portable, &b, at, &mut PathBad)), w);
                assert_eq!(
                    Some(scan_blocks_from_one(Portable, &b, at, &mut PathBad)),
                    w
                );
                assert_eq!(Some(Pair(Portable).scan(&b, at, &mut PathBad)), w);
            }
        }
    }
}

#[test]
fn swar_helpers() {
    let b = b"Ab.cD-EF/x.";
    let w = swar::word_at(b, 3).unwrap_or_default();
    assert_eq!(w, u64::from_le_bytes(*b"cD-EF/x."));
    assert_eq!(
        swar::to_ascii_lowercase(w),
        u64::from_le_bytes(*b"cd-ef/x.")
    );
    assert_eq!(swar::eq_bytes(w, b'.'), 0x80 << 56);
    assert!(swar::has_byte(b, b'/'));
    assert!(!swar::has_byte(b, b'?'));
    assert_eq!(swar::load(b, 4), None);
    assert_eq!(swar::first_word(b"http"), swar::word(b"http"));
}

#[test]
fn in_ranges_agrees_with_a_byte_search() {
    use weburl_bytes::text::{in_ranges, ByteRange};
    let ranges = [
        ByteRange {
            low: b'A',
            span: 25,
        },
        ByteRange { low: b'?', span: 0 },
        // Wrapping past 0xff: DEL to space.
        ByteRange {
            low: 0x7f,
            span: 0xa1,
        },
    ];
    // Around the 16-byte blocks (the last one overlapping the one before), fewer under Miri.
    let lens: &[usize] = if cfg!(miri) {
        &[0, 15, 16, 17, 33]
    } else {
        &[0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 64]
    };
    for &len in lens {
        for probe in [b'a', b'Q', b'?', b' ', 0x7f, 0xff] {
            for at in [0, len / 2, len.saturating_sub(1)] {
                let mut b = vec![b'a'; len];
                if let Some(x) = b.get_mut(at) {
                    *x = probe;
                }
                let want = ranges.iter().enumerate().fold(0, |bits, (k, r)| {
                    let found = b.iter().any(|&c| c.wrapping_sub(r.low) <= r.span);
                    bits | (u32::from(found) << k)
                });
                assert_eq!(in_ranges(&b, &ranges), want, "{len} {probe} {at}");
            }
        }
    }
}

#[test]
fn range_masks_agree_with_a_byte_test() {
    use weburl_bytes::text::{range_masks, ByteRange};
    let ranges = [
        ByteRange { low: b'.', span: 0 },
        ByteRange {
            low: b'A',
            span: 25,
        },
        ByteRange {
            low: 0x7f,
            span: 0xa1,
        },
    ];
    for probe in [b'.', b'Q', b' ', 0x7f, 0xff, b'a'] {
        for at in [0, 7, 15] {
            let mut block = [b'a'; 16];
            if let Some(x) = block.get_mut(at) {
                *x = probe;
            }
            let want = ranges.map(|r| {
                block.iter().enumerate().fold(0u16, |m, (i, &c)| {
                    m | (u16::from(c.wrapping_sub(r.low) <= r.span) << i)
                })
            });
            assert_eq!(range_masks(&block, &ranges), want, "{probe} {at}");
        }
    }
}

#[test]
fn ascii_string_agrees_with_from_utf8_on_ascii() {
    use weburl_bytes::text::ascii_string;
    let lens: &[usize] = if cfg!(miri) {
        &[0, 15, 16, 17, 33]
    } else {
        &[0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 64]
    };
    for &len in lens {
        for probe in [b'a', 0x7f, 0x80, 0xff] {
            for at in [0, len / 2, len.saturating_sub(1)] {
                let mut b = vec![b'a'; len];
                if let Some(x) = b.get_mut(at) {
                    *x = probe;
                }
                let got = ascii_string(b.clone());
                if b.is_ascii() {
                    let want = String::from_utf8(b).map_err(|e| e.into_bytes());
                    assert_eq!(got, want, "{len} {probe} {at}");
                } else {
                    assert_eq!(got, Err(b), "{len} {probe} {at}");
                }
            }
        }
    }
}

#[test]
fn ascii_string_lowercased_agrees_with_std() {
    use weburl_bytes::text::ascii_string_lowercased;
    let lens: &[usize] = if cfg!(miri) {
        &[0, 15, 16, 17, 33]
    } else {
        &[0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 64]
    };
    for &len in lens {
        for from in [0, 1, 5, len.saturating_sub(16), len, len + 1] {
            let probes: &[u8] = if cfg!(miri) {
                &[b'A', 0x80]
            } else {
                &[b'A', b'Z', b'@', b'[', 0x7f, 0x80, 0xc1, 0xda, 0xff]
            };
            for &probe in probes {
                for at in [0, len / 2, len.saturating_sub(1)] {
                    let mut b: Vec<u8> = (0..len).map(|i| b"aZ.mQ"[i % 5]).collect();
                    if let Some(x) = b.get_mut(at) {
                        *x = probe;
                    }
                    let mut want = b.clone();
                    if let Some(tail) = want.get_mut(from..) {
                        tail.make_ascii_lowercase();
                    }
                    let got = ascii_string_lowercased(b.clone(), from);
                    if b.is_ascii() {
                        let want = String::from_utf8(want).map_err(|e| e.into_bytes());
                        assert_eq!(got, want, "{len} {from} {probe} {at}");
                    } else {
                        assert_eq!(got, Err(want), "{len} {from} {probe} {at}");
                    }
                }
            }
        }
    }
}
