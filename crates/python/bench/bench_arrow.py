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

each as wall time / CPU time of the process (all its threads). The ways are interleaved: each
round calls each of them once (the order reversed every other round), so that a change of the
machine's load falls on all of them alike; ``weburl.arrow`` over the ``string`` array and the
plugin, the pair issue #40 compares, in rounds of their own, then the others. Then whether Arrow
is at least as fast as the Polars plugin (the goal), by the best and by the median of the
rounds.
"""

import argparse
import os
import pathlib
import statistics
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


def interleaved(rounds, ways):
    """Each of ``ways`` (name -> function) called once a round for ``rounds`` rounds, after one
    call each to warm up: for each name, the wall and CPU times (every thread of the process)
    of its calls, in seconds. On a loaded machine the CPU time is the steadier of the two."""
    names = list(ways)
    for name in names:
        ways[name]()
    times = {name: [] for name in names}
    for r in range(rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            start, start_cpu = time.perf_counter(), time.process_time()
            result = ways[name]()
            elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            del result
            times[name].append((elapsed, elapsed_cpu))
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=pathlib.Path, required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rows", type=int)
    parser.add_argument("--rounds", type=int, default=5)
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
    print(
        f"bench_arrow: {rows} rows, best of {args.rounds} interleaved rounds, ns per row: "
        "wall time / CPU time"
    )
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
        # The goal's pair first, in rounds of their own; then the other ways.
        pair = {"string": lambda: pa.array(arrow_f(array))}
        if polars_plugin is not None:
            expr = getattr(pl.col("u").url, method)()
            pair["plugin"] = lambda: frame.select(expr)
        others = {
            "string_view": lambda: pa.array(arrow_f(view)),
            "dictionary": lambda: pa.array(arrow_f(dictionary)),
            "list": lambda: list_f(lines),
        }
        if series is not None:
            others["series"] = lambda: pl.Series(arrow_f(series))
        times = interleaved(args.rounds, pair) | interleaved(args.rounds, others)

        def ns(way, pick=min):
            """``(wall, CPU)`` ns per row of ``way`` (``pick`` of its rounds), or ``None``."""
            if way not in times:
                return None
            return tuple(pick(t[i] for t in times[way]) / rows * 1e9 for i in (0, 1))

        arrow_string, arrow_view, arrow_series = ns("string"), ns("string_view"), ns("series")
        arrow_dictionary, plugin, listed = ns("dictionary"), ns("plugin"), ns("list")
        cell = lambda v: "n/a" if v is None else f"{v[0]:.0f} / {v[1]:.0f}"  # noqa: E731
        print(
            f"| {name} | {cell(arrow_string)} | {cell(arrow_view)} | {cell(arrow_series)} | "
            f"{cell(arrow_dictionary)} | {cell(plugin)} | {cell(listed)} |"
        )
        if plugin is not None:
            verdicts.append((name, "best", arrow_string, plugin))
            median = lambda v: statistics.median(v)  # noqa: E731
            verdicts.append((name, "median", ns("string", median), ns("plugin", median)))
        # The same answers.
        assert pa.array(arrow_f(array)).to_pylist()[:1000] == list_f(lines[:1000])
        assert pa.array(arrow_f(dictionary)).equals(pa.array(arrow_f(array)))
    for name, pick, arrow_ns, plugin_ns in verdicts:
        for i, what in enumerate(("wall", "CPU")):
            ok = arrow_ns[i] <= plugin_ns[i]
            print(
                f"bench_arrow: {name} ({what}, {pick}): arrow {arrow_ns[i]:.1f} ns/row vs Polars "
                f"plugin {plugin_ns[i]:.1f} ns/row ({arrow_ns[i] / plugin_ns[i]:.2f}x): "
                f"{'at least as fast' if ok else 'SLOWER'}"
            )
    print(f"bench_arrow: load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if not verdicts:
        print("bench_arrow: the Polars plugin (weburl-polars) is not installed: no comparison")


if __name__ == "__main__":
    main()
