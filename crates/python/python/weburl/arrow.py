"""weburl's SQL functions over Arrow columns: ``weburl.arrow.hostname(array)``,
``registrable_domain``, ``query_param(array, "q")``, ... one function per function of the
catalogue (``url_<name>`` in SQL: the same records as DataFusion's, DuckDB's and Polars'
functions, with the same results and NULL rules).

The column is any object with ``__arrow_c_array__`` or ``__arrow_c_stream__`` (the Arrow
PyCapsule interface): a pyarrow ``Array``, ``ChunkedArray``, one-column ``Table`` or
``RecordBatch``, a Polars ``Series``, a DuckDB relation of one column, a nanoarrow array, ...
of ``string``, ``large_string``, ``string_view`` or ``binary`` (a row that is not UTF-8 is
NULL), or dictionary-encoded strings (pyarrow's ``DictionaryArray``, Polars' ``Categorical``
and ``Enum``, pandas' ``category`` through ``Series.url``: each function runs once per
dictionary value that the rows use, and the result is of the type a plain string column gives;
an index outside the dictionary is a ``ValueError``). It is read in place, without a copy and
without importing pyarrow; the whole batch runs with the GIL released (split across threads
when large). The result is a :class:`Array`: ``pa.array(result)``,
``pa.chunked_array(result)``, ``pl.Series(result)`` or ``nanoarrow.c_array(result)`` take it
without a copy; a chunked input gives a result of the same chunks. Its type follows the
function's: ``string`` for a string (whatever the input's string type), ``int32`` for a port,
``bool``, ``list<string>``, ``list<struct<name, value>>`` for ``query_params``, a struct of
every component for ``parse``.

The other arguments (``query_param``'s name, ``join``'s base, ``is_valid``'s base, ...) are
each a ``str`` (the same for every row) or an Arrow string column of as many rows (a value per
row; one of one row is the same for every row), as in Polars' ``url`` namespace. For ``join``
the column is the references and the argument the base, as in Polars' ``url.join``.

>>> import pyarrow as pa
>>> import weburl.arrow
>>> urls = pa.array(["https://WWW.Example.co.uk:8443/a?q=caf%C3%A9", "not a url", None])
>>> pa.array(weburl.arrow.hostname(urls)).to_pylist()
['www.example.co.uk', None, None]
>>> pa.array(weburl.arrow.registrable_domain(urls)).to_pylist()
['example.co.uk', None, None]
>>> pa.array(weburl.arrow.query_param(urls, "q")).to_pylist()
['café', None, None]
>>> pa.array(weburl.arrow.port(urls)).type
DataType(int32)
>>> pa.array(weburl.arrow.join(pa.array(["../c"]), "https://example.com/a/b")).to_pylist()
['https://example.com/c']
>>> pa.array(weburl.arrow.query_param(urls, pa.array(["q", "x", "y"]))).to_pylist()
['café', None, None]
"""

from __future__ import annotations

import inspect

from weburl import _weburl
from weburl._weburl import Array

__all__ = ["Array", "FUNCTIONS", "call"]


def call(function: str, array, *args):
    """The catalogue function ``function`` by its SQL name (``url_hostname``, or a dialect
    function such as ``cutWWW``) over ``array``: ``weburl.arrow.hostname(a)`` is
    ``call("url_hostname", a)``.

    >>> import pyarrow as pa, weburl.arrow
    >>> pa.array(weburl.arrow.call("url_host", pa.array(["https://a.example:81/"]))).to_pylist()
    ['a.example:81']
    """
    return _weburl._arrow_call(function, array, list(args))


def _column_index(arguments):
    """Which argument is the column: ``ref`` if the record has one, else the first."""
    names = [name for name, _ in arguments]
    return names.index("ref") if "ref" in names else 0


def _function(record):
    """The Python function of one catalogue record."""
    sql = record["name"]
    name = sql[len("url_") :]
    arguments = record["arguments"]
    column = _column_index(arguments)
    others = [a for i, a in enumerate(arguments) if i != column]
    parameters = [inspect.Parameter("array", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    for arg, optional in others:
        parameters.append(
            inspect.Parameter(
                arg,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=None if optional else inspect.Parameter.empty,
            )
        )
    signature = inspect.Signature(parameters)

    def function(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        values = [bound.arguments[arg] for arg, _ in others]
        # Leave out trailing optional arguments left at None; a required argument's None
        # stays (a NULL argument, so every row is NULL).
        optionals = [optional for _, optional in others]
        while values and values[-1] is None and optionals[len(values) - 1]:
            values.pop()
        return _weburl._arrow_call(sql, bound.arguments["array"], values)

    function.__name__ = function.__qualname__ = name
    function.__module__ = __name__
    function.__signature__ = signature
    function.__doc__ = (
        f"``{record['name']}`` over an Arrow column: {record['description']}\n\n"
        f"SQL: ``{record['call']}`` is ``{record['result']}``."
    )
    return function


#: Each function's catalogue record (``weburl._weburl._catalogue()``), by its Python name.
FUNCTIONS = {
    r["name"][len("url_") :]: r
    for r in _weburl._catalogue()
    if r["dialect"] is None and r["name"].startswith("url_")
}

for _name, _record in FUNCTIONS.items():
    globals()[_name] = _function(_record)
    __all__.append(_name)
del _name, _record
