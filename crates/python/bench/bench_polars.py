"""The Polars expressions against what Polars users write today, side by side in one run.

Run by ``cargo xtask python bench`` after ``bench.py`` (or alone:
``python crates/python/bench/bench_polars.py --data ../shared/datasets [--quick]``). The four
corpora are concatenated and repeated to ``--rows`` rows (10 M by default). Prints rows per
second for:

- ``pl.col("u").url.hostname()`` and ``.url.registrable_domain()`` (eager, and lazy with the
  streaming engine);
- ``pl.col("u").map_elements(lambda x: urllib.parse.urlsplit(x).hostname)``, the usual way (on a
  slice of ``--baseline-rows`` rows: it runs Python per row);
- ``polars-tldextract``'s registrable domain, when it is installed;

then the goal ratios (hostname at least 20x ``map_elements`` and at least 5 M rows/s), and the
peak memory of a fresh process running the hostname expression over all the rows.
"""

import argparse
import json
import pathlib
import resource
import subprocess
import sys
import time
import urllib.parse

import polars as pl

import weburl.polars  # noqa: F401 - registers the namespace

CORPORA = ("kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt")


def optional(name):
    try:
        return __import__(name)
    except ImportError:
        return None


polars_tldextract = optional("polars_tldextract")


def load(data, rows):
    lines = []
    for name in CORPORA:
        path = data / name
        if path.exists():
            text = path.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff")
            lines.extend(line for line in text.splitlines() if line)
    if not lines:
        sys.exit(f"no corpus in {data}")
    repeats = -(-rows // len(lines))
    base = pl.DataFrame({"u": lines})
    return pl.concat([base] * repeats, rechunk=True).head(rows)


def best_of(rounds, f):
    best = None
    for _ in range(rounds):
        start = time.perf_counter()
        f()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def urlsplit_hostname(x):
    try:
        return urllib.parse.urlsplit(x).hostname
    except ValueError:  # urlsplit refuses some inputs (such as an unclosed '[')
        return None


def maxrss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_mib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20


def child(args):
    """A fresh process: the frame, then the hostname expression; peak RSS after each."""
    frame = load(args.data, args.rows)
    before = rss_mib()
    out = frame.select(pl.col("u").url.hostname())
    print(json.dumps({"rows": out.height, "load_mib": before, "peak_mib": maxrss_mib(),
                      "frame_mib": frame.estimated_size("mb")}))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=pathlib.Path, required=True)
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--baseline-rows", type=int, default=500_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="200k rows, one round")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.quick:
        args.rows, args.baseline_rows, args.rounds = 200_000, 50_000, 1
    if args.child:
        return child(args)
    frame = load(args.data, args.rows)
    small = frame.head(args.baseline_rows)
    print(f"\n## Polars {pl.__version__}: {frame.height:,} rows (the four corpora repeated), "
          f"{pl.thread_pool_size()} threads, best of {args.rounds}\n")
    print("| expression | rows | rows/s | ns/row | vs map_elements |")
    print("|---|---:|---:|---:|---:|")

    def rate(df, expr, lazy=False):
        if lazy:
            run = lambda: df.lazy().select(expr).collect(engine="streaming")  # noqa: E731
        else:
            run = lambda: df.select(expr)  # noqa: E731
        return df.height / best_of(args.rounds, run)

    baseline = rate(small, pl.col("u").map_elements(urlsplit_hostname, return_dtype=pl.String))
    rows = [
        ("pl.col('u').url.hostname()", frame.height, rate(frame, pl.col("u").url.hostname())),
        ("  (lazy, streaming engine)", frame.height,
         rate(frame, pl.col("u").url.hostname(), lazy=True)),
        ("pl.col('u').url.registrable_domain()", frame.height,
         rate(frame, pl.col("u").url.registrable_domain())),
        ("map_elements(urlsplit(x).hostname)", small.height, baseline),
    ]
    if polars_tldextract is not None:
        try:
            # Both sections of the list, as weburl's registrable domain.
            expr = polars_tldextract.registrable_domain(pl.col("u"), include_private=True)
            rows.append(("polars_tldextract.registrable_domain(u)", frame.height,
                         rate(frame, expr)))
        except Exception as e:  # noqa: BLE001 - report what the other package did
            print(f"polars-tldextract failed: {e!r}")
    for name, n, r in rows:
        print(f"| {name} | {n:,} | {r:,.0f} | {1e9 / r:,.1f} | {r / baseline:,.1f}x |")
    hostname = rows[0][2]
    print("\n### Goals\n")
    print("| goal | measured | met |")
    print("|---|---:|---|")
    print(f"| hostname >= 20x map_elements | {hostname / baseline:,.1f}x | "
          f"{'yes' if hostname / baseline >= 20 else 'NO'} |")
    print(f"| hostname >= 5 M rows/s ({pl.thread_pool_size()} threads) | {hostname / 1e6:,.2f} M | "
          f"{'yes' if hostname >= 5e6 else 'NO'} |")
    out = subprocess.run(
        [sys.executable, __file__, "--child", "--data", str(args.data), "--rows", str(args.rows)],
        capture_output=True, text=True, check=True)
    mem = json.loads(out.stdout)
    print(f"\nPeak memory, a fresh process, {mem['rows']:,} rows: {mem['peak_mib']:,.0f} MiB "
          f"(resident before the expression: {mem['load_mib']:,.0f} MiB; the frame itself "
          f"{mem['frame_mib']:,.0f} MiB)")


if __name__ == "__main__":
    main()
