"""The `surt` package's answers for surt_diff.rs: reads a JSON file
{"inputs": [str, ...], "option_sets": {name: {option: value}}} and writes
{name: [key or null (it raised), ...]} to the output file. The option sets are shared out
over two processes.

`public_suffix`: surt 0.3.1 hands tldextract the host as bytes, which raises TypeError on
Python 3 for every URL with a host; here that one call is given the host as a str, and
tldextract reads weburl's compiled Public Suffix List (crates/psl/data), not its network copy
or snapshot, so that both sides use the same list version."""
import json
import multiprocessing
import pathlib
import sys

import surt
import tldextract
from surt.handyurl import handyurl

PSL = pathlib.Path(__file__).resolve().parents[2] / "psl" / "data" / "public_suffix_list.dat"
EXTRACT = tldextract.TLDExtract(
    suffix_list_urls=(PSL.as_uri(),), cache_dir=None, fallback_to_snapshot=False
)


def registered_domain(self):
    result = EXTRACT(self.host.decode("ascii"))
    # `registered_domain`, renamed in tldextract 5.3 (the same value).
    domain = getattr(result, "top_domain_under_public_suffix", None)
    if domain is None:
        domain = result.registered_domain
    return domain.encode("ascii")


handyurl.getPublicSuffix = registered_domain


def answers(args):
    inputs, options = args
    results = []
    for url in inputs:
        try:
            results.append(surt.surt(url, **options))
        except Exception:  # surt raises ValueError, AttributeError, UnicodeError ...
            results.append(None)
    return results


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        job = json.load(f)
    names = list(job["option_sets"])
    with multiprocessing.Pool(2) as pool:
        results = pool.map(
            answers, [(job["inputs"], job["option_sets"][n]) for n in names], chunksize=1
        )
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(dict(zip(names, results)), f)


if __name__ == "__main__":
    main()
