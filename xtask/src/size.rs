//! `cargo xtask size [--clean] [--runs N] [--symbols] [--check] [--compile-work]`: the size
//! of a program that only parses a URL and prints its href, with weburl (its default features, and its `std`
//! feature alone, as a program that only parses would depend on it) and with the `url` crate,
//! built as a downstream user builds it: Cargo's default release profile with `strip = true`
//! (`xtask/size-check/`, a workspace of its own with its own lock file). `cargo xtask bench`
//! prints the same table.
//!
//! - `--clean` builds each program from clean and prints how long that took (each in its own
//!   target directory, `target/size-check/NAME`, so that they share nothing): wall time, and
//!   CPU time (user + system, of the build's processes; Linux), which moves less with the
//!   machine's other load. With `--runs N` (default 1), N clean builds of each, taking turns,
//!   and the median of each figure.
//! - `--symbols` also builds them unstripped and lists, per crate, the bytes of their symbols
//!   (`nm --size-sort`): what the remaining bytes are.
//! - `--check` fails when a weburl program is larger than the `url` one.
//! - `--compile-work` also counts the compiler's instructions for the crates that differ
//!   between the `std` program and the `url` one (`crate::compile_work`): a figure of the
//!   build's work that does not move with the machine's load.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::args::{self, Args};
use crate::size_check::PROGRAMS;
use crate::{compile_work, size_check, util, Failure, Result};

/// The input each program is checked with, and its href.
const INPUT: &str = "HTTPS://EXAMPLE.com:443/a/../b?q=\u{e9}#f";
const HREF: &str = "https://example.com/b?q=%C3%A9#f";

/// One program's build.
pub struct Built {
    library: &'static str,
    bytes: u64,
    /// With `--clean`: the median wall time and CPU time (`None` where not measurable) of its
    /// clean builds.
    build: Option<(Duration, Option<Duration>)>,
}

pub fn main(args: &[String]) -> Result {
    use lexopt::Arg::Long;
    const USAGE: &str =
        "cargo xtask size [--clean] [--runs N] [--symbols] [--check] [--compile-work]";
    let mut clean = false;
    let mut runs = 1;
    let mut symbols = false;
    let mut check = false;
    let mut compile_work = false;
    let mut p = Args::new(args, USAGE);
    while let Some(arg) = p.next()? {
        match arg {
            Long("clean") => clean = true,
            Long("runs") => runs = p.count("--runs")?,
            Long("symbols") => symbols = true,
            Long("check") => check = true,
            Long("compile-work") => compile_work = true,
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    let built = run(clean.then_some(runs))?;
    if symbols {
        print_symbols()?;
    }
    if compile_work {
        compile_work::run()?;
    }
    if let Some((url, webs)) = built.split_last() {
        for weburl in webs {
            if check && weburl.bytes > url.bytes {
                return Err(Failure::new(format!(
                    "the {} program ({} bytes) is larger than the url one ({} bytes)",
                    weburl.library, weburl.bytes, url.bytes
                )));
            }
        }
    }
    Ok(())
}

/// Builds the programs (`clean`: that many clean builds of each, taking turns), checks that
/// they print the expected href, and prints their sizes.
pub fn run(clean: Option<usize>) -> Result<Vec<Built>> {
    let mut times: Vec<Vec<(Duration, Option<Duration>)>> = vec![Vec::new(); PROGRAMS.len()];
    for _ in 0..clean.unwrap_or(1) {
        for ((package, _), times) in PROGRAMS.iter().zip(&mut times) {
            let target = target_dir(package, "");
            if clean.is_some() {
                util::remove_dir(&target)?;
            }
            eprintln!("xtask: cargo build --release -p {package} (xtask/size-check)");
            let cpu = children_cpu();
            let start = Instant::now();
            build(package, &target, true)?;
            let wall = start.elapsed();
            let cpu = cpu.zip(children_cpu()).map(|(a, b)| b.saturating_sub(a));
            times.push((wall, cpu));
        }
    }
    let mut built = Vec::new();
    for ((package, library), times) in PROGRAMS.into_iter().zip(times) {
        let exe = target_dir(package, "").join("release").join(package);
        check_program(&exe)?;
        let bytes = std::fs::metadata(&exe)
            .map_err(|e| Failure::new(format!("{}: {e}", exe.display())))?
            .len();
        let build = clean.map(|_| {
            let wall = median(times.iter().map(|t| t.0).collect()).unwrap_or_default();
            let cpu = times
                .iter()
                .map(|t| t.1)
                .collect::<Option<_>>()
                .and_then(median);
            (wall, cpu)
        });
        built.push(Built {
            library,
            bytes,
            build,
        });
    }
    print_table(&built, clean);
    Ok(built)
}

/// The median of `values` (the upper one of an even count), `None` for none.
fn median(mut values: Vec<Duration>) -> Option<Duration> {
    values.sort();
    values.get(values.len() / 2).copied()
}

/// The CPU time (user + system) of this process's children that have ended, from
/// `/proc/self/stat` (Linux; `None` elsewhere). Its ticks are assumed to be the usual 100 a
/// second.
fn children_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis; cutime and cstime are the 16th and
    // 17th fields of the line, the 14th and 15th after it.
    let rest = stat.get(stat.rfind(')')? + 1..)?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok());
    Some(Duration::from_millis(10 * (ticks(13)? + ticks(14)?)))
}

fn target_dir(package: &str, suffix: &str) -> PathBuf {
    util::workspace_root()
        .join("target/size-check")
        .join(format!("{package}{suffix}"))
}

fn build(package: &str, target: &Path, strip: bool) -> Result {
    let mut cmd = size_check::build_command(package, target, strip);
    util::run_streaming(&mut cmd, &format!("cargo build -p {package}"))
}

/// The program prints the href of a URL it is given.
fn check_program(exe: &Path) -> Result {
    let out = Command::new(exe)
        .arg(INPUT)
        .output()
        .map_err(|e| Failure::new(format!("could not run {}: {e}", exe.display())))?;
    let href = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() || href.trim_end() != HREF {
        return Err(Failure::new(format!(
            "{} printed {:?} for {INPUT:?}, not {HREF:?}",
            exe.display(),
            href.trim_end()
        )));
    }
    Ok(())
}

fn print_table(built: &[Built], clean: Option<usize>) {
    println!();
    println!("== parse-only program: Url::parse(argv[1]) and its href (default release profile, strip = true) ==");
    let runs = match clean {
        Some(n) if n > 1 => format!(" (median of {n})"),
        _ => String::new(),
    };
    println!(
        "{:<12} {:>10} {:>8} {:>14} {:>14}",
        "library",
        "bytes",
        "KiB",
        format!("clean build{}", if runs.is_empty() { "" } else { "*" }),
        "CPU (user+sys)"
    );
    let secs = |t: Option<Duration>| {
        t.map_or_else(|| "-".to_owned(), |t| format!("{:.1} s", t.as_secs_f64()))
    };
    for b in built {
        println!(
            "{:<12} {:>10} {:>8.1} {:>14} {:>14}",
            b.library,
            b.bytes,
            b.bytes as f64 / 1024.0,
            secs(b.build.map(|t| t.0)),
            secs(b.build.and_then(|t| t.1))
        );
    }
    if !runs.is_empty() {
        println!("* wall time{runs}; the machine's other load moves it, the CPU time less");
    }
    if let Some((url, webs)) = built.split_last() {
        for weburl in webs {
            println!(
                "{} / url: {:.3} ({:+} bytes)",
                weburl.library,
                weburl.bytes as f64 / url.bytes as f64,
                i128::from(weburl.bytes) - i128::from(url.bytes)
            );
        }
    }
}

/// Builds the programs unstripped and prints, per crate, the bytes of their symbols.
fn print_symbols() -> Result {
    let mut tables = Vec::new();
    for (package, library) in PROGRAMS {
        let target = target_dir(package, "-symbols");
        eprintln!("xtask: cargo build --release -p {package}, unstripped");
        build(package, &target, false)?;
        let exe = target.join("release").join(package);
        tables.push((library, symbol_bytes(&exe)?));
    }
    let mut crates: Vec<&String> = tables.iter().flat_map(|(_, t)| t.keys()).collect();
    crates.sort();
    crates.dedup();
    let get = |i: usize, k: &String| tables.get(i).and_then(|(_, t)| t.get(k)).copied();
    let largest = |k: &String| {
        (0..tables.len())
            .filter_map(|i| get(i, k))
            .max()
            .unwrap_or(0)
    };
    crates.sort_by_key(|k| std::cmp::Reverse(largest(k)));
    println!();
    println!("== symbol bytes per crate (unstripped build, `nm --size-sort`, a symbol's aliases");
    println!("   counted once; `(unnamed data)` is constant data the compiler emitted without a");
    println!("   name, mostly Unicode tables) ==");
    let mut head = format!("{:<28}", "crate");
    for (library, _) in &tables {
        head.push_str(&format!(" {library:>12}"));
    }
    println!("{head}");
    let row = |name: &str, cell: &dyn Fn(usize) -> String| {
        let mut line = format!("{name:<28}");
        for i in 0..tables.len() {
            line.push_str(&format!(" {:>12}", cell(i)));
        }
        println!("{line}");
    };
    for k in crates.iter().take(30) {
        row(k, &|i| {
            get(i, k).map_or_else(|| "-".to_owned(), |v| v.to_string())
        });
    }
    row("total", &|i| {
        tables
            .get(i)
            .map_or(0, |(_, t)| t.values().sum::<u64>())
            .to_string()
    });
    Ok(())
}

/// Symbol bytes per crate (the first path segment of the demangled name).
fn symbol_bytes(exe: &Path) -> Result<BTreeMap<String, u64>> {
    let out = Command::new("nm")
        .args(["--size-sort", "-C", "-S"])
        .arg(exe)
        .output()
        .map_err(|e| Failure::new(format!("could not run nm (binutils): {e}")))?;
    if !out.status.success() {
        return Err(Failure::new(format!("nm failed on {}", exe.display())));
    }
    let mut table = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut fields = line.splitn(4, ' ');
        let (Some(address), Some(size), Some(_), Some(name)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Ok(size) = u64::from_str_radix(size, 16) else {
            continue;
        };
        // A local and a global name of one function are listed twice, at one address.
        if !seen.insert(address.to_owned()) {
            continue;
        }
        *table.entry(crate_of(name)).or_insert(0) += size;
    }
    Ok(table)
}

/// The crate a demangled symbol belongs to: the first path segment, past `<`, `&`, `dyn`.
fn crate_of(name: &str) -> String {
    if name.starts_with("anon.") {
        return "(unnamed data)".to_owned();
    }
    let name = name.trim_start_matches(['<', '&', '_', ' ']);
    let name = name.strip_prefix("dyn ").unwrap_or(name);
    match name.split_once("::") {
        Some((head, _)) if head.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
            head.to_owned()
        }
        _ => "(other)".to_owned(),
    }
}
