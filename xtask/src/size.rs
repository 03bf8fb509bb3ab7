//! `cargo xtask size [--clean] [--symbols] [--check]`: the size of a program that only parses
//! a URL and prints its href, with weburl (default features) and with the `url` crate, built
//! as a downstream user builds it: Cargo's default release profile with `strip = true`
//! (`xtask/size-check/`, a workspace of its own with its own lock file). `cargo xtask bench`
//! prints the same table.
//!
//! - `--clean` builds each program from clean and prints how long that took (each in its own
//!   target directory, `target/size-check/NAME`, so the two share nothing).
//! - `--symbols` also builds them unstripped and lists, per crate, the bytes of their symbols
//!   (`nm --size-sort`): what the remaining bytes are.
//! - `--check` fails when the weburl program is larger than the `url` one.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::{util, Failure, Result};

/// The two programs: package name, library, input to check the program with and its href.
const PROGRAMS: [(&str, &str); 2] = [("size-check-weburl", "weburl"), ("size-check-url", "url")];
const INPUT: &str = "HTTPS://EXAMPLE.com:443/a/../b?q=\u{e9}#f";
const HREF: &str = "https://example.com/b?q=%C3%A9#f";

/// One program's build.
pub struct Built {
    library: &'static str,
    bytes: u64,
    build: Option<Duration>,
}

pub fn main(args: &[String]) -> Result {
    let mut clean = false;
    let mut symbols = false;
    let mut check = false;
    for arg in args {
        match arg.as_str() {
            "--clean" => clean = true,
            "--symbols" => symbols = true,
            "--check" => check = true,
            other => {
                return Err(Failure::new(format!(
                    "unknown option `{other}` (cargo xtask size [--clean] [--symbols] [--check])"
                )))
            }
        }
    }
    let built = run(clean)?;
    if symbols {
        print_symbols()?;
    }
    if let [weburl, url] = built.as_slice() {
        if check && weburl.bytes > url.bytes {
            return Err(Failure::new(format!(
                "the weburl program ({} bytes) is larger than the url one ({} bytes)",
                weburl.bytes, url.bytes
            )));
        }
    }
    Ok(())
}

/// Builds both programs (from clean with `clean`), checks that they print the expected href,
/// and prints their sizes.
pub fn run(clean: bool) -> Result<Vec<Built>> {
    let mut built = Vec::new();
    for (package, library) in PROGRAMS {
        let target = target_dir(package, "");
        if clean && target.exists() {
            std::fs::remove_dir_all(&target)
                .map_err(|e| Failure::new(format!("could not remove {}: {e}", target.display())))?;
        }
        eprintln!("xtask: cargo build --release -p {package} (xtask/size-check)");
        let start = Instant::now();
        build(package, &target, true)?;
        let build_time = start.elapsed();
        let exe = target.join("release").join(package);
        check_program(&exe)?;
        let bytes = std::fs::metadata(&exe)
            .map_err(|e| Failure::new(format!("{}: {e}", exe.display())))?
            .len();
        built.push(Built {
            library,
            bytes,
            build: clean.then_some(build_time),
        });
    }
    print_table(&built);
    Ok(built)
}

fn target_dir(package: &str, suffix: &str) -> PathBuf {
    util::workspace_root()
        .join("target/size-check")
        .join(format!("{package}{suffix}"))
}

fn build(package: &str, target: &Path, strip: bool) -> Result {
    let root = util::workspace_root();
    let mut cmd = util::cargo();
    cmd.current_dir(root.join("xtask/size-check"))
        .args(["build", "--release", "--locked", "--quiet", "-p", package])
        .arg("--target-dir")
        .arg(target)
        // The profile of xtask/size-check/Cargo.toml and nothing else.
        .env(
            "CARGO_PROFILE_RELEASE_STRIP",
            if strip { "true" } else { "false" },
        )
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS");
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

fn print_table(built: &[Built]) {
    println!();
    println!("== parse-only program: Url::parse(argv[1]) and its href (default release profile, strip = true) ==");
    println!(
        "{:<10} {:>12} {:>10} {:>14}",
        "library", "bytes", "KiB", "clean build"
    );
    for b in built {
        let time = b
            .build
            .map_or_else(|| "-".to_owned(), |t| format!("{:.1} s", t.as_secs_f64()));
        println!(
            "{:<10} {:>12} {:>10.1} {:>14}",
            b.library,
            b.bytes,
            b.bytes as f64 / 1024.0,
            time
        );
    }
    if let [weburl, url] = built {
        println!(
            "weburl / url: {:.3} ({:+} bytes)",
            weburl.bytes as f64 / url.bytes as f64,
            i128::from(weburl.bytes) - i128::from(url.bytes)
        );
    }
}

/// Builds both programs unstripped and prints, per crate, the bytes of their symbols.
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
    crates.sort_by_key(|k| std::cmp::Reverse(get(0, k).unwrap_or(0).max(get(1, k).unwrap_or(0))));
    println!();
    println!("== symbol bytes per crate (unstripped build, `nm --size-sort`; `(unnamed data)` is");
    println!("   constant data the compiler emitted without a name, mostly Unicode tables) ==");
    println!("{:<28} {:>10} {:>10}", "crate", "weburl", "url");
    for k in crates.iter().take(30) {
        let cell = |i| get(i, k).map_or_else(|| "-".to_owned(), |v| v.to_string());
        println!("{:<28} {:>10} {:>10}", k, cell(0), cell(1));
    }
    let total = |i: usize| tables.get(i).map_or(0, |(_, t)| t.values().sum::<u64>());
    println!("{:<28} {:>10} {:>10}", "total", total(0), total(1));
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
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut fields = line.splitn(4, ' ');
        let (Some(_), Some(size), Some(_), Some(name)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Ok(size) = u64::from_str_radix(size, 16) else {
            continue;
        };
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
