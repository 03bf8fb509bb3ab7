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

Common Crawl's URL index fields (``url_surtkey``, ``url_host_name``, ``url_host_tld``,
``url_host_2nd_last_part`` ... ``url_host_5th_last_part``, ``url_host_registry_suffix``,
``url_host_registered_domain``, ``url_host_private_suffix``, ``url_host_private_domain``,
``url_host_name_reversed``), by the compiled Public Suffix List or a
:class:`PublicSuffixList` of the caller's; the SQL engines and Polars have one function per
field:

>>> f = canon.common_crawl("https://myblog.blogspot.com/post")
>>> f["url_host_registered_domain"], f["url_host_private_domain"]
('blogspot.com', 'myblog.blogspot.com')
>>> text = "com\\n// ===BEGIN PRIVATE DOMAINS===\\nexample.com\\n// ===END PRIVATE DOMAINS===\\n"
>>> psl = canon.PublicSuffixList(text)
>>> canon.common_crawl("http://a.b.example.com/", psl)["url_host_private_domain"]
'b.example.com'
>>> [f and f["url_host_name"] for f in canon.common_crawl_many(["http://127.0.0.1/", "x"])]
['127.0.0.1', None]

Tracking fields removed (``url_strip_tracking``): by the built-in list of the most common
tracking parameters, or by :class:`TrackingRules` in ClearURLs' ``data.min.json`` format,
loaded at run time (``TrackingRules.from_file(path)``, ``TrackingRules.from_bytes(data)``)
and compiled once; patterns the linear-time engine cannot compile are listed in
``TrackingRules.skipped``:

>>> canon.strip_tracking("https://example.com/a?id=7&utm_source=news&fbclid=x#top")
'https://example.com/a?id=7#top'
>>> rules = canon.TrackingRules.from_bytes(b'{"providers": {"shop": {"urlPattern": "shop", "rules": ["ref"]}}}')
>>> canon.strip_tracking_many(["https://shop.example/?ref=1&q=2", "no url"], rules)
['https://shop.example/?q=2', None]
"""

from weburl._weburl import (
    PublicSuffixList,
    TrackingRules,
    aggressive,
    aggressive_many,
    common_crawl,
    common_crawl_many,
    safe_browsing,
    safe_browsing_expressions,
    safe_browsing_expressions_many,
    safe_browsing_hash_prefixes,
    safe_browsing_many,
    semantic,
    semantic_many,
    ssurt,
    ssurt_many,
    strip_tracking,
    strip_tracking_many,
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
    "common_crawl",
    "common_crawl_many",
    "PublicSuffixList",
    "strip_tracking",
    "strip_tracking_many",
    "TrackingRules",
]
