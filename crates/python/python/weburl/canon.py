"""Canonical URL keys (weburl-canon): IIPC urlcanon's SSURT and Google Safe Browsing's
canonicalization and lookup expressions ("URLs and Hashing", v4 with v5's IPv6 rules). SURT
keys are in :mod:`weburl.surt`. Each function raises ``ValueError`` where the rule set has no
answer; each ``*_many`` batch form takes a list of strings, releases the GIL, and gives
``None`` there instead (the SQL functions ``url_ssurt``, ``url_safe_browsing`` and
``url_safe_browsing_expressions``).

>>> from weburl import canon
>>> canon.ssurt("http://user:pass@foo.example.org:81/path?query#frag")
'org,example,foo,//:81:http@user:pass/path?query#frag'
>>> canon.safe_browsing("http://3279880203/a/./b/../blah#top")
'http://195.127.0.11/a/blah'
>>> canon.safe_browsing_expressions("http://a.b.c/1/2.html?param=1")[:4]
['a.b.c/1/2.html?param=1', 'a.b.c/1/2.html', 'a.b.c/', 'a.b.c/1/']
>>> canon.safe_browsing_hash_prefixes("http://a.b/")
[b'.\\xc5\\xfb\\xb0']
>>> canon.safe_browsing_many(["www.google.com", "mailto:a@example.com"])
['http://www.google.com/', None]

IIPC urlcanon's semantic and aggressive canonical URLs (its rule sets on the URL Standard's
parse; the batch forms give ``None`` where there is none):

>>> canon.semantic("HTTP://u:p@Example.com.../a//b/%2e%2e/c?b=%41&a#f")
'http://example.com/a/c?a&b=A'
>>> canon.aggressive_many(["https://www12.foo.com/A/?sid=9682993c8daa2c5497996114facdc805&B=1", "no scheme"])
['http://foo.com/a?b=1', None]
"""

from weburl._weburl import (
    aggressive,
    aggressive_many,
    safe_browsing,
    safe_browsing_expressions,
    safe_browsing_expressions_many,
    safe_browsing_hash_prefixes,
    safe_browsing_many,
    semantic,
    semantic_many,
    ssurt,
    ssurt_many,
)

__all__ = [
    "semantic",
    "aggressive",
    "semantic_many",
    "aggressive_many",
    "ssurt",
    "safe_browsing",
    "safe_browsing_expressions",
    "safe_browsing_hash_prefixes",
    "ssurt_many",
    "safe_browsing_many",
    "safe_browsing_expressions_many",
]
