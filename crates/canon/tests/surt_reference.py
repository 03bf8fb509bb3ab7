"""The `surt` package's answers for surt_diff.rs: reads a JSON file
{"inputs": [str, ...], "option_sets": {name: {option: value}}} and writes
{name: [key or null (it raised), ...]} to the output file. The option sets are shared out
over two processes."""
import json
import multiprocessing
import sys

import surt


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
