"""The modules' docstring examples, run as doctests."""

import doctest

import pytest

import weburl
import weburl.ada
import weburl.tldextract


@pytest.mark.parametrize("module", [weburl, weburl.ada, weburl.tldextract], ids=lambda m: m.__name__)
def test_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_readme_python_examples():
    """The README's Python section: its ``>>>`` examples, run as doctests."""
    import pathlib
    import re

    readme = pathlib.Path(__file__).resolve().parents[3] / "README.md"
    text = readme.read_text(encoding="utf-8")
    start = text.index("\n## Python\n")
    end = text.index("\n## ", start + 1)
    blocks = re.findall(r"```python\n(.*?)```", text[start:end], re.S)
    examples = "\n".join(b for b in blocks if ">>>" in b)
    assert examples
    test = doctest.DocTestParser().get_doctest(examples, {}, "README Python", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0
