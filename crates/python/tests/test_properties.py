"""Hypothesis properties: no input, however hostile, gets anything but an answer or a
``URLError``/``TypeError`` (a Rust panic would surface as ``pyo3_runtime.PanicException``, a
``BaseException`` that these tests do not catch), and round trips hold."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import weburl
from weburl import URL, URLError, URLSearchParams, ada, tldextract

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text biased towards URL syntax, and arbitrary text (lone surrogates included).
URLISH = st.one_of(
    st.text(),
    st.text(alphabet=st.sampled_from(list("htps:/\\@[]?#%.:0123456789abcxn-é\u3002\t\n \ud800")),
            max_size=40),
    st.builds(lambda s, rest: s + rest,
              st.sampled_from(["https://", "http://", "file:///", "sc://", "mailto:", "//", "blob:", ""]),
              st.text(max_size=40)),
)
ATTRS = ("href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
         "search", "hash")


@SETTINGS
@given(URLISH, st.one_of(st.none(), URLISH))
def test_parse_never_panics_and_round_trips(input, base):
    try:
        url = URL(input, base)
    except URLError as e:
        assert e.name and isinstance(e.name, str)
        assert URL.parse(input, base) is None
        return
    assert URL.can_parse(input, base)
    again = URL(url.href)
    assert again.href == url.href
    for attr in ATTRS:
        getattr(url, attr)
    url.origin, url.search_params.items(), url.public_suffix, url.registrable_domain


@SETTINGS
@given(URLISH)
def test_validation_errors_agree_with_parse(input):
    errors = weburl.validation_errors(input)
    failed = any(e[3] for e in errors)
    assert failed == (URL.parse(input) is None)
    for name, start, end, _ in errors:
        assert 0 <= start <= end <= len(input.encode("utf-8", "surrogatepass"))


@SETTINGS
@given(URLISH, st.lists(st.tuples(st.sampled_from(ATTRS), URLISH), max_size=8))
def test_setter_sequences_never_panic(input, edits):
    url = URL.parse(input) or URL("https://example.org/")
    for attr, value in edits:
        before = url.href
        try:
            setattr(url, attr, value)
        except URLError as e:
            assert e.name
        # Whatever happened, the URL is a URL the parser gives back unchanged.
        assert URL(url.href).href == url.href, (before, attr, value)


@SETTINGS
@given(URLISH, st.booleans())
def test_tldextract_never_panics(input, private):
    r = tldextract.extract(input, private)
    assert isinstance(r.domain, str)
    r.fqdn, r.ipv4, r.ipv6, r.top_domain_under_registry_suffix, r.reverse_domain_name


@SETTINGS
@given(URLISH)
def test_ada_module_never_panics(input):
    ada.check_url(input)
    try:
        ada.parse_url(input)
    except ValueError:
        pass
    ada.idna.encode(input)
    try:
        ada.idna.decode(input)
    except UnicodeError:
        pass
    URLSearchParams(input).items()


@SETTINGS
@given(URLISH, st.one_of(st.none(), URLISH))
def test_urlpattern_never_panics(pattern, input):
    try:
        p = weburl.URLPattern(pattern, "https://example.org/")
    except URLError:
        return
    p.test(input or "", "https://example.org/")
    p.exec(input or "", "https://example.org/")


@SETTINGS
@given(URLISH)
def test_display_and_batches_never_panic(input):
    url = URL.parse(input)
    if url is not None:
        weburl.display(url, omit_scheme=True, max_width=20)
    assert weburl.hostnames([input]) == [url.hostname if url else None]
    assert weburl.registrable_domains([input]) == [url.registrable_domain if url else None]


@SETTINGS
@given(st.lists(URLISH, max_size=12))
def test_batches_answer_item_by_item(inputs):
    # The batch functions keep inputs and results in shared buffers: each answer must still be
    # its own input's, in order, whatever the neighbours (empty, failing, non-ASCII, surrogates).
    urls = [URL.parse(i) for i in inputs]
    assert weburl.hostnames(inputs) == [u.hostname if u else None for u in urls]
    assert weburl.registrable_domains(inputs) == [u.registrable_domain if u else None for u in urls]
    assert [u.href if u else None for u in weburl.parse_many(inputs)] == [u.href if u else None for u in urls]


@SETTINGS
@given(st.lists(st.tuples(st.text(), st.text()), max_size=6))
def test_search_params_round_trip(pairs):
    def usv(s):
        return s.encode("utf-16", "surrogatepass").decode("utf-16", "replace")

    params = URLSearchParams(pairs)
    assert URLSearchParams(str(params)).items() == [(usv(k), usv(v)) for k, v in params.items()]
