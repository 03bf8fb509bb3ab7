//! Linear-time checks: times weburl on adversarial inputs at three sizes and prints the growth
//! factor per 10x of input size. Every factor must be at most [`MAX_GROWTH`]; the exit code
//! is 1 otherwise.
//!
//! URL cases run at 1 KB, 100 KB and 1 MB of input; SearchParams cases at 1k, 10k and 100k
//! pairs. The time of one size is the minimum over [`SAMPLES`] samples, each a batch of
//! iterations long enough to time reliably. A case over the bound is timed again, and one
//! over it only in its last decade is also timed at ten times its largest size, before it is
//! reported (see [`judge`]). Time is the thread's CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`), not wall time, so that preemption on a loaded machine (CI, or
//! fuzzers running beside it) does not count. The growth per 10x between sizes `a < b` is
//! `(t(b) / t(a)) ^ (1 / log10(b / a))`: 10 for linear time, 100 for quadratic.
//!
//! Run with `cargo xtask scaling` (release mode). `--filter WORD` runs the cases whose name
//! contains WORD.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Duration;

use weburl::{SearchParams, SetterError, Url};

/// The largest acceptable growth per 10x of input size.
const MAX_GROWTH: f64 = 15.0;

/// Samples per size; the minimum is kept.
const SAMPLES: usize = 7;

/// How many times a case over [`MAX_GROWTH`] is timed again before it is reported: a
/// super-linear case stays over the bound, a noisy sample does not.
const RETIMES: usize = 2;

/// A sample runs at least this long (in iterations of the case).
const MIN_SAMPLE: Duration = Duration::from_millis(10);

/// Input sizes in bytes for URL cases.
const URL_SIZES: [usize; 3] = [1_000, 100_000, 1_000_000];

/// Pair counts for SearchParams cases.
const PAIR_COUNTS: [usize; 3] = [1_000, 10_000, 100_000];

/// A case: a name, and a function that builds the work for a size (returning a closure that
/// does the work once).
struct Case {
    name: &'static str,
    sizes: [usize; 3],
    setup: fn(usize) -> Box<dyn FnMut()>,
}

/// A timed body that runs `setter` with `value` on a fresh clone of `url` (the clone is part
/// of what is timed, the same for every size).
fn set_on_clones(
    url: Url,
    value: String,
    setter: fn(&mut Url, &str) -> Result<(), SetterError>,
) -> Box<dyn FnMut()> {
    Box::new(move || {
        let mut u = url.clone();
        let _ = setter(&mut u, black_box(&value));
        black_box(u);
    })
}

/// `pattern` repeated to about `size` bytes, between `prefix` and `suffix`.
fn repeat(prefix: &str, pattern: &str, size: usize, suffix: &str) -> String {
    let n = size.saturating_sub(prefix.len() + suffix.len()) / pattern.len().max(1);
    let mut s = String::with_capacity(size + pattern.len());
    s.push_str(prefix);
    for _ in 0..n {
        s.push_str(pattern);
    }
    s.push_str(suffix);
    s
}

/// Work that parses `input` (without a base).
fn parse_case(input: String) -> Box<dyn FnMut()> {
    Box::new(move || {
        let _ = black_box(Url::parse(black_box(&input)));
    })
}

/// Work that parses `pattern` repeated (see [`repeat`]).
fn parse_repeat(prefix: &str, pattern: &str, size: usize, suffix: &str) -> Box<dyn FnMut()> {
    parse_case(repeat(prefix, pattern, size, suffix))
}

/// A valid URL of about `size` bytes with a long path, query and fragment.
fn big_url(size: usize) -> Url {
    let third = size / 3;
    let input = format!(
        "http://user:pass@example.com:8080{}{}{}",
        repeat("/", "seg/", third, ""),
        repeat("?", "k=v&", third, ""),
        repeat("#", "frag", third, "")
    );
    Url::parse(&input).unwrap_or_else(|_| fallback_url())
}

fn fallback_url() -> Url {
    match Url::parse("http://example.com/") {
        Ok(u) => u,
        Err(_) => std::process::exit(3),
    }
}

/// `n` pairs named by `name(i)`.
fn params(n: usize, name: impl Fn(usize) -> String) -> SearchParams {
    SearchParams::from_pairs((0..n).map(|i| (name(i), i.to_string())))
}

/// The name of the reference row: copying a string of the size, which shows how much the
/// memory system alone grows per 10x on this machine (caches); it never fails the run.
const BASELINE: &str = "baseline: copy the input";

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: BASELINE,
            sizes: URL_SIZES,
            setup: |n| {
                let s = "a".repeat(n);
                Box::new(move || {
                    black_box(black_box(&s).clone());
                })
            },
        },
        // Path dot segments.
        Case {
            name: "path ../ runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "../", n, ""),
        },
        Case {
            name: "path %2e%2e/ runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "%2e%2e/", n, ""),
        },
        Case {
            name: "path ./ and .%2E/ mix",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "a/./.%2E/", n, ""),
        },
        Case {
            name: "path deep a/",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "a/", n, ""),
        },
        Case {
            name: "path backslashes",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h", "\\a", n, ""),
        },
        Case {
            name: "path non-ASCII",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "é/☃", n, ""),
        },
        Case {
            name: "path %41 runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "%41", n, ""),
        },
        Case {
            name: "file ../ with drive",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("file:///C:/", "../", n, ""),
        },
        Case {
            name: "file many slashes",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("file:", "/", n, "C:"),
        },
        Case {
            name: "scheme slashes",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http:", "/\\", n, "h"),
        },
        // Authority.
        Case {
            name: "authority many @",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "@", n, "h/"),
        },
        Case {
            name: "authority a@ runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a@", n, "h/"),
        },
        Case {
            name: "authority many :",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a:", n, "@h/"),
        },
        Case {
            name: "authority : no @ (fails)",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h", ":", n, "/"),
        },
        Case {
            name: "userinfo percent-encoded",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "é ", n, "@h/"),
        },
        Case {
            name: "port digits",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h:", "0", n, "80/"),
        },
        // Hosts.
        Case {
            name: "host long label",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a", n, ".com/"),
        },
        Case {
            name: "host many labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a.", n, "com/"),
        },
        Case {
            name: "host uppercase labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "AB.", n, "com/"),
        },
        Case {
            name: "host many non-ASCII labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "ü.", n, "com/"),
        },
        Case {
            name: "host long non-ASCII label",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "ü", n, ".com/"),
        },
        Case {
            name: "host long Punycode label",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://xn--", "tda", n, ".com/"),
        },
        Case {
            name: "host many Punycode labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "xn--tda.", n, "com/"),
        },
        Case {
            name: "host mixed scripts labels",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "аb.", n, "com/"),
        },
        Case {
            name: "host percent-encoded",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "%41", n, "/"),
        },
        Case {
            name: "host full-width dots",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a。", n, "b/"),
        },
        Case {
            name: "host IPv4-like dots",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "1.", n, "1/"),
        },
        Case {
            name: "host long hex number",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://0x", "0", n, "1/"),
        },
        Case {
            name: "host long decimal number",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "0", n, "1/"),
        },
        Case {
            name: "IPv6 many pieces",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://[", "1:", n, "1]/"),
        },
        Case {
            name: "IPv6 many ::",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://[", "::", n, "]/"),
        },
        Case {
            name: "IPv6 long piece",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://[", "0", n, "::1]/"),
        },
        Case {
            name: "IPv6 embedded IPv4 dots",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://[::", "1.", n, "1]/"),
        },
        Case {
            name: "opaque host",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("sc://", "a%", n, "/"),
        },
        // Whitespace and controls.
        Case {
            name: "tabs and newlines everywhere",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("h\tt\ntp:/\t/h\n/", "a\t\n", n, ""),
        },
        Case {
            name: "tabs in host",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://", "a\t", n, "/"),
        },
        Case {
            name: "leading and trailing spaces",
            sizes: URL_SIZES,
            setup: |n| {
                let pad = " ".repeat(n / 2);
                parse_case(format!("{pad}http://h/{pad}"))
            },
        },
        Case {
            name: "C0 controls in path",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/", "\u{1}", n, ""),
        },
        // Query, fragment, opaque paths.
        Case {
            name: "query a=b& runs",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/?", "a=b&", n, ""),
        },
        Case {
            name: "query to encode",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/?", "\"' <>é", n, ""),
        },
        Case {
            name: "fragment to encode",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("http://h/#", " `é", n, ""),
        },
        Case {
            name: "opaque path",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("sc:", "a ", n, ""),
        },
        Case {
            name: "opaque path trailing spaces",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("sc:a", " ", n, "?q"),
        },
        Case {
            name: "scheme long",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("", "a", n, ":x"),
        },
        Case {
            name: "no scheme (fails)",
            sizes: URL_SIZES,
            setup: |n| parse_repeat("", "a/", n, ""),
        },
        // Relative resolution.
        Case {
            name: "join ../ against deep base",
            sizes: URL_SIZES,
            setup: |n| {
                let base = Url::parse(&repeat("http://h/", "a/", n / 2, ""))
                    .unwrap_or_else(|_| fallback_url());
                let input = repeat("", "../", n / 2, "x");
                Box::new(move || {
                    let _ = black_box(base.join(black_box(&input)));
                })
            },
        },
        Case {
            name: "join ?query against big base",
            sizes: URL_SIZES,
            setup: |n| {
                let base = big_url(n);
                Box::new(move || {
                    let _ = black_box(base.join("?x"));
                })
            },
        },
        // Setters on big URLs.
        Case {
            name: "setters sequence on big URL",
            sizes: URL_SIZES,
            setup: |n| {
                // Ten setters that each change the length of the big URL, so each moves
                // everything after its component, applied in place: the second five undo
                // the first five, so every iteration starts from the same URL and no clone
                // (a copy of the whole URL, which is setup, not setter work) is timed.
                // (Setters that replace the huge path, query or fragment have rows of their
                // own below.)
                let mut u = big_url(n);
                Box::new(move || {
                    let _ = u.set_protocol("https");
                    let _ = u.set_username("x");
                    let _ = u.set_password("y");
                    let _ = u.set_hostname("example.org");
                    let _ = u.set_port("81");
                    let _ = u.set_protocol("http");
                    let _ = u.set_username("user");
                    let _ = u.set_password("pass");
                    let _ = u.set_hostname("example.com");
                    let _ = u.set_port("8080");
                    black_box(&u);
                })
            },
        },
        Case {
            name: "set_pathname ../ runs",
            sizes: URL_SIZES,
            setup: |n| {
                let url = big_url(1000);
                let value = repeat("/", "../a/", n, "");
                set_on_clones(url, value, Url::set_pathname)
            },
        },
        Case {
            name: "set_hostname long",
            sizes: URL_SIZES,
            setup: |n| {
                // Two hosts of the size in turn, set in place: each call parses an n-byte host
                // and moves the rest of the URL. Not on clones: a clone, plus the new host and
                // the grown serialization, is a few MB at 1 MB, which glibc's allocator (past
                // its trim threshold) gives back to the system after every iteration, so each
                // iteration page-faulted its memory in again: linear too, but a step in cost
                // between the 100 KB and 1 MB sizes that read as 34x per 10x.
                let mut url = big_url(n);
                let hosts = [repeat("", "ab.", n, "com"), repeat("", "ba.", n, "com")];
                Box::new(move || {
                    for host in &hosts {
                        let _ = url.set_hostname(black_box(host));
                    }
                    black_box(&url);
                })
            },
        },
        Case {
            name: "set_search huge",
            sizes: URL_SIZES,
            setup: |n| {
                let url = big_url(1000);
                let value = repeat("", "a=b c&", n, "");
                set_on_clones(url, value, Url::set_search)
            },
        },
        Case {
            name: "set_hash huge",
            sizes: URL_SIZES,
            setup: |n| {
                let url = big_url(1000);
                let value = repeat("#", "f g`<", n, "");
                set_on_clones(url, value, Url::set_hash)
            },
        },
        Case {
            name: "search_params of huge query",
            sizes: URL_SIZES,
            setup: |n| {
                let url = Url::parse(&repeat("http://h/?", "a=b+%41&", n, ""))
                    .unwrap_or_else(|_| fallback_url());
                Box::new(move || {
                    let mut u = url.clone();
                    let mut p = u.search_params();
                    p.sort();
                    let _ = u.set_search_params(&p);
                    black_box(u);
                })
            },
        },
        // SearchParams.
        Case {
            name: "params sort reverse-sorted",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |i| format!("{:08}", n - i));
                Box::new(move || {
                    let mut q = p.clone();
                    q.sort();
                    black_box(q);
                })
            },
        },
        Case {
            name: "params sort equal names",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |_| "a".to_owned());
                Box::new(move || {
                    let mut q = p.clone();
                    q.sort();
                    black_box(q);
                })
            },
        },
        Case {
            name: "params sort non-BMP names",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |i| {
                    if i % 2 == 0 {
                        "\u{FFFD}".to_owned()
                    } else {
                        "😀".to_owned()
                    }
                });
                Box::new(move || {
                    let mut q = p.clone();
                    q.sort();
                    black_box(q);
                })
            },
        },
        Case {
            name: "params set on equal names",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |_| "a".to_owned());
                Box::new(move || {
                    let mut q = p.clone();
                    q.set("a", "x");
                    black_box(q);
                })
            },
        },
        Case {
            name: "params delete alternate names",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |i| {
                    if i % 2 == 0 {
                        "a".to_owned()
                    } else {
                        "b".to_owned()
                    }
                });
                Box::new(move || {
                    let mut q = p.clone();
                    q.delete("a");
                    black_box(q);
                })
            },
        },
        Case {
            name: "params delete_with_value",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let p = params(n, |_| "a".to_owned());
                Box::new(move || {
                    let mut q = p.clone();
                    q.delete_with_value("a", "7");
                    black_box(q);
                })
            },
        },
        Case {
            name: "params append then serialize",
            sizes: PAIR_COUNTS,
            setup: |n| {
                Box::new(move || {
                    let mut q = SearchParams::new();
                    for i in 0..n {
                        q.append("name é", i.to_string());
                    }
                    black_box(q.to_string());
                })
            },
        },
        Case {
            name: "params parse",
            sizes: PAIR_COUNTS,
            setup: |n| {
                let s = "a=b+c%20&".repeat(n);
                Box::new(move || {
                    black_box(SearchParams::parse(black_box(&s)));
                })
            },
        },
    ]
}

/// The calling thread's CPU time.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` writes one `timespec` through the pointer, which is valid and
    // exclusive for the call.
    #[allow(unsafe_code)]
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        eprintln!("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
        std::process::exit(3);
    }
    Duration::new(
        u64::try_from(ts.tv_sec).unwrap_or(0),
        u32::try_from(ts.tv_nsec).unwrap_or(0),
    )
}

/// A stopwatch on the thread's CPU time.
struct Start(Duration);

impl Start {
    fn now() -> Start {
        Start(thread_cpu_time())
    }
    fn elapsed(&self) -> Duration {
        thread_cpu_time().saturating_sub(self.0)
    }
}

/// Minimum time per iteration of `work`, over [`SAMPLES`] batches.
fn time(work: &mut dyn FnMut()) -> f64 {
    // Calibrate the batch size with one run.
    let start = Start::now();
    work();
    let once = start.elapsed().max(Duration::from_nanos(50));
    let iterations = (MIN_SAMPLE.as_nanos() / once.as_nanos()).clamp(1, 1_000_000);
    let iterations = u32::try_from(iterations).unwrap_or(1);
    let mut best = f64::INFINITY;
    for _ in 0..SAMPLES {
        let start = Start::now();
        for _ in 0..iterations {
            work();
        }
        let per = start.elapsed().as_secs_f64() / f64::from(iterations);
        best = best.min(per);
    }
    best
}

/// The time of `case` at each of its sizes (see [`time`]), each with the work set up afresh.
fn measure(case: &Case) -> [f64; 3] {
    case.sizes.map(|n| {
        let mut work = (case.setup)(n);
        time(&mut *work)
    })
}

/// What [`judge`] found for a case.
struct Row {
    /// The time at each size.
    times: [f64; 3],
    /// Growth per 10x from size 1 to size 2, and from size 2 to size 3.
    g12: f64,
    g23: f64,
    ok: bool,
    verdict: String,
}

/// Times `case` and decides whether it grows at most [`MAX_GROWTH`]x per 10x.
///
/// A case over the bound is timed again, up to [`RETIMES`] times, keeping each size's
/// minimum: one slow stretch of the machine is not taken for super-linear time, which stays
/// over the bound however often it is timed. A case still over the bound only from size 2
/// to size 3 is then timed at ten times size 3. Memory-bound work has a step where its data
/// outgrows a cache, or where the allocator starts to map and unmap its blocks for every
/// sample (a sort's scratch buffer of 100k pairs, in a fresh process), which happens once;
/// super-linear time grows as much again over the next decade. The case passes only if that
/// next decade is within the bound.
fn judge(case: &Case) -> Row {
    let [s1, s2, s3] = case.sizes;
    let mut times = measure(case);
    let mut retimed = 0;
    loop {
        let [t1, t2, t3] = times;
        let g12 = growth(s1, t1, s2, t2);
        let g23 = growth(s2, t2, s3, t3);
        let within = g12 <= MAX_GROWTH && g23 <= MAX_GROWTH;
        if case.name == BASELINE || within {
            let verdict = match retimed {
                0 => "ok".to_string(),
                n => format!("ok (re-timed {n}x)"),
            };
            return Row {
                times,
                g12,
                g23,
                ok: true,
                verdict,
            };
        }
        if retimed < RETIMES {
            retimed += 1;
            for (t, again) in times.iter_mut().zip(measure(case)) {
                *t = t.min(again);
            }
            continue;
        }
        if g12 > MAX_GROWTH {
            let verdict = format!("TOO SLOW (re-timed {retimed}x)");
            return Row {
                times,
                g12,
                g23,
                ok: false,
                verdict,
            };
        }
        let s4 = s3.saturating_mul(10);
        let t4 = time(&mut *(case.setup)(s4));
        let g34 = growth(s3, t3, s4, t4);
        let ok = g34 <= MAX_GROWTH;
        let verdict = format!(
            "{} (re-timed {retimed}x; at {s4}: {}, {g34:.1}x per 10x{})",
            if ok { "ok" } else { "TOO SLOW" },
            fmt_time(t4),
            if ok { ": the step is not repeated" } else { "" },
        );
        return Row {
            times,
            g12,
            g23,
            ok,
            verdict,
        };
    }
}

/// Growth per 10x between sizes `a` and `b` with times `ta` and `tb`.
fn growth(a: usize, ta: f64, b: usize, tb: f64) -> f64 {
    let decades = (b as f64 / a as f64).log10();
    (tb / ta).powf(1.0 / decades)
}

fn fmt_time(secs: f64) -> String {
    if secs < 1e-6 {
        format!("{:.0} ns", secs * 1e9)
    } else if secs < 1e-3 {
        format!("{:.1} µs", secs * 1e6)
    } else {
        format!("{:.2} ms", secs * 1e3)
    }
}

/// Times the case at `index` of [`cases`] and prints its row: the child process's work.
fn run_case(index: usize) -> ExitCode {
    let Some(case) = cases().into_iter().nth(index) else {
        eprintln!("weburl-scaling: no case {index}");
        return ExitCode::from(2);
    };
    let [s1, s2, s3] = case.sizes;
    let row = judge(&case);
    let [t1, t2, t3] = row.times;
    println!(
        "| {} | {s1} | {s2} | {s3} | {} | {} | {} | {:.1}x | {:.1}x | {} |",
        case.name,
        fmt_time(t1),
        fmt_time(t2),
        fmt_time(t3),
        row.g12,
        row.g23,
        row.verdict,
    );
    if row.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter = match args.as_slice() {
        [] => None,
        [flag, word] if flag == "--filter" => Some(word.clone()),
        [flag, index] if flag == "--case" => {
            return match index.parse() {
                Ok(i) => run_case(i),
                Err(_) => ExitCode::from(2),
            };
        }
        _ => {
            eprintln!("usage: weburl-scaling [--filter WORD]");
            return ExitCode::from(2);
        }
    };
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("weburl-scaling: cannot find its own executable: {e}");
            return ExitCode::from(2);
        }
    };
    println!(
        "| case | size 1 | size 2 | size 3 | t1 | t2 | t3 | growth/10x 1→2 | growth/10x 2→3 | |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut failures = Vec::new();
    for (index, case) in cases().iter().enumerate() {
        if filter
            .as_ref()
            .is_some_and(|f| !case.name.contains(f.as_str()))
        {
            continue;
        }
        // Each case in a process of its own: the heap a case leaves behind (its size, how
        // fragmented it is, what the allocator has given back to the system) changes what
        // the next one's large allocations cost, by up to half in memory-bound cases.
        let ok = std::process::Command::new(&exe)
            .arg("--case")
            .arg(index.to_string())
            .status()
            .is_ok_and(|status| status.success());
        if !ok {
            failures.push(case.name);
        }
    }
    if failures.is_empty() {
        println!("\nall cases grow at most {MAX_GROWTH}x per 10x of input");
        ExitCode::SUCCESS
    } else {
        println!(
            "\nsuper-linear or failed ({} case(s) above {MAX_GROWTH}x per 10x): {}",
            failures.len(),
            failures.join(", ")
        );
        ExitCode::FAILURE
    }
}
