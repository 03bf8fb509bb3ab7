//! Linear-time checks: times weburl on adversarial inputs at four sizes a decade apart and
//! fits the growth per 10x of input size over all four. The fitted growth must be at most
//! [`MAX_GROWTH`], and the last decade's at most [`MAX_LAST_DECADE`]; the exit code is 1
//! otherwise.
//!
//! URL cases run at 10 KB, 100 KB, 1 MB and 10 MB of input; SearchParams cases at 1k, 10k,
//! 100k and 1M pairs. The time of one size is the minimum over [`SAMPLES`] samples, each a
//! batch of iterations long enough to time reliably. Time is the thread's CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`), not wall time, so that preemption on a loaded machine (CI, or
//! fuzzers running beside it) does not count.
//!
//! The verdict is the least-squares slope of log(time) over log(size) across the four sizes,
//! as a growth per 10x (`10 ^ slope`): 10 for linear time, 100 for quadratic, 31.6 for
//! `n^1.5`. One decade's step (the data outgrowing a cache, the allocator starting to map a
//! block per sample) moves a three-decade fit by a third of that step, where a verdict on a
//! single decade took all of it: the SearchParams rows that failed at 15.7x between 1k and 10k
//! pairs fit about 12x. The bound has room for what is not an algorithm: copying a string
//! (the baseline row) fits about 14.6x over 10 KB..10 MB on a 2-core VM, and a sort's
//! `n log n` adds 2^(1/3) over three decades (12.6x alone). A super-linear algorithm grows in
//! every decade; one that is quadratic only in the last decade (fitting about 20x) is caught
//! by that decade's own bound, which is above any memory step seen (22x at most) and below
//! quadratic's 100x. A case over either bound is timed again (see [`judge`]) before it is
//! reported. The growth of each decade is printed beside the fit.
//!
//! On a busy machine the memory system's steps grow (the baseline itself fitted 17.6x, one
//! decade 21.7x, with another process keeping a core busy), so each case is also judged
//! against the baseline timed at the same sizes in the same process just before it: the
//! case's times over the baseline's, as a growth per 10x over a linear baseline
//! (`10 * fitted(case / baseline)`, column "vs baseline"). A case passes if it is within the
//! bounds either way: the steps both take cancel, and quadratic time is still about 100x
//! over a linear baseline. `WEBURL_SCALING_SELF_TEST=1` adds a deliberately quadratic case,
//! which must fail.
//!
//! Run with `cargo xtask scaling` (release mode). `--filter WORD` runs the cases whose name
//! contains WORD.

mod case;
mod cases;
mod pattern_cases;

use std::process::ExitCode;
use std::time::Duration;

use cases::{cases, Case, BASELINE};

/// The largest acceptable growth per 10x of input size, fitted over the four sizes.
const MAX_GROWTH: f64 = 20.0;

/// The largest acceptable growth over the last decade (from the third size to the fourth).
const MAX_LAST_DECADE: f64 = 50.0;

/// A size that the smaller ones predict to take more than this (in seconds, per iteration) is
/// not timed: the case is reported as too slow (see [`time_sizes`]). 15 s, not 5: on a busy
/// machine a linear case's memory step (26x in one decade) predicted 7.6 s for a size that
/// takes about 3 s; quadratic time still predicts over a minute there.
const MAX_PREDICTED: f64 = 15.0;

/// Samples per size; the minimum is kept.
const SAMPLES: usize = 7;

/// How many times a case over a bound is timed again before it is reported: a
/// super-linear case stays over the bound, a noisy sample does not.
const RETIMES: usize = 2;

/// A sample runs at least this long (in iterations of the case).
const MIN_SAMPLE: Duration = Duration::from_millis(10);

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

/// The time of `case` at size `n` (see [`time`]), with the work set up afresh.
fn time_at(case: &Case, n: usize) -> f64 {
    time(&mut *(case.setup)(n))
}

/// What [`judge`] found for a case.
struct Row {
    /// The time at each size (infinite: not timed, see [`MAX_PREDICTED`]).
    times: [f64; 4],
    /// Growth per 10x over each decade.
    decades: [f64; 3],
    /// Growth per 10x fitted over the four sizes.
    fit: f64,
    /// The same relative to the baseline at the same sizes (see [`relative`]).
    vs_baseline: f64,
    ok: bool,
    verdict: String,
}

/// Times `case` at its four sizes, smallest first. From the third size on, a size the growth
/// so far predicts to take more than [`MAX_PREDICTED`] seconds is not timed, nor any after it
/// (infinite times): a quadratic case at 10 MB would take minutes.
fn time_sizes(case: &Case) -> [f64; 4] {
    let mut times = [f64::INFINITY; 4];
    for (i, &n) in case.sizes.iter().enumerate() {
        if let (Some(&a), Some(&ta), Some(&b), Some(&tb)) = (
            case.sizes.get(i.wrapping_sub(2)),
            times.get(i.wrapping_sub(2)),
            case.sizes.get(i.wrapping_sub(1)),
            times.get(i.wrapping_sub(1)),
        ) {
            let decades = (n as f64 / b as f64).log10();
            let predicted = tb * growth(a, ta, b, tb).max(10.0).powf(decades);
            // A NaN prediction (from an infinite time) stops the case too.
            if predicted.is_nan() || predicted > MAX_PREDICTED {
                break;
            }
        }
        if let Some(t) = times.get_mut(i) {
            *t = time_at(case, n);
        }
    }
    times
}

/// Times `case` and decides whether its fitted growth is at most [`MAX_GROWTH`]x per 10x and
/// its last decade's at most [`MAX_LAST_DECADE`]x.
///
/// A case over the bound is timed again, up to [`RETIMES`] times, keeping each size's
/// minimum: one slow stretch of the machine is not taken for super-linear time, which stays
/// over the bound however often it is timed.
fn judge(case: &Case) -> Row {
    let sizes = case.sizes;
    let [_, _, s3, s4] = sizes;
    // The baseline (copying a string) at the same sizes, in the same process, just before:
    // what the machine's memory system alone makes of each decade in this run.
    let baseline = cases().into_iter().find(|c| c.name == BASELINE);
    let time_baseline = || match &baseline {
        Some(b) if case.name != BASELINE => sizes.map(|n| time(&mut *(b.setup)(n))),
        _ => [f64::NAN; 4],
    };
    let mut base = time_baseline();
    let within = |times: &[f64; 4], base: &[f64; 4]| {
        let [_, _, t3, t4] = *times;
        let absolute =
            fitted_growth(sizes, times) <= MAX_GROWTH && growth(s3, t3, s4, t4) <= MAX_LAST_DECADE;
        let (fit, last) = relative(sizes, times, base);
        case.name == BASELINE || absolute || (fit <= MAX_GROWTH && last <= MAX_LAST_DECADE)
    };
    let mut times = time_sizes(case);
    let mut retimed = 0;
    while retimed < RETIMES && !within(&times, &base) && times.iter().all(|t| t.is_finite()) {
        retimed += 1;
        for (t, again) in times.iter_mut().zip(time_sizes(case)) {
            *t = t.min(again);
        }
        for (t, again) in base.iter_mut().zip(time_baseline()) {
            *t = t.min(again);
        }
    }
    let decades = [0, 1, 2].map(|i| {
        let (a, b) = (i, i + 1);
        growth(
            sizes.get(a).copied().unwrap_or(1),
            times.get(a).copied().unwrap_or(0.0),
            sizes.get(b).copied().unwrap_or(1),
            times.get(b).copied().unwrap_or(0.0),
        )
    });
    let fit = fitted_growth(sizes, &times);
    let (vs_baseline, _) = relative(sizes, &times, &base);
    let ok = within(&times, &base);
    let mut verdict = if ok { "ok" } else { "TOO SLOW" }.to_owned();
    if retimed > 0 {
        verdict.push_str(&format!(" (re-timed {retimed}x)"));
    }
    if let Some(n) = sizes
        .iter()
        .zip(&times)
        .find(|(_, t)| t.is_infinite())
        .map(|(n, _)| n)
    {
        verdict.push_str(&format!(
            " (not timed from {n} on: over {MAX_PREDICTED} s predicted)"
        ));
    }
    Row {
        times,
        decades,
        fit,
        vs_baseline,
        ok,
        verdict,
    }
}

/// The case's growth per 10x relative to the baseline's at the same sizes, scaled to a
/// linear baseline (`10 * case / baseline`): fitted over the four sizes, and over the last
/// decade. A step the memory system takes in both cancels out; NaN without a baseline.
fn relative(sizes: [usize; 4], times: &[f64; 4], base: &[f64; 4]) -> (f64, f64) {
    if base.iter().any(|b| !(b.is_finite() && *b > 0.0)) {
        return (f64::NAN, f64::NAN);
    }
    let [_, _, s3, s4] = sizes;
    let ratio = [0, 1, 2, 3].map(|i| times[i] / base[i]);
    let fit = 10.0 * fitted_growth(sizes, &ratio);
    let last = 10.0 * growth(s3, ratio[2], s4, ratio[3]);
    (fit, last)
}

/// Growth per 10x between sizes `a` and `b` with times `ta` and `tb`.
fn growth(a: usize, ta: f64, b: usize, tb: f64) -> f64 {
    let decades = (b as f64 / a as f64).log10();
    (tb / ta).powf(1.0 / decades)
}

/// Growth per 10x fitted over all sizes: `10 ^ slope` of the least-squares line through the
/// points `(log10 size, log10 time)`. Infinite if a time is.
fn fitted_growth(sizes: [usize; 4], times: &[f64; 4]) -> f64 {
    if times.iter().any(|t| !t.is_finite() || *t <= 0.0) {
        return f64::INFINITY;
    }
    let xs = sizes.map(|n| (n as f64).log10());
    let ys = times.map(f64::log10);
    let mean = |v: &[f64; 4]| v.iter().sum::<f64>() / 4.0;
    let (mx, my) = (mean(&xs), mean(&ys));
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for (x, y) in xs.iter().zip(&ys) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
    }
    10f64.powf(sxy / sxx)
}

fn fmt_time(secs: f64) -> String {
    if !secs.is_finite() {
        "-".to_owned()
    } else if secs < 1e-6 {
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
    let row = judge(&case);
    let times: Vec<String> = row.times.iter().map(|&t| fmt_time(t)).collect();
    let growth = |g: f64| {
        if g.is_finite() {
            format!("{g:.1}x")
        } else {
            "-".to_owned()
        }
    };
    let decades: Vec<String> = row.decades.iter().map(|&g| growth(g)).collect();
    let sizes: Vec<String> = case.sizes.iter().map(|n| n.to_string()).collect();
    println!(
        "| {} | {} | {} | {} | {} | {} | {} |",
        case.name,
        sizes.join(", "),
        times.join(", "),
        decades.join(", "),
        growth(row.fit),
        growth(row.vs_baseline),
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
    println!("| case | sizes | times | growth/10x by decade | fitted growth/10x | vs baseline | |");
    println!("|---|---|---|---|---|---|---|");
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
        println!(
            "\nall cases grow at most {MAX_GROWTH}x per 10x of input (fitted over four sizes; \
             at most {MAX_LAST_DECADE}x in the last decade)"
        );
        ExitCode::SUCCESS
    } else {
        println!(
            "\nsuper-linear or failed ({} case(s) above {MAX_GROWTH}x per 10x fitted, or \
             {MAX_LAST_DECADE}x in the last decade): {}",
            failures.len(),
            failures.join(", ")
        );
        ExitCode::FAILURE
    }
}
