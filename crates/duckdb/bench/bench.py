"""The DuckDB extension's speed, in one run: count(url_hostname(url)) and
count(url_registrable_domain(url)) over the four corpora repeated to ROWS rows, against the
regular expression DuckDB users write instead, and the facade in a plain loop on one core
(examples/facade_loop.rs); count(url_surt(url)) (the surt package's SURT key) against the
SURT-like key users build today from regexp_extract / regexp_replace / string_split /
list_reverse (host lowercased, www stripped, labels reversed, path without a trailing slash:
no query sorting, session ids or percent-decoding, so a looser key), with how many rows the
two keys agree on. Prints a Markdown table and the process's peak memory.

python crates/duckdb/bench/bench.py --extension target/duckdb/weburl.duckdb_extension \
    --data DIR [--rows N] [--facade PATH]
"""

import argparse
import json
import os
import resource
import subprocess
import time

import duckdb

CORPORA = ["isaacs_files.txt", "kasztp.txt", "node_files.txt", "userbait.txt"]
SCAN = "sum(length(url)): the scan alone"
REGEX = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]*)"
# The SURT-like key in plain SQL: `com,example)/path?query`.
REGEX_SURT = (
    "array_to_string(list_reverse(string_split(regexp_replace(lower(regexp_extract(url, "
    f"'{REGEX}', 1)), '^www[0-9]*\\.', ''), '.')), ',') || ')' || "
    "coalesce(nullif(regexp_replace(lower(regexp_extract(url, "
    "'^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^#]*)', 1)), '/$', ''), ''), '/')"
)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--extension", required=True)
    p.add_argument("--data", required=True)
    p.add_argument("--rows", type=int, default=10_000_000)
    p.add_argument("--facade", default="target/duckdb-build/release/examples/facade_loop")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--threads", type=int, default=0, help="DuckDB threads (default: all cores)")
    a = p.parse_args()

    files = [os.path.join(a.data, c) for c in CORPORA]
    lines = []
    for f in files:
        with open(f, "rb") as fh:
            for line in fh.read().split(b"\n"):
                try:
                    lines.append(line.decode("utf-8"))
                except UnicodeDecodeError:
                    pass
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{a.extension}'")
    if a.threads:
        con.execute(f"SET threads = {a.threads}")
    threads = con.execute("SELECT current_setting('threads')").fetchall()[0][0]
    con.execute("CREATE TABLE corpus AS SELECT unnest(?::VARCHAR[]) AS url", [lines])
    n = len(lines)
    repeat = -(-a.rows // n)
    con.execute(
        f"CREATE TABLE urls AS SELECT url FROM (SELECT url, r FROM corpus, range({repeat}) t(r)) LIMIT {a.rows}"
    )
    rows = con.execute("SELECT count(*) FROM urls").fetchall()[0][0]

    queries = {
        SCAN: "SELECT sum(length(url)) FROM urls",
        "url_hostname": "SELECT count(url_hostname(url)) FROM urls",
        "url_registrable_domain": "SELECT count(url_registrable_domain(url)) FROM urls",
        "regexp_extract (host)": f"SELECT count(nullif(regexp_extract(url, '{REGEX}', 1), '')) FROM urls",
        "url_surt": "SELECT count(url_surt(url)) FROM urls",
        "regexp_replace SURT-like key": f"SELECT count({REGEX_SURT}) FROM urls",
    }
    results = {}
    for name, sql in queries.items():
        best = None
        for _ in range(a.runs):
            start = time.perf_counter()
            count = con.execute(sql).fetchall()[0][0]
            secs = time.perf_counter() - start
            best = secs if best is None else min(best, secs)
        results[name] = (best, count)
    agree = con.execute(f"SELECT count(*) FROM urls WHERE url_surt(url) = {REGEX_SURT}").fetchall()[0][0]
    facade = json.loads(
        subprocess.run([a.facade, str(rows)] + files, check=True, capture_output=True, text=True).stdout
    )
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    print(f"{rows:,} rows ({n:,} corpus lines repeated), DuckDB {duckdb.__version__}, {threads} threads; best of {a.runs}")
    print()
    # "beyond the scan": the query's time less that of the scan alone (DuckDB reading the
    # strings, which the facade's loop over a Vec<String> does not pay), against the facade.
    print("| query | DuckDB s | ns/row per core | facade loop, ns/row (1 core) | DuckDB per core / facade "
          "| beyond the scan / facade | non-NULL rows |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    scan = results[SCAN][0] * threads / rows * 1e9
    for name, (secs, count) in results.items():
        per_core = secs * threads / rows * 1e9
        f = facade.get(name)
        if f:
            fns = f["seconds"] / rows * 1e9
            print(f"| {name} | {secs:.3f} | {per_core:.0f} | {fns:.0f} | {per_core / fns:.2f}x "
                  f"| {(per_core - scan) / fns:.2f}x | {count:,} |")
        else:
            print(f"| {name} | {secs:.3f} | {per_core:.0f} | | | | {count:,} |")
    print()
    surt_rows = results["url_surt"][1]
    print(f"url_surt and the regexp_replace SURT-like key agree on {agree:,} of {rows:,} rows "
          f"(url_surt non-NULL on {surt_rows:,})")
    print()
    print(f"peak memory (RSS) of the DuckDB process: {peak_mib:.0f} MiB")


if __name__ == "__main__":
    main()
