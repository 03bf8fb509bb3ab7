//! The C API comparison of `cargo xtask bench` (also `cargo xtask capi bench [--data DIR]
//! [--quick]`): parse + `ada_get_href` per URL through `ada_c.h`, one C program
//! (`xtask/bench/c/capi_bench.c`) linked statically once against ada's library (the one the
//! `ada-url` crate builds for the benchmark) and once against weburl's (`libweburl_capi.a`),
//! on the same corpora in the same run, interleaved; and the same loop on the Rust facade
//! (`crates/capi/examples/facade_timing.rs`), whose difference with the C API is the cost of
//! crossing the boundary (a heap handle per URL, the UTF-8 check, the panic guard, the calls).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{util, Failure, Result};

/// `--data DIR` (default `../shared/datasets`) and `--quick`.
#[derive(Debug, Default)]
pub struct Options {
    pub data: Option<PathBuf>,
    pub quick: bool,
}

/// Runs the comparison.
pub fn run(opts: &Options) -> Result {
    let root = util::workspace_root();
    let data = opts
        .data
        .clone()
        .unwrap_or_else(|| root.join("../shared/datasets"));
    let quick = opts.quick;
    for (what, extra) in [
        (
            "weburl-capi",
            &["-p", "weburl-capi", "--lib", "--example", "facade_timing"][..],
        ),
        ("weburl-bench (ada's library)", &["-p", "weburl-bench"][..]),
    ] {
        eprintln!("xtask: cargo build --release {}", extra.join(" "));
        util::run_streaming(
            util::cargo()
                .current_dir(&root)
                .args(["build", "--release", "--quiet"])
                .args(extra),
            &format!("cargo build ({what})"),
        )?;
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let release = target.join("release");
    let libada = newest_libada(&release.join("build"))
        .ok_or_else(|| Failure::new("no libada.a under target/release/build/ada-url-*/out"))?;
    let out = target.join("capi-bench");
    std::fs::create_dir_all(&out).map_err(|e| Failure::new(format!("{}: {e}", out.display())))?;
    let source = root.join("xtask/bench/c/capi_bench.c");
    let include = root.join("crates/capi/include");
    let ada_exe = out.join("capi_bench_ada");
    let weburl_exe = out.join("capi_bench_weburl");
    compile(
        &source,
        &include,
        &ada_exe,
        &[libada.as_path()],
        &["-lstdc++", "-lm"],
    )?;
    compile(
        &source,
        &include,
        &weburl_exe,
        &[release.join("libweburl_capi.a").as_path()],
        &["-lpthread", "-ldl", "-lm"],
    )?;
    let facade = release.join("examples/facade_timing");

    let rounds = if quick { "3" } else { "9" };
    let repeats = if quick { 1 } else { 3 };
    println!();
    println!("C API: parse + ada_get_href per URL, ns/URL (median of {repeats} runs of {rounds} rounds each; one C program linked against each library)");
    println!(
        "{:<18} {:>7} {:>11} {:>13} {:>11} {:>14} {:>10}",
        "corpus", "URLs", "ada C API", "weburl C API", "weburl/ada", "weburl (Rust)", "crossing"
    );
    let mut worst: f64 = 0.0;
    for name in ["node_files", "isaacs_files", "kasztp", "userbait"] {
        let file = data.join(format!("{name}.txt"));
        if !file.is_file() {
            println!("{name:<18} (missing: {})", file.display());
            continue;
        }
        let mut ada = Vec::new();
        let mut web = Vec::new();
        let mut rust = Vec::new();
        let mut urls = 0;
        let mut bytes = (0, 0);
        for _ in 0..repeats {
            let a = time(&ada_exe, &file, rounds)?;
            let w = time(&weburl_exe, &file, rounds)?;
            let r = time(&facade, &file, rounds)?;
            urls = a.urls;
            bytes = (a.bytes, w.bytes);
            ada.push(a.median);
            web.push(w.median);
            rust.push(r.median);
        }
        let (a, w, r) = (median(&mut ada), median(&mut web), median(&mut rust));
        let ratio = w / a;
        worst = worst.max(ratio);
        println!(
            "{name:<18} {urls:>7} {a:>11.1} {w:>13.1} {ratio:>10.2}x {r:>14.1} {:>+9.1}",
            w - r
        );
        if bytes.0 != bytes.1 {
            println!(
                "{:<18} note: href bytes differ (ada {}, weburl {}): see `cargo xtask bench`'s differences",
                "", bytes.0, bytes.1
            );
        }
    }
    println!("worst weburl/ada ratio through the C API: {worst:.2}x (goal: at most 0.50x)");
    compare(&ada_exe, &weburl_exe, &data)?;
    compare_setters(&root, &out, &libada, &release)?;
    Ok(())
}

/// The setters' return values and results on WPT's setter cases, ada's C API against
/// weburl's (`xtask/bench/c/capi_setters.c`).
fn compare_setters(root: &Path, out: &Path, libada: &Path, release: &Path) -> Result {
    let cases = out.join("wpt-cases.txt");
    crate::wpt_lines::write(&root.join("wpt-data"), &cases)?;
    let source = root.join("xtask/bench/c/capi_setters.c");
    let include = root.join("crates/capi/include");
    let tests = root.join("crates/capi/tests/c");
    let ada_exe = out.join("capi_setters_ada");
    let weburl_exe = out.join("capi_setters_weburl");
    let build = |exe: &Path, libs: &[&Path], flags: &[&str]| -> Result {
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
        let status = Command::new(&cc)
            .args(["-std=c11", "-O1"])
            .arg("-I")
            .arg(&include)
            .arg("-I")
            .arg(&tests)
            .arg(&source)
            .arg("-o")
            .arg(exe)
            .args(libs)
            .args(flags)
            .status()
            .map_err(|e| Failure::new(format!("could not start `{cc}`: {e}")))?;
        if status.success() {
            Ok(())
        } else {
            Err(Failure::new(format!("building {} failed", exe.display())))
        }
    };
    build(&ada_exe, &[libada], &["-lstdc++", "-lm"])?;
    build(
        &weburl_exe,
        &[release.join("libweburl_capi.a").as_path()],
        &["-lpthread", "-ldl", "-lm"],
    )?;
    let run = |exe: &Path| -> Result<String> {
        let o = Command::new(exe)
            .arg(&cases)
            .output()
            .map_err(|e| Failure::new(format!("{}: {e}", exe.display())))?;
        Ok(String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let (a, w) = (run(&ada_exe)?, run(&weburl_exe)?);
    let mut total = 0;
    let mut differ = 0;
    for (x, y) in a.lines().zip(w.lines()) {
        total += 1;
        if x != y {
            differ += 1;
            if differ <= 5 {
                println!("  ada:    {x}\n  weburl: {y}");
            }
        }
    }
    println!(
        "{:<18} {total:>7} cases, {differ} differ (setters' return values and hrefs)",
        "WPT setters"
    );
    Ok(())
}

/// Every corpus URL through both libraries' C API: validity, the getters, the components
/// (`ada_get_components`) and the host and scheme types, line by line.
fn compare(ada_exe: &Path, weburl_exe: &Path, data: &Path) -> Result {
    println!();
    println!(
        "C API agreement with ada (validity, getters, ada_get_components, host and scheme types):"
    );
    for name in ["node_files", "isaacs_files", "kasztp", "userbait"] {
        let file = data.join(format!("{name}.txt"));
        if !file.is_file() {
            continue;
        }
        let run = |exe: &Path| -> Result<String> {
            let out = Command::new(exe)
                .arg(&file)
                .arg("check")
                .output()
                .map_err(|e| Failure::new(format!("{}: {e}", exe.display())))?;
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        };
        let (a, w) = (run(ada_exe)?, run(weburl_exe)?);
        let inputs = std::fs::read(&file).unwrap_or_default();
        let inputs = String::from_utf8_lossy(&inputs);
        let inputs: Vec<&str> = inputs
            .trim_start_matches('\u{feff}')
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .filter(|l| !l.is_empty())
            .collect();
        let mut differ = 0;
        let mut total = 0;
        for (i, (x, y)) in a.lines().zip(w.lines()).enumerate() {
            total += 1;
            if x != y {
                differ += 1;
                if differ <= 3 {
                    println!(
                        "  {name}: {}\n    ada:    {x}\n    weburl: {y}",
                        inputs.get(i).unwrap_or(&"?")
                    );
                }
            }
        }
        println!("{name:<18} {total:>7} URLs, {differ} differ");
    }
    Ok(())
}

struct Timing {
    median: f64,
    urls: usize,
    bytes: usize,
}

fn time(exe: &Path, file: &Path, rounds: &str) -> Result<Timing> {
    let output = Command::new(exe)
        .arg(file)
        .arg(rounds)
        .output()
        .map_err(|e| Failure::new(format!("{}: {e}", exe.display())))?;
    if !output.status.success() {
        return Err(Failure::new(format!(
            "{} failed: {}",
            exe.display(),
            String::from_utf8_lossy(&output.stderr)
        )));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let number = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    match (number(0), number(2), number(3)) {
        (Some(median), Some(urls), Some(bytes)) => Ok(Timing {
            median,
            urls: urls as usize,
            bytes: bytes as usize,
        }),
        _ => Err(Failure::new(format!(
            "{}: unexpected output `{}`",
            exe.display(),
            text.trim()
        ))),
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

fn compile(source: &Path, include: &Path, exe: &Path, libs: &[&Path], flags: &[&str]) -> Result {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let status = Command::new(&cc)
        .args(["-std=c11", "-O2"])
        .arg("-I")
        .arg(include)
        .arg(source)
        .arg("-o")
        .arg(exe)
        .args(libs)
        .args(flags)
        .status()
        .map_err(|e| Failure::new(format!("could not start the C compiler `{cc}`: {e}")))?;
    if !status.success() {
        return Err(Failure::new(format!("building {} failed", exe.display())));
    }
    Ok(())
}

/// The most recently built `libada.a` of the `ada-url` crate's build script.
fn newest_libada(build: &Path) -> Option<PathBuf> {
    std::fs::read_dir(build)
        .ok()?
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("ada-url-"))
        .map(|e| e.path().join("out/libada.a"))
        .filter(|p| p.is_file())
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
}
