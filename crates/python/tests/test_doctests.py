"""The modules' docstring examples, run as doctests."""

import doctest

import pytest

import weburl
import weburl.ada
import weburl.tldextract
import weburl.surt
import weburl.canon


@pytest.mark.parametrize(
    "module", [weburl, weburl.ada, weburl.tldextract, weburl.surt, weburl.canon], ids=lambda m: m.__name__
)
def test_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


GUIDES = [("README.md", "### Python"), ("docs/python.md", None)]


@pytest.mark.parametrize("name,heading", GUIDES, ids=[g[0] for g in GUIDES])
def test_guide_python_examples(name, heading):
    """The ``>>>`` examples of the README's "Python" section and of docs/python.md, run as
    doctests (each block on its own), so that none can rot."""
    import pathlib
    import re

    text = (pathlib.Path(__file__).resolve().parents[3] / name).read_text(encoding="utf-8")
    if heading is not None:
        start = text.index("\n" + heading + "\n")
        end = text.find("\n#", start + len(heading) + 2)
        text = text[start : end if end >= 0 else len(text)]
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in b]
    assert blocks, f"{name}: no >>> examples"
    for i, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, {}, f"{name} block {i + 1}", name, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        assert runner.failures == 0, f"{name} block {i + 1}: see the doctest output above"
