"""weburl's SQL functions in PySpark: :func:`register` makes every function of the catalogue
(``weburl_functions::catalogue``, the same records as DataFusion's and DuckDB's functions) a
Spark SQL function under its SQL name (``url_hostname``, ``url_registrable_domain``,
``url_query_param``, ...), for Spark SQL and for the DataFrame API (``F.call_function`` or the
returned UDFs). Each is an Arrow UDF (``pyspark.sql.functions.arrow_udf``, Spark 4.1+): the
executor's Python worker gets the column as an Arrow array and the body is one call of
``weburl.arrow.<name>`` over it, the GIL released for the batch; no pandas and no Python
string per row.

>>> from weburl import spark as weburl_spark
>>> udfs = weburl_spark.register(spark)
>>> spark.sql("SELECT url_hostname('https://BÜCHER.example/')").first()[0]
'xn--bcher-kva.example'
>>> spark.sql("SELECT url_registrable_domain('https://a.b.example.co.uk/x')").first()[0]
'example.co.uk'

Left out: the other engines' dialects (ClickHouse's, Trino's, BigQuery's and Spark's own
names: ``parse_url``, ``url_encode`` and ``url_decode`` are Spark built-ins, and names such as
``domain`` or ``path`` are too generic to register by default).

Whole rows: ``DataFrame.mapInArrow`` with the ``weburl.arrow`` functions over a batch's
columns (docs/spark.md has the recipe).

Speed: most of an Arrow UDF's time is Spark's (the rows to Arrow batches, the socket to the
Python worker and back), the same for a UDF that does nothing; the body adds one
``weburl.arrow`` call a batch. :func:`register` changes no setting of the session; the ones
that matter (Python 3.13+ on the executors, fewer larger partitions) are the session owner's
choice, and docs/spark.md's "Speed" gives them with their measurements.
"""

__all__ = ["register", "functions", "udfs", "spark_type", "TYPES", "LARGE_VAR_TYPES"]


def _records():
    from weburl import _weburl

    return [r for r in _weburl._catalogue() if r["dialect"] is None]


def _arrow():
    import weburl.arrow

    return weburl.arrow


def spark_type(returns, probe=None):
    """The Spark SQL type of a catalogue result type (``Varchar``, ``Integer``, ``BigInt``,
    ``Boolean``, ``VarcharList``, ``PairList``, ``Components``); ``Components`` takes the
    struct of ``probe`` (``weburl.arrow.parse``'s Arrow type)."""
    from pyspark.sql import types as T

    simple = {
        "Varchar": T.StringType(),
        "Integer": T.IntegerType(),
        "BigInt": T.LongType(),
        "Boolean": T.BooleanType(),
        "VarcharList": T.ArrayType(T.StringType()),
        "PairList": T.ArrayType(
            T.StructType(
                [T.StructField("name", T.StringType()), T.StructField("value", T.StringType())]
            )
        ),
    }
    if returns in simple:
        return simple[returns]
    if returns == "Components" and probe is not None:
        from pyspark.sql.pandas.types import from_arrow_type

        return from_arrow_type(_plain(probe))
    raise TypeError(f"no Spark type for the catalogue type {returns!r}")


def _plain(arrow_type):
    """``arrow_type`` with its strings as ``string`` (what Spark's Arrow reader takes)."""
    import pyarrow as pa

    if pa.types.is_large_string(arrow_type) or pa.types.is_string_view(arrow_type):
        return pa.string()
    if pa.types.is_list(arrow_type) or pa.types.is_large_list(arrow_type):
        return pa.list_(_plain(arrow_type.value_type))
    if pa.types.is_list_view(arrow_type) or pa.types.is_large_list_view(arrow_type):
        return pa.list_(_plain(arrow_type.value_type))
    if pa.types.is_struct(arrow_type):
        return pa.struct([pa.field(f.name, _plain(f.type)) for f in arrow_type])
    return arrow_type


def _body(function, record, arrow_type):
    """The UDF's body: ``function`` over the batch, as ``arrow_type``. The column argument
    goes first, the others (``query_param``'s name, ``join``'s base, ...) after it as the
    Arrow columns Spark gives (a literal is a column of one value), which ``weburl.arrow``
    takes as they are, with the catalogue's NULL rule for each row.

    The body runs once a batch in the executor's Python worker: everything that does not
    depend on the batch (the column's index, the imports) is settled here, when the UDF is
    made, and the result is cast only when its type is not ``arrow_type`` already (a
    ``Varchar`` function's ``string`` result is handed on as it is)."""
    import pyarrow as pa

    # Which argument is the column: weburl.arrow's own rule, so the two cannot disagree.
    from weburl.arrow import _column_index

    column_at = _column_index(record["arguments"])

    def body(*arrays):
        if not arrays or len(arrays[0]) == 0:
            return pa.array([], arrow_type)
        if column_at == 0:
            result = pa.array(function(*arrays))
        else:
            column = arrays[column_at]
            others = arrays[:column_at] + arrays[column_at + 1 :]
            result = pa.array(function(column, *others))
        if result.type != arrow_type:
            result = result.cast(arrow_type)
        return result

    body.__name__ = record["name"]
    body.__doc__ = record["description"]
    return body


#: The catalogue's result types that have a Spark type (:func:`spark_type`).
TYPES = ("Varchar", "Integer", "BigInt", "Boolean", "VarcharList", "PairList", "Components")


def _registrable():
    """The catalogue's own records that ``weburl.arrow`` has and whose result type Spark has,
    each with its ``weburl.arrow`` function."""
    arrow = _arrow()
    for record in _records():
        function = getattr(arrow, record["name"].removeprefix("url_"), None)
        if function is not None and record["returns"] in TYPES:
            yield record, function


def functions():
    """The names :func:`register` registers: the catalogue's own functions that ``weburl.arrow``
    has, of a result type in :data:`TYPES`."""
    return [record["name"] for record, _ in _registrable()]


#: The session setting by which Spark's Python worker wants ``large_string`` and ``large_list``
#: results from an Arrow UDF (``false`` by default).
LARGE_VAR_TYPES = "spark.sql.execution.arrow.useLargeVarTypes"


def udfs(large_var_types=False):
    """The Arrow UDFs by SQL name (not registered), for the DataFrame API:
    ``udfs()["url_hostname"](F.col("url"))``.

    Each body hands back the Arrow type Spark's worker expects for the result: ``string`` by
    default, ``large_string`` (also in lists and structs) with ``large_var_types=True``,
    which a session with ``spark.sql.execution.arrow.useLargeVarTypes`` on should pass
    (:func:`register` reads it from its session). Either way the answers are right, as
    PySpark casts an Arrow UDF's result to the type it expects; the matching type only saves
    that second cast."""
    import pyarrow as pa
    from pyspark.sql.functions import arrow_udf
    from pyspark.sql.pandas.types import to_arrow_type

    made = {}
    for record, function in _registrable():
        probe = None
        if record["returns"] == "Components":
            probe = pa.array(function(pa.array(["https://example.com/"]))).type
        returns = spark_type(record["returns"], probe)
        arrow_type = to_arrow_type(returns, prefers_large_types=large_var_types)
        made[record["name"]] = arrow_udf(_body(function, record, arrow_type), returns)
    return made


def register(spark):
    """Registers every function of :func:`functions` in ``spark`` (a ``SparkSession``) under
    its SQL name, for Spark SQL (``SELECT url_hostname(url) FROM t``) and the DataFrame API
    (``F.call_function("url_hostname", F.col("url"))``); returns the UDFs by name. No setting of
    the session is changed (``spark.sql.execution.arrow.maxRecordsPerBatch`` and the others
    stay the owner's); the results' Arrow types follow the session's
    ``spark.sql.execution.arrow.useLargeVarTypes`` as it is when ``register`` is called
    (:func:`udfs`)."""
    large = str(spark.conf.get(LARGE_VAR_TYPES, "false")).strip().lower() == "true"
    made = udfs(large_var_types=large)
    for name, udf in made.items():
        spark.udf.register(name, udf)
    return made
