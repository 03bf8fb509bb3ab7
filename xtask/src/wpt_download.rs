//! The download path of `wpt-sync` (the one a maintainer without `../shared` takes), tested
//! against a local HTTP server on 127.0.0.1 (`python3 -m http.server`) serving the synced
//! copies of the data in web-platform-tests' layout (`<rev>/<dir>/resources/<file>`, each
//! file under the revision the manifest pins it to): the sync downloads every file of
//! `wpt-data/MANIFEST` at its pinned commit and checks it, a second run fetches nothing, and a
//! file the server lacks (another revision, another name) is an error, not a panic. Skipped,
//! saying why, without python3 or the synced data.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use crate::util;
use crate::wpt_sync::{download_from, download_plan, sha256_hex, sync_by_download, DATA_DIR};

/// A commit-shaped revision that the server does not have.
const OTHER_REV: &str = "0123456789abcdef0123456789abcdef01234567";

/// `python3 -m http.server` on 127.0.0.1 serving `dir`, and its port.
fn serve(dir: &Path) -> Option<(Child, u16)> {
    let mut server = Command::new("python3")
        .args(["-u", "-m", "http.server", "0", "--bind", "127.0.0.1"])
        .arg("--directory")
        .arg(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    // "Serving HTTP on 127.0.0.1 port N (http://127.0.0.1:N/) ..."
    let mut line = String::new();
    let out = server.stdout.take()?;
    BufReader::new(out).read_line(&mut line).ok()?;
    let port = line
        .split("port ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|p| p.parse().ok());
    match port {
        Some(port) => Some((server, port)),
        None => {
            let _ = server.kill();
            let _ = server.wait();
            panic!("no port in {line:?}");
        }
    }
}

#[test]
fn downloads_match_the_manifest() {
    let root = util::workspace_root();
    let data = root.join(DATA_DIR);
    let Ok(manifest) = std::fs::read_to_string(data.join("MANIFEST")) else {
        eprintln!("skipped: no {DATA_DIR}/MANIFEST");
        return;
    };
    let plan = download_plan(&manifest).unwrap();
    if plan.iter().any(|(_, f, _, _)| !data.join(f).is_file()) {
        eprintln!("skipped: run `cargo xtask wpt-sync` first");
        return;
    }
    let dir = std::env::temp_dir().join(format!("weburl-wpt-download-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let site = dir.join("site");
    for (_, file, rev, wpt_dir) in &plan {
        let resources = site.join(rev).join(wpt_dir).join("resources");
        std::fs::create_dir_all(&resources).unwrap();
        std::fs::copy(data.join(file), resources.join(file)).unwrap();
    }
    let Some((mut server, port)) = serve(&site) else {
        eprintln!("skipped: no python3");
        let _ = std::fs::remove_dir_all(&dir);
        return;
    };
    let template = format!("http://127.0.0.1:{port}/{{rev}}/{{dir}}/resources/{{file}}");

    // The sync into an empty directory downloads every file at its pin and checks it.
    let out = dir.join("wpt-data");
    std::fs::create_dir_all(&out).unwrap();
    let first = sync_by_download(&manifest, &template, &out);
    let copied: Vec<(String, bool)> = plan
        .iter()
        .map(|(sha, file, _, _)| {
            let got = std::fs::read(out.join(file)).map(|b| sha256_hex(&b));
            (file.clone(), got.ok().as_ref() == Some(sha))
        })
        .collect();
    // A file at a revision the server lacks, or a name it lacks, is an error (a 404).
    let (_, file, rev, _) = &plan[0];
    let wrong_rev = download_from(&template, OTHER_REV, file, &out);
    let wrong_name = download_from(&template, rev, "no-such-file.json", &out);
    // With everything present and matching, a second sync fetches nothing (the server is gone).
    let _ = server.kill();
    let _ = server.wait();
    let second = sync_by_download(&manifest, &template, &out);
    let _ = std::fs::remove_dir_all(&dir);

    assert!(first.is_ok(), "{:?}", first.err().map(|e| e.message));
    for (file, ok) in &copied {
        assert!(ok, "{file}: downloaded copy does not match the manifest");
    }
    assert!(second.is_ok(), "{:?}", second.err().map(|e| e.message));
    assert!(wrong_rev.is_err() && wrong_name.is_err());
    let revisions: std::collections::BTreeSet<&str> =
        plan.iter().map(|(_, _, r, _)| r.as_str()).collect();
    eprintln!(
        "wpt download: {} passed, 0 failed ({} files at {} pinned commits)",
        copied.len(),
        copied.len(),
        revisions.len()
    );
}
