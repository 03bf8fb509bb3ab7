//! `cargo xtask size --compile-work`: how much work the compiler does for the crates that
//! differ between the parse-only program with weburl's `std` feature and the one with `url`,
//! in instructions (cachegrind's `Ir`, all of rustc's threads), which do not move with the
//! machine's load as build times do.
//!
//! Each program is built from clean (`target/size-check/compile-work/PACKAGE`) with a
//! `RUSTC_WRAPPER` that runs rustc under `valgrind --tool=cachegrind --cache-sim=no` for the
//! crates one program has and the other has not (`cargo tree` of each, the program's own
//! crate included), and runs the others (the ICU crates, `syn`, ... which both build alike)
//! as they are. About two minutes per program on a 2-core machine; Linux with valgrind.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::{size_check, util, Failure, Result};

/// The two programs compared (package, and what the tables call it): `cargo xtask size`'s
/// `std` one and its `url` one.
const PROGRAMS: [(&str, &str); 2] = [size_check::PROGRAMS[1], size_check::PROGRAMS[2]];

/// The wrapper: rustc under cachegrind when `--crate-name` is one of `$WEBURL_CG_CRATES`
/// (space-separated), its output in `$WEBURL_CG_DIR/NAME.PID`.
const WRAPPER: &str = r#"#!/bin/sh
name=""
prev=""
for a in "$@"; do
  if [ "$prev" = "--crate-name" ]; then name="$a"; fi
  prev="$a"
done
case " $WEBURL_CG_CRATES " in
  *" $name "*)
    if [ -n "$name" ]; then
      exec valgrind -q --tool=cachegrind --cache-sim=no \
        --log-file="$WEBURL_CG_DIR/$name.%p.log" \
        --cachegrind-out-file="$WEBURL_CG_DIR/$name.%p" "$@"
    fi
    ;;
esac
exec "$@"
"#;

pub fn run() -> Result {
    if std::process::Command::new("valgrind")
        .arg("--version")
        .output()
        .is_err()
    {
        return Err(Failure::new(
            "--compile-work needs valgrind (apt-get install valgrind)",
        ));
    }
    let root = util::workspace_root();
    let work = root.join("target/size-check/compile-work");
    util::remove_dir(&work)?;
    std::fs::create_dir_all(&work).map_err(|e| Failure::new(format!("{}: {e}", work.display())))?;
    let wrapper = work.join("rustc-cachegrind.sh");
    std::fs::write(&wrapper, WRAPPER)
        .map_err(|e| Failure::new(format!("{}: {e}", wrapper.display())))?;
    make_executable(&wrapper)?;

    let crates: Vec<BTreeSet<String>> = PROGRAMS
        .iter()
        .map(|(package, _)| crates_of(package))
        .collect::<Result<_>>()?;
    let mut totals = Vec::new();
    for (i, (package, library)) in PROGRAMS.iter().enumerate() {
        let others: BTreeSet<&String> = crates
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .flat_map(|(_, c)| c)
            .collect();
        let own: Vec<&String> = crates[i].iter().filter(|c| !others.contains(c)).collect();
        let out = work.join(format!("{package}-cachegrind"));
        std::fs::create_dir_all(&out)
            .map_err(|e| Failure::new(format!("{}: {e}", out.display())))?;
        let target = work.join(package);
        eprintln!(
            "xtask: cargo build --release -p {package} (xtask/size-check), rustc under cachegrind for {}",
            own.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
        );
        let mut cmd = size_check::build_command(package, &target, true);
        cmd.env("RUSTC_WRAPPER", &wrapper)
            .env(
                "WEBURL_CG_CRATES",
                own.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "),
            )
            .env("WEBURL_CG_DIR", &out)
            .env_remove("RUSTC_WORKSPACE_WRAPPER");
        util::run_streaming(
            &mut cmd,
            &format!("cargo build -p {package} under cachegrind"),
        )?;
        let counts = read_counts(&out)?;
        println!("\n== compiler instructions (cachegrind Ir, billions): {library}'s own crates ==");
        let mut total = 0u64;
        for (name, ir) in &counts {
            println!("{name:28} {:8.3}", *ir as f64 / 1e9);
            total += ir;
        }
        println!("{:28} {:8.3}", "total", total as f64 / 1e9);
        totals.push((*library, total));
    }
    if let [(a, x), (b, y)] = totals.as_slice() {
        println!(
            "\n{a} / {b}: {:.3} ({:+.3} billion instructions; the crates both build are not counted)",
            *x as f64 / (*y).max(1) as f64,
            (*x as f64 - *y as f64) / 1e9
        );
    }
    Ok(())
}

/// The crate names (`--crate-name`, with `_`) a build of `package` compiles: its
/// dependencies' libraries and build-dependencies (`cargo tree`), and the program itself.
fn crates_of(package: &str) -> Result<BTreeSet<String>> {
    let root = util::workspace_root();
    let out = util::cargo()
        .current_dir(root.join("xtask/size-check"))
        .args(["tree", "--locked", "-e", "normal,build", "--prefix", "none"])
        .args(["--format", "{lib}", "-p", package])
        .output()
        .map_err(|e| Failure::new(format!("cargo tree: {e}")))?;
    if !out.status.success() {
        return Err(Failure::new(format!(
            "cargo tree -p {package} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    let mut crates = crate_names(&String::from_utf8_lossy(&out.stdout));
    crates.insert(package.replace('-', "_"));
    Ok(crates)
}

/// The crate names in `cargo tree --prefix none --format {lib}`'s output: a line per crate,
/// `name` or `name (*)` for one seen before, empty for a package without a library.
fn crate_names(tree: &str) -> BTreeSet<String> {
    tree.lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// Instructions per crate from the cachegrind files in `dir` (`NAME.PID`, each with a
/// `summary:` line).
fn read_counts(dir: &Path) -> Result<BTreeMap<String, u64>> {
    let mut counts = BTreeMap::new();
    let entries =
        std::fs::read_dir(dir).map_err(|e| Failure::new(format!("{}: {e}", dir.display())))?;
    for entry in entries.flatten() {
        let path = entry.path();
        // Valgrind's own messages (`NAME.PID.log`).
        if path.extension().is_some_and(|e| e == "log") {
            continue;
        }
        let Some(name) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.rsplit_once('.'))
            .map(|(name, _pid)| name.to_string())
        else {
            continue;
        };
        let text = std::fs::read_to_string(&path)
            .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
        let ir = text
            .lines()
            .find_map(|l| l.strip_prefix("summary:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| Failure::new(format!("{}: no summary line", path.display())))?;
        *counts.entry(name).or_insert(0) += ir;
    }
    Ok(counts)
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))
}

#[cfg(not(unix))]
fn make_executable(_: &Path) -> Result {
    Err(Failure::new("--compile-work runs on Linux (valgrind)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_names_of_a_tree() {
        let names = crate_names("\nweburl\nweburl_core\nicu_normalizer (*)\nweburl_core (*)\n");
        let expected: BTreeSet<String> = ["icu_normalizer", "weburl", "weburl_core"]
            .into_iter()
            .map(String::from)
            .collect();
        assert_eq!(names, expected);
    }

    #[test]
    fn counts_from_cachegrind_files() {
        let dir = std::env::temp_dir().join(format!("weburl-cg-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
        write("weburl_core.10", "events: Ir\nsummary: 1000\n");
        write("weburl_core.11", "events: Ir\nsummary: 234\n");
        write("weburl_core.10.log", "valgrind's messages\n");
        write("url.12", "summary: 5\n");
        let counts = read_counts(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(counts.get("weburl_core"), Some(&1234));
        assert_eq!(counts.get("url"), Some(&5));
        assert_eq!(counts.len(), 2);
    }
}
