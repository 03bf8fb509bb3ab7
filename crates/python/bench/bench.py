"""weburl for Python against the other Python URL libraries, side by side in one run.

Run by ``cargo xtask python bench [--quick] [--rounds N] [--corpus NAME]`` (which builds the
package in release mode and installs the other libraries, each when it installs). Prints ns
per URL on each corpus for:

- parse and serialize: ``weburl.URL(x).href``, ``urllib.parse.urlsplit(x)``,
  ``ada_url.URL(x).href``, ``can_ada.parse(x).href``, ``yarl.URL(x)``;
- the hostname: the same libraries' hostname getters, and ``weburl.hostnames(list)``;
- the registrable domain: ``weburl.tldextract.extract(x)``, ``weburl.registrable_domain(x)``,
  ``weburl.registrable_domains(list)``, ``tldextract.extract(x)`` (its bundled list, no
  network) and ``publicsuffixlist``'s ``privatesuffix`` of ``urlsplit(x).hostname``;
- the SURT key: ``weburl.surt.surt(x)``, ``weburl.surt.surt_many(list)`` and the ``surt``
  package's ``surt.surt(x)`` (0.3.1, the same keys; issue 39 asks for 20x per URL);

then the goal ratios. Each round runs every library once over the whole corpus, in turn (so
that a busy machine slows them alike); a library's time is its best round, in CPU time of the
benchmark's thread (on a shared machine, time spent waiting for a core is not counted).
"""

import argparse
import pathlib
import sys
import time
import urllib.parse

import weburl
import weburl.surt as wsurt
import weburl.tldextract as wtld

CORPORA = ("kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt")


def optional(name):
    try:
        return __import__(name)
    except ImportError:
        return None


ada_url = optional("ada_url")
can_ada = optional("can_ada")
yarl = optional("yarl")
tldextract = optional("tldextract")
publicsuffixlist = optional("publicsuffixlist")
surt = optional("surt")


def per_item(f):
    """A loop calling ``f`` on each input; inputs without an answer (an exception or ``None``)
    are counted, not timed apart."""

    def run(inputs):
        failed = 0
        for x in inputs:
            try:
                if f(x) is None:
                    failed += 1
            except Exception:  # noqa: BLE001 - a library's refusal is an answer
                failed += 1
        return failed

    return run


def batch(f):
    def run(inputs):
        return sum(1 for r in f(inputs) if r is None)

    return run


def cases():
    URL, urlsplit = weburl.URL, urllib.parse.urlsplit
    href = {
        "weburl URL(x).href": per_item(lambda x: URL(x).href),
        "urllib.parse.urlsplit(x)": per_item(urlsplit),
    }
    host = {
        "weburl URL(x).hostname": per_item(lambda x: URL(x).hostname),
        "weburl.hostnames(list)": batch(weburl.hostnames),
        "urlsplit(x).hostname": per_item(lambda x: urlsplit(x).hostname),
    }
    if ada_url:
        A = ada_url.URL
        href["ada_url.URL(x).href"] = per_item(lambda x: A(x).href)
        host["ada_url.URL(x).hostname"] = per_item(lambda x: A(x).hostname)
    if can_ada:
        P = can_ada.parse
        href["can_ada.parse(x).href"] = per_item(lambda x: P(x).href)
        host["can_ada.parse(x).hostname"] = per_item(lambda x: P(x).hostname)
    if yarl:
        Y = yarl.URL
        href["yarl.URL(x)"] = per_item(Y)
        host["yarl.URL(x).host"] = per_item(lambda x: Y(x).host)
    site = {
        "weburl.tldextract.extract(x)": per_item(wtld.extract),
        "weburl.registrable_domain(x)": per_item(weburl.registrable_domain),
        "weburl.registrable_domains(list)": batch(weburl.registrable_domains),
    }
    if tldextract:
        ex = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=())
        ex("example.com")  # loads the bundled snapshot outside the timing
        site["tldextract.extract(x)"] = per_item(ex)
    if publicsuffixlist:
        psl = publicsuffixlist.PublicSuffixList()
        site["publicsuffixlist privatesuffix"] = per_item(
            lambda x: psl.privatesuffix(urlsplit(x).hostname or ""))
    key = {
        "weburl.surt.surt(x)": per_item(wsurt.surt),
        "weburl.surt.surt_many(list)": batch(wsurt.surt_many),
    }
    if surt:
        key["surt.surt(x) (surt 0.3.1)"] = per_item(surt.surt)
    return {"parse + href": href, "hostname": host, "registrable domain": site, "SURT key": key}


def measure(libs, inputs, rounds):
    """Each library's best time per input over ``rounds`` interleaved rounds, and its count of
    inputs without an answer."""
    best = {lib: None for lib in libs}
    failed = {}
    for _ in range(rounds):
        for lib, run in libs.items():
            start = time.thread_time_ns()
            failed[lib] = run(inputs)
            elapsed = time.thread_time_ns() - start
            best[lib] = elapsed if best[lib] is None else min(best[lib], elapsed)
    return {lib: (best[lib] / len(inputs), failed[lib]) for lib in libs}


def load(path):
    text = path.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff")
    return [line for line in text.splitlines() if line]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=pathlib.Path, required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="one round, 5000 URLs per corpus")
    ap.add_argument("--corpus", action="append", help="only these corpora (file names)")
    args = ap.parse_args()
    rounds = 1 if args.quick else args.rounds
    print(f"Python {sys.version.split()[0]}; weburl {getattr(weburl, '__version__', '0.1.0')}; "
          f"ada_url {getattr(ada_url, '__version__', '-') if ada_url else 'absent'}; "
          f"can_ada {'present' if can_ada else 'absent'}; yarl {yarl.__version__ if yarl else 'absent'}; "
          f"tldextract {tldextract.__version__ if tldextract else 'absent'}; "
          f"publicsuffixlist {'present' if publicsuffixlist else 'absent'}; "
          f"surt {'present' if surt else 'absent'}; best of {rounds} rounds")
    goals = []
    for name in args.corpus or CORPORA:
        path = args.data / name
        if not path.exists():
            print(f"\n{name}: missing ({path})")
            continue
        inputs = load(path)
        if args.quick:
            inputs = inputs[:5000]
        print(f"\n### {name} ({len(inputs)} URLs)\n")
        print("| task | library | ns/URL | no answer | vs weburl |")
        print("|---|---|---:|---:|---:|")
        results = {}
        for task, libs in cases().items():
            ours = None
            for lib, (ns, failed) in measure(libs, inputs, rounds).items():
                results[lib] = ns
                if ours is None:
                    ours = ns
                print(f"| {task} | {lib} | {ns:,.0f} | {failed} | {ns / ours:.2f}x |")
        baseline = [results[k] for k in ("urllib.parse.urlsplit(x)", "ada_url.URL(x).href",
                                         "can_ada.parse(x).href") if k in results]
        href_ratio = results["weburl URL(x).href"] / min(baseline)
        goals.append((name, "URL(x).href / fastest of urlsplit, ada_url, can_ada", href_ratio,
                      "<= 0.80"))
        if "tldextract.extract(x)" in results:
            rate = results["tldextract.extract(x)"] / results["weburl.tldextract.extract(x)"]
            goals.append((name, "extract rate / tldextract's", rate, ">= 10"))
        if "surt.surt(x) (surt 0.3.1)" in results:
            rate = results["surt.surt(x) (surt 0.3.1)"] / results["weburl.surt.surt(x)"]
            goals.append((name, "weburl.surt.surt rate / surt.surt's", rate, ">= 20"))
    print("\n### Goals\n")
    print("| corpus | ratio | measured | goal | met |")
    print("|---|---|---:|---|---|")
    for name, what, value, goal in goals:
        ok = value <= float(goal[3:]) if goal.startswith("<=") else value >= float(goal[3:])
        print(f"| {name} | {what} | {value:.2f} | {goal} | {'yes' if ok else 'NO'} |")


if __name__ == "__main__":
    main()
