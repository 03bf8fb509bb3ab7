//! `cargo xtask capi test|bench|build` (`test` is also part of `cargo xtask test`): the C
//! API's tests in C (`bench`: `capi_bench.rs`). Builds
//! `weburl-capi`, compiles the C programs of `crates/capi/tests/c/` and the C examples of the
//! README and `docs/c.md` with the system C compiler (`$CC`, else `cc`) against
//! `crates/capi/include/` and the shared library, and runs them, under
//! `valgrind --leak-check=full --error-exitcode=1` when valgrind is installed (else the reason
//! is printed). Each program prints `N passed, M failed`.
//!
//! The WPT data (`wpt-data/urltestdata.json`, `setters_tests.json`) reaches the C runner as
//! plain lines (see `crates/capi/tests/c/wpt.c`), written here, so the C side needs no JSON
//! reader. `api.c` uses ada's header only: where ada's own `ada_c.h` is on this machine (the
//! `ada-url` crate's sources, which the benchmark builds), it is compiled once more against
//! that header, unchanged, and linked and run against weburl.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::args::{self, Action, Args};
use crate::{capi_bench, util, wpt_lines, Failure, Result};

const USAGE: &str = "cargo xtask capi [test | build | bench [--data DIR] [--quick]]";

/// The C test programs of `crates/capi/tests/c/` (`<name>.c`; `wpt` takes the cases file), run
/// here and under AddressSanitizer (`asan.rs`).
pub const C_PROGRAMS: [&str; 4] = ["api", "search_params", "extras", "wpt"];

/// `cargo xtask capi test|bench|build [ARGS...]`.
pub fn main(args: &[String]) -> Result {
    use lexopt::Arg::Long;
    let (action, rest) = args::action(args, USAGE)?;
    let mut p = Args::new(&rest, USAGE);
    let mut bench = capi_bench::Options::default();
    while let Some(arg) = p.next()? {
        match arg {
            Long("data") if action == Action::Bench => bench.data = Some(p.value()?.into()),
            Long("quick") if action == Action::Bench => bench.quick = true,
            arg => return Err(args::unexpected(arg, USAGE)),
        }
    }
    match action {
        Action::Test => run(),
        Action::Build => build(),
        Action::Bench => capi_bench::run(&bench),
    }
}

/// Builds `weburl-capi` (debug: the library the C tests link).
fn build() -> Result {
    eprintln!("xtask: cargo build -p weburl-capi");
    util::run_streaming(
        util::cargo()
            .current_dir(util::workspace_root())
            .args(["build", "-p", "weburl-capi"]),
        "cargo build -p weburl-capi",
    )
}

/// The C API's C test suites.
pub fn run() -> Result {
    let root = util::workspace_root();
    build()?;
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let lib_dir = target.join("debug");
    let out = target.join("capi-tests");
    std::fs::create_dir_all(&out).map_err(|e| Failure::new(format!("{}: {e}", out.display())))?;

    let cases = out.join("wpt-cases.txt");
    let count = wpt_lines::write(&root.join("wpt-data"), &cases)?;
    eprintln!(
        "xtask capi: {count} WPT cases written to {}",
        cases.display()
    );

    let readme_example = out.join("readme_example.c");
    write_readme_example(&root.join("README.md"), &readme_example)?;
    let guide_example = out.join("guide_example.c");
    write_readme_example(&root.join("docs/c.md"), &guide_example)?;

    check_coverage(&root.join("crates/capi"))?;

    let valgrind = valgrind_available();
    if !valgrind {
        println!("capi: valgrind is not installed: the C tests run without it (skipped: leak and memory checks)");
    }
    let capi = root.join("crates/capi");
    let include = capi.join("include");
    let tests = capi.join("tests/c");
    let programs: Vec<(&str, PathBuf, Vec<String>)> = C_PROGRAMS
        .into_iter()
        .map(|name| {
            let args = if name == "wpt" {
                vec![cases.to_string_lossy().into_owned()]
            } else {
                vec![]
            };
            (name, tests.join(format!("{name}.c")), args)
        })
        .chain([
            ("readme_example", readme_example.clone(), vec![]),
            ("guide_example", guide_example, vec![]),
        ])
        .collect();
    let mut failures = Vec::new();
    for (name, source, args) in &programs {
        let exe = out.join(name);
        compile(source, &exe, &[&include, &tests], &lib_dir, &[])?;
        if let Err(e) = execute(&exe, args, valgrind) {
            failures.push(format!("{name}: {}", e.message));
        }
    }
    // The headers from C++ (extern "C" linkage): api.c compiled as C++, when a C++ compiler is
    // installed.
    match cxx_api(
        &tests.join("api.c"),
        &out.join("api_cxx"),
        &[&include, &tests],
        &lib_dir,
    ) {
        Ok(true) => println!("capi: api.c compiled as C++17 against the headers"),
        Ok(false) => {
            println!("capi: no C++ compiler (`$CXX`, else `c++`): skipped compiling api.c as C++")
        }
        Err(e) => failures.push(format!("api (as C++): {}", e.message)),
    }
    if let Err(e) = install_and_link(&root, &out, &readme_example) {
        failures.push(format!(
            "install.sh / pkg-config / static link: {}",
            e.message
        ));
    }
    // api.c against ada's own header, unchanged, when it is on this machine.
    match ada_header() {
        Some(ada_include) => {
            let exe = out.join("api_with_ada_header");
            compile(
                &tests.join("api.c"),
                &exe,
                &[&ada_include, &tests],
                &lib_dir,
                &[],
            )?;
            println!(
                "capi: api.c compiled against ada's own ada_c.h ({})",
                ada_include.display()
            );
            if let Err(e) = execute(&exe, &[], false) {
                failures.push(format!("api (ada's header): {}", e.message));
            }
        }
        None => println!(
            "capi: ada's own ada_c.h is not on this machine (the ada-url crate's sources): \
             skipped compiling api.c against it"
        ),
    }
    if failures.is_empty() {
        println!(
            "capi: all C suites passed{}",
            if valgrind {
                " (valgrind --leak-check=full: no errors, no leaks)"
            } else {
                ""
            }
        );
        Ok(())
    } else {
        Err(Failure::new(format!(
            "C API tests failed:\n  {}",
            failures.join("\n  ")
        )))
    }
}

/// `crates/capi/install.sh` (debug build) into a scratch prefix, then the README example
/// built with `pkg-config --cflags --libs weburl` (skipped, saying why, without pkg-config)
/// and linked statically against `libweburl_capi.a`, and run.
fn install_and_link(root: &Path, out: &Path, example: &Path) -> Result {
    let prefix = out.join("prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    util::run_streaming(
        Command::new("bash")
            .arg(root.join("crates/capi/install.sh"))
            .arg(&prefix)
            .env("WEBURL_PROFILE", "debug"),
        "crates/capi/install.sh",
    )?;
    let lib = prefix.join("lib");
    let pc = Command::new("pkg-config")
        .args(["--cflags", "--libs", "weburl"])
        .env("PKG_CONFIG_PATH", lib.join("pkgconfig"))
        .output();
    match pc {
        Ok(o) if o.status.success() => {
            let flags = String::from_utf8_lossy(&o.stdout).into_owned();
            let exe = out.join("readme_example_pkg_config");
            let status = Command::new(c_compiler())
                .args(["-std=c11", "-Wall", "-Wextra", "-Werror"])
                .arg(example)
                .arg("-o")
                .arg(&exe)
                .args(flags.split_whitespace())
                .arg(format!("-Wl,-rpath,{}", lib.display()))
                .status()
                .map_err(|e| Failure::new(format!("could not start the C compiler: {e}")))?;
            if !status.success() {
                return Err(Failure::new(format!(
                    "compiling the README example with `pkg-config --cflags --libs weburl` ({}) failed",
                    flags.trim()
                )));
            }
            execute(&exe, &[], false)?;
            println!("capi: install.sh + pkg-config: the README example builds and runs");
        }
        _ => println!(
            "capi: pkg-config is not installed: skipped building against the installed weburl.pc"
        ),
    }
    let exe = out.join("readme_example_static");
    let status = Command::new(c_compiler())
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(prefix.join("include/weburl"))
        .arg(example)
        .arg("-o")
        .arg(&exe)
        .arg(lib.join("libweburl_capi.a"))
        .args(["-lpthread", "-ldl", "-lm"])
        .status()
        .map_err(|e| Failure::new(format!("could not start the C compiler: {e}")))?;
    if !status.success() {
        return Err(Failure::new("linking the README example statically failed"));
    }
    execute(&exe, &[], false)?;
    println!("capi: the README example links statically (libweburl_capi.a) and runs");
    Ok(())
}

/// Every function `include/ada_c.h` declares is called in `tests/c/api.c` (or, for the one
/// ada 4.0's own header lacks, which api.c is also compiled against, `search_params.c`), and
/// every one of `include/weburl.h` in `tests/c/extras.c`.
fn check_coverage(capi: &Path) -> Result {
    for (header, prefix, test, also) in [
        ("ada_c.h", "ada_", "api.c", "search_params.c"),
        ("weburl.h", "weburl_", "extras.c", "extras.c"),
    ] {
        let read = |p: PathBuf| {
            std::fs::read_to_string(&p).map_err(|e| Failure::new(format!("{}: {e}", p.display())))
        };
        let declared = read(capi.join("include").join(header))?;
        let tests =
            read(capi.join("tests/c").join(test))? + &read(capi.join("tests/c").join(also))?;
        let mut functions: Vec<&str> = declared
            .lines()
            .filter(|l| !l.trim_start().starts_with("//") && l.contains('('))
            .filter_map(|l| {
                let before = l.split('(').next()?;
                let name = before.rsplit([' ', '*']).next()?;
                name.starts_with(prefix).then_some(name)
            })
            .collect();
        functions.sort_unstable();
        functions.dedup();
        let missing: Vec<&str> = functions
            .iter()
            .copied()
            .filter(|f| !tests.contains(&format!("{f}(")))
            .collect();
        if !missing.is_empty() {
            return Err(Failure::new(format!(
                "tests/c/{test} and {also} do not call {} of {header}: {}",
                if missing.len() == 1 {
                    "this function"
                } else {
                    "these functions"
                },
                missing.join(", ")
            )));
        }
        let and = if also == test {
            String::new()
        } else {
            format!(" (and {also})")
        };
        println!(
            "capi: tests/c/{test}{and} call all {} functions of {header}",
            functions.len()
        );
    }
    Ok(())
}

/// api.c compiled as C++17 and run; `Ok(false)` when there is no C++ compiler.
fn cxx_api(source: &Path, exe: &Path, includes: &[&Path], lib_dir: &Path) -> Result<bool> {
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_owned());
    if Command::new(&cxx).arg("--version").output().is_err() {
        return Ok(false);
    }
    let mut cmd = Command::new(&cxx);
    cmd.args(["-x", "c++", "-std=c++17", "-Wall", "-Wextra", "-Werror"]);
    for dir in includes {
        cmd.arg("-I").arg(dir);
    }
    let status = cmd
        .arg(source)
        .args(["-x", "none", "-o"])
        .arg(exe)
        .arg("-L")
        .arg(lib_dir)
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
        .arg("-lweburl_capi")
        .status()
        .map_err(|e| Failure::new(format!("could not start `{cxx}`: {e}")))?;
    if !status.success() {
        return Err(Failure::new(format!(
            "compiling {} as C++ failed",
            source.display()
        )));
    }
    execute(exe, &[], false)?;
    Ok(true)
}

/// The C compiler: `$CC`, else `cc`.
pub fn c_compiler() -> String {
    std::env::var("CC").unwrap_or_else(|_| "cc".to_owned())
}

/// Compiles the C test program `source` to `exe` against `libweburl_capi` in `lib_dir`, with
/// the flags `extra` too (`asan.rs`: `-fsanitize=address`).
pub fn compile(
    source: &Path,
    exe: &Path,
    includes: &[&Path],
    lib_dir: &Path,
    extra: &[&str],
) -> Result {
    let mut cmd = Command::new(c_compiler());
    cmd.args(["-std=c11", "-O1", "-g"])
        .args(extra)
        .args(["-Wall", "-Wextra", "-Werror"]);
    for dir in includes {
        cmd.arg("-I").arg(dir);
    }
    cmd.arg(source)
        .arg("-o")
        .arg(exe)
        .arg("-L")
        .arg(lib_dir)
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
        .arg("-lweburl_capi");
    let status = cmd.status().map_err(|e| {
        Failure::new(format!(
            "could not start the C compiler `{}` ({e}); set CC",
            c_compiler()
        ))
    })?;
    if !status.success() {
        return Err(Failure::new(format!(
            "compiling {}{} failed ({status})",
            source.display(),
            extra.iter().map(|f| format!(" {f}")).collect::<String>()
        )));
    }
    Ok(())
}

fn valgrind_available() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn execute(exe: &Path, args: &[String], valgrind: bool) -> Result {
    let mut cmd = if valgrind {
        let mut c = Command::new("valgrind");
        // The suppressions cover one process-wide cache (weburl-display's default spoof
        // checker), see the file; enough callers that its frames are in every stack.
        let supp = util::workspace_root().join("crates/capi/tests/c/valgrind.supp");
        c.args([
            "-q",
            "--leak-check=full",
            "--error-exitcode=1",
            "--num-callers=64",
        ])
        .arg(format!("--suppressions={}", supp.display()))
        .arg(exe);
        c
    } else {
        Command::new(exe)
    };
    cmd.args(args);
    let what = if valgrind {
        format!("valgrind {}", exe.display())
    } else {
        exe.display().to_string()
    };
    util::run_streaming(&mut cmd, &what)
}

/// ada's own `ada_c.h` in cargo's registry (the `ada-url` crate's `deps/`), if there.
fn ada_header() -> Option<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    let registry = home.join("registry/src");
    let mut found = Vec::new();
    for index in std::fs::read_dir(registry).ok()?.flatten() {
        for krate in std::fs::read_dir(index.path()).ok()?.flatten() {
            let name = krate.file_name().to_string_lossy().into_owned();
            if name.starts_with("ada-url-4.") && krate.path().join("deps/ada_c.h").is_file() {
                found.push(krate.path().join("deps"));
            }
        }
    }
    found.sort();
    found.pop()
}

/// The first ```c block of a Markdown file (the README's, `docs/c.md`'s).
fn write_readme_example(readme: &Path, out: &Path) -> Result {
    let text = std::fs::read_to_string(readme)
        .map_err(|e| Failure::new(format!("{}: {e}", readme.display())))?;
    let code = text
        .split_once("\n```c\n")
        .and_then(|(_, s)| s.split_once("\n```"))
        .map(|(code, _)| code)
        .ok_or_else(|| Failure::new(format!("{} has no ```c example", readme.display())))?;
    std::fs::write(out, format!("{code}\n"))
        .map_err(|e| Failure::new(format!("{}: {e}", out.display())))
}
