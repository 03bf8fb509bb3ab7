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
