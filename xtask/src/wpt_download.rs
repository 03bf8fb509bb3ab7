//! The download path of `wpt-sync` (the one a maintainer without `../shared` takes), tested
//! against a local HTTP server on 127.0.0.1 (`python3 -m http.server`) serving the synced
//! copies of the data in web-platform-tests' layout (`<rev>/url/resources/<file>`): each file
//! comes back with the manifest's checksum, and a file the server lacks is an error, not a
//! panic. Skipped, saying why, without python3 or the synced data.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::util;
use crate::wpt_sync::{download_from, sha256_hex, DATA_DIR};

/// A commit-shaped revision (the server does not care which).
const REV: &str = "0123456789abcdef0123456789abcdef01234567";

#[test]
fn downloads_match_the_manifest() {
    let root = util::workspace_root();
    let data = root.join(DATA_DIR);
    let Ok(manifest) = std::fs::read_to_string(data.join("MANIFEST")) else {
        eprintln!("skipped: no {DATA_DIR}/MANIFEST");
        return;
    };
    let files: Vec<(String, String)> = manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("revision"))
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some((w.next()?.to_owned(), w.next()?.to_owned()))
        })
        .filter(|(_, f)| !f.starts_with("urlpattern"))
        .collect();
    if files.iter().any(|(_, f)| !data.join(f).is_file()) {
        eprintln!("skipped: run `cargo xtask wpt-sync` first");
        return;
    }
    let serve = std::env::temp_dir().join(format!("weburl-wpt-download-{}", std::process::id()));
    let resources = serve.join(REV).join("url/resources");
    std::fs::create_dir_all(&resources).unwrap();
    for (_, f) in &files {
        std::fs::copy(data.join(f), resources.join(f)).unwrap();
    }
    let Ok(mut server) = Command::new("python3")
        .args([
            "-u",
            "-m",
            "http.server",
            "0",
            "--bind",
            "127.0.0.1",
            "--directory",
        ])
        .arg(&serve)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        eprintln!("skipped: no python3");
        return;
    };
    // "Serving HTTP on 127.0.0.1 port N (http://127.0.0.1:N/) ..."
    let mut line = String::new();
    let out = server.stdout.take().unwrap();
    BufReader::new(out).read_line(&mut line).unwrap();
    let port: u16 = line
        .split("port ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    let template = format!("http://127.0.0.1:{port}/{{rev}}/{{dir}}/resources/{{file}}");
    let tmp = serve.join("out");
    std::fs::create_dir_all(&tmp).unwrap();
    let mut results = Vec::new();
    for (sha, f) in &files {
        let got = download_from(&template, REV, f, &tmp).map(|b| sha256_hex(&b));
        results.push((f.clone(), got.ok() == Some(sha.clone())));
    }
    let missing = download_from(&template, REV, "no-such-file.json", &tmp);
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&serve);
    for (f, ok) in &results {
        assert!(ok, "{f}: downloaded copy does not match the manifest");
    }
    assert!(missing.is_err());
    eprintln!("wpt download: {} passed, 0 failed", results.len());
}
