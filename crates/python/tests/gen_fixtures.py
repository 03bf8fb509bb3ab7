"""Writes the answers of the real ``ada-url`` and ``tldextract`` packages to ``fixtures/``, so
that ``test_ada.py`` and ``test_tldextract.py`` compare with them offline.

Run after ``cargo xtask wpt-sync`` in an environment with both packages installed
(``cargo xtask test`` installs them when it can):

    python crates/python/tests/gen_fixtures.py [--datasets DIR]

Inputs: WPT's URL data, samples of the benchmark corpora, and hand-picked cases.
"""

import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
WPT = ROOT / "wpt-data"
# The benchmark corpora, beside the workspace as `cargo xtask bench` finds them, or
# `--datasets DIR`.
DATASETS = ROOT.parent / "shared" / "datasets"
if "--datasets" in sys.argv:
    DATASETS = pathlib.Path(sys.argv[sys.argv.index("--datasets") + 1])
SAMPLE = 125

ATTRS = ("href", "username", "password", "protocol", "port", "hostname", "host", "pathname",
         "search", "hash", "origin", "host_type", "scheme_type")


def load(name):
    return [c for c in json.loads((WPT / name).read_text(encoding="utf-8")) if isinstance(c, dict)]


def corpus_sample():
    out = []
    for name in ("kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt"):
        path = DATASETS / name
        if path.exists():
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            step = max(1, len(lines) // SAMPLE)
            out += lines[::step][:SAMPLE]
    return out


def ada_fixture():
    import ada_url

    def parsed(input, base):
        try:
            url = ada_url.URL(input, base)
        except Exception as e:  # noqa: BLE001 - the exception's type is the answer
            return {"error": type(e).__name__}
        return {a: int(getattr(url, a)) if a.endswith("_type") else getattr(url, a) for a in ATTRS}

    parse = [[c["input"], c.get("base"), parsed(c["input"], c.get("base"))]
             for c in load("urltestdata.json")]
    parse += [[u, None, parsed(u, None)] for u in corpus_sample()]
    setters = []
    data = json.loads((WPT / "setters_tests.json").read_text(encoding="utf-8"))
    for attr, cases in data.items():
        if attr == "comment":
            continue
        for c in cases:
            url = ada_url.URL(c["href"])
            try:
                setattr(url, attr, c["new_value"])
                outcome = "ok"
            except Exception as e:  # noqa: BLE001
                outcome = type(e).__name__
            setters.append([c["href"], attr, c["new_value"], outcome, url.href])
    idna = []
    for c in load("toascii.json"):
        s = c["input"]
        try:
            enc = ada_url.idna.encode(s).hex()
        except Exception as e:  # noqa: BLE001
            enc = type(e).__name__
        try:
            dec = ada_url.idna.decode(s)
        except Exception as e:  # noqa: BLE001
            dec = type(e).__name__
        idna.append([s, enc, dec])
    search = []
    for c in load("urlencoded-parser-data.json"):
        try:
            pairs = ada_url.parse_search_params(c["input"])
        except Exception as e:  # noqa: BLE001
            pairs = type(e).__name__
        try:
            text = str(ada_url.URLSearchParams(c["input"]))
        except Exception as e:  # noqa: BLE001
            text = type(e).__name__
        search.append([c["input"], pairs, text])
    return {"version": ada_url.get_version(), "parse": parse, "setters": setters, "idna": idna,
            "search_params": search}


TLD_INPUTS = [
    "http://forums.news.cnn.com/", "http://forums.bbc.co.uk/", "http://www.worldbank.org.kg/",
    "google.com", "google.notavalidsuffix", "http://127.0.0.1:8080/deployed/",
    "http://[2001:db8::1]/x", "https://user:pw@www.example.co.uk:8443/a?b#c",
    "waiterrant.blogspot.com", "a.b.c.github.io", "s3.amazonaws.com", "localhost",
    "www.google.com.", "foo.city.kobe.jp", "a.b.kobe.jp", "www.Example.COM",
    "http://münchen.de", "http://xn--mnchen-3ya.de", "http://0x7f.1/", "a\\b.com/x",
    "http://exa mple.com", "", "mailto:someone@example.org", "//example.net/x",
    "ftp://user@files.example.ac.uk", "example.com:80", "http://www.公司.cn/", "x.y.z.ck",
    "www.ck", "a.b.co.uk.", "http://example。com", "192.168.1.1", "1.2.3", "[::1]",
]


def tld_fixture():
    import tldextract

    extractor = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=())
    inputs = TLD_INPUTS + [c["input"] for c in load("urltestdata.json")] + corpus_sample()
    rows = []
    for u in inputs:
        for private in (False, True):
            r = extractor(u, include_psl_private_domains=private)
            rows.append([u, private, [r.subdomain, r.domain, r.suffix, r.is_private,
                                      r.registry_suffix, r.fqdn, r.ipv4, r.ipv6,
                                      r.top_domain_under_public_suffix,
                                      r.top_domain_under_registry_suffix,
                                      r.reverse_domain_name]])
    return {"version": tldextract.__version__, "rows": rows}


def main():
    out = HERE / "fixtures"
    out.mkdir(exist_ok=True)
    for name, make in (("ada.json", ada_fixture), ("tldextract.json", tld_fixture)):
        try:
            data = make()
        except ImportError as e:
            print(f"skipped {name}: {e}", file=sys.stderr)
            continue
        (out / name).write_text(json.dumps(data, ensure_ascii=True, indent=0) + "\n",
                                encoding="utf-8")
        print(f"wrote {out / name}")


if __name__ == "__main__":
    main()
