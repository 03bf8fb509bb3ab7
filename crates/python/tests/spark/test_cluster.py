"""weburl.spark on a real cluster (a standalone master and two workers on 127.0.0.1, started by
``conftest.py``): the registered names, every registered function's catalogue example through
Spark SQL, the DataFrame API, and a job over at least 1 M corpus rows whose every answer equals
the same function run locally through ``weburl.arrow``."""

import re
import time

import pyarrow as pa
import pyarrow.parquet as pq
from conftest import ROOT, corpus_lines
from pyspark.sql import functions as F

from weburl import _weburl
from weburl import spark as weburl_spark

ROWS = 1_000_000
# The functions of the 1 M-row job (those registered): strings, an integer, a boolean, a list.
JOB = [
    "url_hostname",
    "url_registrable_domain",
    "url_href",
    "url_pathname",
    "url_port",
    "url_is_valid",
    "url_path_segments",
]


def own_records():
    return {r["name"]: r for r in _weburl._catalogue() if r["dialect"] is None}


def local(name, *arrays):
    """``name`` run in this process through weburl.arrow (the UDF's own body, not Spark)."""
    udf = weburl_spark.udfs()[name]
    return udf.func(*arrays)


def literals(call):
    """The string literals of a catalogue example ``f('a', 'b')`` and its ``['field']``."""
    inner, _, field = call.partition(")")
    args = re.findall(r"'((?:[^']|'')*)'", inner)
    found = re.fullmatch(r"\['(\w+)'\]", field)
    return [a.replace("''", "'") for a in args], found and found.group(1)


def test_registered_names(spark):
    names = weburl_spark.functions()
    records = own_records()
    assert set(names) <= set(records)
    assert {"url_hostname", "url_registrable_domain"} <= set(names)
    typed = {n for n, r in records.items() if r["returns"] in weburl_spark.TYPES}
    assert set(names) == typed, sorted(typed - set(names))
    # Every result type of the catalogue has its Spark type (none is left out for it).
    assert typed == set(records), sorted(set(records) - typed)
    registered = {f.name for f in spark.catalog.listFunctions() if f.name.startswith("url_")}
    assert set(names) <= registered


def test_catalogue_examples(spark):
    """Every registered function's catalogue example, through Spark SQL on the cluster, gives
    what the same function gives locally, and the record's result where it is a scalar."""
    records = own_records()
    for name in weburl_spark.functions():
        record = records[name]
        got = spark.sql(f"SELECT {record['call']}").first()[0]
        args, field = literals(record["call"])
        want = local(name, *(pa.array([a]) for a in args))[0].as_py()
        if field is not None:
            want = want[field]
        if isinstance(got, list) and got and hasattr(got[0], "asDict"):
            got = [g.asDict() for g in got]
        assert got == want, (record["call"], got, want)
        result = record["result"]
        if record["returns"] == "Varchar":
            assert got == result.strip("'"), record["call"]
        elif record["returns"] == "Boolean":
            assert got == (result == "true"), record["call"]
        elif record["returns"] == "Integer":
            assert got == int(result), record["call"]


def test_dataframe_api_and_nulls(spark):
    df = spark.createDataFrame(
        [("https://www.Example.co.uk/a",), (None,), ("not a url",), ("https://exa mple.com/",)],
        "url string",
    )
    hostname = weburl_spark.udfs()["url_hostname"]
    rows = df.select(
        hostname(F.col("url")).alias("a"),
        F.call_function("url_registrable_domain", F.col("url")).alias("b"),
    ).collect()
    assert [tuple(r) for r in rows] == [
        ("www.example.co.uk", "example.co.uk"),
        (None, None),
        (None, None),
        (None, None),
    ]
    df.createOrReplaceTempView("urls")
    got = spark.sql("SELECT url_hostname(url) AS h FROM urls WHERE url IS NOT NULL").collect()
    assert [r.h for r in got] == ["www.example.co.uk", None, None]


def test_query_param_name_per_row(spark):
    """A second argument that varies from row to row (a column, not a literal)."""
    df = spark.createDataFrame(
        [("https://a.example/?q=1&r=2", "q"), ("https://a.example/?q=1&r=2", "r"),
         ("https://a.example/?q=3", None), ("https://a.example/?q=4", "q")],
        "url string, name string",
    )
    got = [r[0] for r in df.select(F.call_function("url_query_param", "url", "name")).collect()]
    want = local("url_query_param", pa.array(df.toPandas()["url"]), pa.array(df.toPandas()["name"]))
    assert got == want.to_pylist() == ["1", "2", None, "4"]


def test_join_ref_column_and_null_literals(spark):
    """url_join's column is its second argument (ref), the base going after it: over columns
    with NULLs in either, against the same body run locally; and a NULL literal argument
    (which Spark hands the worker as an Arrow null array) makes every row NULL."""
    bases = ["https://a.example/x/", None, "https://b.example/", "not a base",
             "https://c.example/d/e"]
    refs = ["y", "z", None, "https://abs.example/", "../f?g=1"]
    df = spark.createDataFrame(list(zip(bases, refs)), "base string, ref string")
    got = [r[0] for r in df.select(F.call_function("url_join", "base", "ref")).collect()]
    want = local("url_join", pa.array(bases, pa.string()), pa.array(refs, pa.string()))
    assert got == want.to_pylist() == [
        "https://a.example/x/y", None, None, None, "https://c.example/f?g=1"
    ]
    df.createOrReplaceTempView("joins")
    got = spark.sql("SELECT url_join(base, 'h') AS j FROM joins").collect()
    assert [r.j for r in got] == [
        "https://a.example/x/h", None, "https://b.example/h", None, "https://c.example/d/h"
    ]
    urls = spark.createDataFrame(
        [("https://a.example/?q=1",), ("https://b.example/?r=2",), (None,)], "url string"
    )
    urls.createOrReplaceTempView("nulls_t")
    got = spark.sql("SELECT url_query_param(url, NULL) AS v FROM nulls_t").collect()
    assert [r.v for r in got] == [None, None, None]
    got = spark.sql("SELECT url_join(NULL, url) AS v FROM nulls_t").collect()
    assert [r.v for r in got] == [None, None, None]


def test_large_var_types(spark):
    """With spark.sql.execution.arrow.useLargeVarTypes on, register() makes bodies that hand
    back the types the worker then expects (large_string, a list of large_string), and the
    answers are the same; udfs() alone keeps string unless asked."""
    from pyspark.sql.pandas.types import to_arrow_type
    from pyspark.sql.types import ArrayType, StringType

    url = pa.array(["https://a.example/x/y", None])
    assert local("url_hostname", url).type == pa.string()
    large = weburl_spark.udfs(large_var_types=True)
    assert large["url_hostname"].func(url).type == pa.large_string()
    expected = to_arrow_type(ArrayType(StringType()), prefers_large_types=True)
    assert large["url_path_segments"].func(url).type == expected
    assert expected.value_type == pa.large_string()
    df = spark.createDataFrame([("https://a.example/x/y",), (None,)], "url string")
    query = df.select(
        F.call_function("url_hostname", "url"),
        F.call_function("url_path_segments", "url"),
        F.call_function("url_port", "url"),
    )
    plain = [tuple(r) for r in query.collect()]
    spark.conf.set(weburl_spark.LARGE_VAR_TYPES, "true")
    try:
        made = weburl_spark.register(spark)
        assert made["url_hostname"].func(url).type == pa.large_string()
        got = [tuple(r) for r in query.collect()]
    finally:
        spark.conf.unset(weburl_spark.LARGE_VAR_TYPES)
        weburl_spark.register(spark)
    assert got == plain == [("a.example", ["x", "y"], None), (None, None, None)]


def test_million_rows(spark, cluster, tmp_path):
    """>= 1 M rows (the corpora, repeated) on the two workers: each function's answer for every
    row equals the answer computed here, before the job, through weburl.arrow."""
    lines = corpus_lines()
    repeats = -(-ROWS // len(lines))
    urls = pa.array(lines * repeats, pa.string())
    names = [n for n in JOB if n in weburl_spark.functions()]
    columns = {"url": urls}
    for name in names:
        columns[f"want_{name}"] = local(name, urls)
    path = tmp_path / "urls.parquet"
    pq.write_table(pa.table(columns), path, row_group_size=128 * 1024)

    start = time.monotonic()
    df = spark.read.parquet(str(path)).repartition(8)
    checks = [F.count(F.lit(1)).alias("rows")]
    for name in names:
        same = F.call_function(name, F.col("url")).eqNullSafe(F.col(f"want_{name}"))
        checks.append(F.sum(F.when(same, 0).otherwise(1)).alias(name))
    result = df.agg(*checks).first().asDict()
    elapsed = time.monotonic() - start
    executors = spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size() - 1
    print(f"\n{len(urls):,} rows x {len(names)} functions on {executors} executors: {elapsed:.1f} s")
    assert executors == 2
    assert result["rows"] == len(urls) >= ROWS
    assert {n: result[n] for n in names} == {n: 0 for n in names}
    # The job's answers are not all NULL: the corpora have hosts.
    assert urls.null_count == 0
    assert columns["want_url_hostname"].null_count < len(urls) // 2


def test_map_in_arrow_recipe(spark):
    """docs/spark.md's mapInArrow recipe, run as written."""
    text = (ROOT / "docs" / "spark.md").read_text(encoding="utf-8")
    recipe = text.split("<!-- recipe: mapInArrow -->", 1)[1].split("```python", 1)[1]
    recipe = recipe.split("```", 1)[0]
    scope = {"spark": spark}
    exec(compile(recipe, "docs/spark.md", "exec"), scope)
    rows = scope["result"].collect()
    assert [tuple(r) for r in rows] == scope["EXPECTED"]


def test_module_doctests(spark):
    """weburl.spark's docstring examples, with the test session as ``spark``."""
    import doctest

    result = doctest.testmod(weburl_spark, extraglobs={"spark": spark})
    assert result.attempted > 0
    assert result.failed == 0


def test_empty_and_large_batches(spark):
    """No rows, partitions without rows, and a 16 MB URL: answers, no worker lost."""
    empty = spark.createDataFrame([], "url string")
    assert empty.select(F.call_function("url_hostname", "url")).collect() == []
    few = spark.createDataFrame([("https://a.example/",), ("b",)], "url string").repartition(6)
    got = sorted(map(str, (r[0] for r in few.select(F.call_function("url_hostname", "url")).collect())))
    assert got == ["None", "a.example"]
    long = "https://a.example/" + "x" * (16 << 20)
    big = spark.createDataFrame([(long,), ("https://b.example/",)], "url string")
    got = big.select(
        F.call_function("url_hostname", "url"), F.length(F.call_function("url_pathname", "url"))
    ).collect()
    assert [tuple(r) for r in got] == [("a.example", 1 + (16 << 20)), ("b.example", 1)]
