"""``import weburl.pandas`` registers the ``url`` accessor on pandas Series: ``s.url.hostname()``,
``s.url.registrable_domain()``, ``s.url.query_param("q")``, ... one method per function of
weburl's catalogue (``url_<name>`` in SQL), each ``weburl.arrow``'s function of that name over
the Series' column.

It takes a Series of strings: Arrow-backed (``pd.ArrowDtype`` of ``string``,
``large_string``, ``string_view`` or ``binary``, or a dictionary of them; pandas' ``str`` /
``string`` dtypes), read in place, ``category`` with string categories (its codes and
categories handed over as an Arrow dictionary: each function runs once per category), or
``object`` (``str`` items and missing values, converted to Arrow once). It returns an
Arrow-backed Series (``pd.ArrowDtype``) of the function's type, with the input's index and name;
a missing value, and a string that is not a valid URL, give ``<NA>``.

>>> import pandas as pd
>>> import weburl.pandas
>>> s = pd.Series(["https://WWW.Example.co.uk/a?q=1", "not a url", None], index=[10, 20, 30])
>>> s.url.registrable_domain().tolist()
['example.co.uk', <NA>, <NA>]
>>> s.url.query_param("q").index.tolist()
[10, 20, 30]
>>> str(s.url.port().dtype)
'int32[pyarrow]'
"""

from __future__ import annotations

import inspect

import pandas as pd
import pyarrow as pa

import weburl.arrow as _arrow

__all__ = ["UrlAccessor"]

_STRING_TYPES = (
    pa.types.is_string,
    pa.types.is_large_string,
    pa.types.is_string_view,
    pa.types.is_binary,
    pa.types.is_large_binary,
    pa.types.is_binary_view,
    pa.types.is_null,
)


def _is_arrow_strings(arrow_type) -> bool:
    if pa.types.is_dictionary(arrow_type):
        arrow_type = arrow_type.value_type
    return any(check(arrow_type) for check in _STRING_TYPES)


def _is_string_categories(dtype) -> bool:
    """Whether a ``category`` dtype's categories are strings (``object`` or a string dtype)."""
    categories = dtype.categories.dtype
    if isinstance(categories, pd.ArrowDtype):
        return _is_arrow_strings(categories.pyarrow_dtype)
    return isinstance(categories, pd.StringDtype) or categories == object


@pd.api.extensions.register_series_accessor("url")
class UrlAccessor:
    """The ``url`` accessor: ``s.url.<function>(...)`` is ``weburl.arrow.<function>`` over the
    Series, as an Arrow-backed Series with the Series' index and name (see
    ``weburl.arrow.FUNCTIONS`` for the list)."""

    def __init__(self, series: pd.Series) -> None:
        dtype = series.dtype
        if isinstance(dtype, pd.ArrowDtype):
            if not _is_arrow_strings(dtype.pyarrow_dtype):
                raise AttributeError(f"the .url accessor takes strings, not {dtype}")
        elif isinstance(dtype, pd.CategoricalDtype):
            if not _is_string_categories(dtype):
                raise AttributeError(
                    f"the .url accessor takes strings, not categories of {dtype.categories.dtype}"
                )
        elif not (isinstance(dtype, pd.StringDtype) or dtype == object):
            raise AttributeError(f"the .url accessor takes strings, not {dtype}")
        self._series = series

    def _column(self):
        """The Series' values as an Arrow column (in place where they are Arrow already)."""
        values = self._series.array
        if hasattr(values, "__arrow_array__"):
            return values.__arrow_array__()
        if isinstance(self._series.dtype, pd.CategoricalDtype):
            # A dictionary array: its codes and its categories, not a string per row; each
            # function runs once per category that a row uses.
            try:
                return pa.array(self._series)
            except (pa.ArrowInvalid, pa.ArrowTypeError) as e:
                raise TypeError(f"the .url accessor takes str values: {e}") from None
        try:
            return pa.array(self._series.to_numpy(dtype=object), type=pa.large_string(), from_pandas=True)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as e:
            raise TypeError(f"the .url accessor takes str values: {e}") from None

    def _call(self, function, *args, **kwargs) -> pd.Series:
        result = pa.chunked_array(function(self._column(), *args, **kwargs))
        return pd.Series(
            pd.arrays.ArrowExtensionArray(result),
            index=self._series.index,
            name=self._series.name,
            copy=False,
        )


def _method(name, function):
    """The accessor's method of ``weburl.arrow``'s ``function``."""
    signature = inspect.signature(function)
    parameters = list(signature.parameters.values())[1:]

    def method(self, *args, **kwargs):
        return self._call(function, *args, **kwargs)

    method.__name__ = name
    method.__qualname__ = f"UrlAccessor.{name}"
    method.__module__ = __name__
    method.__signature__ = signature.replace(
        parameters=[inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY), *parameters]
    )
    method.__doc__ = function.__doc__
    return method


for _name in _arrow.FUNCTIONS:
    setattr(UrlAccessor, _name, _method(_name, getattr(_arrow, _name)))
del _name
