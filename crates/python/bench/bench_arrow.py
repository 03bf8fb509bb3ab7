"""``weburl.arrow`` against the Polars plugin and the list functions, side by side in one run.

Run by ``cargo xtask python bench`` (or alone: ``python crates/python/bench/bench_arrow.py
--data ../shared/datasets [--quick] [--rows N]``). The four corpora are concatenated and
repeated to ``--rows`` rows (1 M by default, 200 K with ``--quick``). Prints ns per row (best
of ``--rounds``) of ``url_hostname`` and ``url_registrable_domain`` through:

- ``weburl.arrow.hostname(array)`` over a pyarrow ``string`` array, a ``string_view`` array and
  a Polars ``Series`` (Arrow in, Arrow out, no Python object per row), and over the same
  strings dictionary-encoded (``array.dictionary_encode()``: the function runs once per distinct
  string, about one row in nine here, and the result is expanded to a ``string`` column);
- the Polars plugin, ``pl.col("u").url.hostname()`` in an eager ``select`` (the
  ``weburl-polars`` package; "n/a" when it is not installed);
- ``weburl.hostnames(list)`` over a list of ``str`` (a Python string per row in and out);

each as wall time / CPU time of the process (all its threads), then whether Arrow is at least
as fast as the Polars plugin (issue #40's goal) by each.
"""

import argparse
import pathlib
import sys
import time

import pyarrow as pa

import weburl
import weburl.arrow

CORPORA = ("kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt")


def optional(name):
    try:
        return __import__(name, fromlist=["_"])
    except ImportError:
        return None


pl = optional("polars")
polars_plugin = optional("weburl.polars") if pl is not None else None


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
    return (lines * repeats)[:rows]


def best_of(rounds, f):
    """The best wall time and the best CPU time (every thread of the process) of ``rounds``
    calls: on a loaded machine the CPU time is the steadier of the two."""
    wall = cpu = None
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        f()
        elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        wall = elapsed if wall is None else min(wall, elapsed)
        cpu = elapsed_cpu if cpu is None else min(cpu, elapsed_cpu)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=pathlib.Path, required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rows", type=int)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rows = args.rows or (200_000 if args.quick else 1_000_000)
    lines = load(args.data, rows)
    array = pa.array(lines, pa.string())
    view = array.cast(pa.string_view())
    dictionary = array.dictionary_encode()
    series = pl.Series("u", lines) if pl is not None else None
    frame = series.to_frame() if series is not None else None

    functions = [
        ("hostname", weburl.arrow.hostname, "hostname", weburl.hostnames),
        ("registrable_domain", weburl.arrow.registrable_domain, "registrable_domain", weburl.registrable_domains),
    ]
    print(f"bench_arrow: {rows} rows, best of {args.rounds}, ns per row: wall time / CPU time")
    header = [
        "function",
        "arrow (string)",
        "arrow (string_view)",
        "arrow (pl.Series)",
        "arrow (dictionary)",
        "Polars plugin",
        "list",
    ]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    verdicts = []
    for name, arrow_f, method, list_f in functions:
        ns = lambda times: tuple(t / rows * 1e9 for t in times)  # noqa: E731
        arrow_string = ns(best_of(args.rounds, lambda: pa.array(arrow_f(array))))
        arrow_view = ns(best_of(args.rounds, lambda: pa.array(arrow_f(view))))
        arrow_series = ns(best_of(args.rounds, lambda: pl.Series(arrow_f(series)))) if series is not None else None
        arrow_dictionary = ns(best_of(args.rounds, lambda: pa.array(arrow_f(dictionary))))
        plugin = None
        if polars_plugin is not None:
            expr = getattr(pl.col("u").url, method)()
            plugin = ns(best_of(args.rounds, lambda: frame.select(expr)))
        listed = ns(best_of(args.rounds, lambda: list_f(lines)))
        cell = lambda v: "n/a" if v is None else f"{v[0]:.0f} / {v[1]:.0f}"  # noqa: E731
        print(
            f"| {name} | {cell(arrow_string)} | {cell(arrow_view)} | {cell(arrow_series)} | "
            f"{cell(arrow_dictionary)} | {cell(plugin)} | {cell(listed)} |"
        )
        if plugin is not None:
            verdicts.append((name, arrow_string, plugin))
        # The same answers.
        assert pa.array(arrow_f(array)).to_pylist()[:1000] == list_f(lines[:1000])
        assert pa.array(arrow_f(dictionary)).equals(pa.array(arrow_f(array)))
    for name, arrow_ns, plugin_ns in verdicts:
        for i, what in enumerate(("wall", "CPU")):
            ok = arrow_ns[i] <= plugin_ns[i] * 1.05
            print(
                f"bench_arrow: {name} ({what}): arrow {arrow_ns[i]:.0f} ns/row vs Polars plugin "
                f"{plugin_ns[i]:.0f} ns/row: {'at least as fast' if ok else 'SLOWER'}"
            )
    if not verdicts:
        print("bench_arrow: the Polars plugin (weburl-polars) is not installed: no comparison")


if __name__ == "__main__":
    main()
