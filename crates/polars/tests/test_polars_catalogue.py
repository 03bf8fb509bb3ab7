"""The catalogue test for Polars: the ``url`` namespace has a method for each of weburl's own
functions of the catalogue (``weburl_functions::catalogue``, as the base package's
``weburl._weburl._catalogue()`` gives it; both packages are built from the same crate) and no
other, every record's example gives the record's result through Polars, and
``weburl_polars/__init__.pyi`` is the text generated from the records.

``python crates/polars/tests/test_polars_catalogue.py --write`` rewrites the stub from the
installed base package's catalogue."""

import sys
import textwrap
from pathlib import Path

STUB = Path(__file__).resolve().parents[1] / "python" / "weburl_polars" / "__init__.pyi"


def records():
    from weburl import _weburl

    return _weburl._catalogue()


def own(records):
    return [r for r in records if r["dialect"] is None]


def method(record):
    return record["name"].removeprefix("url_")


def column_index(record):
    """The argument the expression's column is: ``ref`` if the record has one, else the first
    (the rule of crates/polars/src/polars.rs)."""
    names = [name for name, _ in record["arguments"]]
    return names.index("ref") if "ref" in names else 0


def stub_text(records):
    lines = [
        "# Generated from weburl_functions::catalogue by crates/polars/tests/test_polars_catalogue.py",
        "# (`python crates/polars/tests/test_polars_catalogue.py --write`); do not edit.",
        "from typing import Optional, Tuple, Union",
        "",
        "import polars as pl",
        "",
        "COMPONENTS: Tuple[str, ...]",
        "",
        "_IntoStr = Union[str, pl.Expr]",
        "",
        "class UrlNamespace:",
        "    def __init__(self, expr: pl.Expr) -> None: ...",
        "    def component(self, name: str) -> pl.Expr: ...",
    ]
    for r in own(records):
        at = column_index(r)
        params = ["self"]
        for i, (name, optional) in enumerate(r["arguments"]):
            if i == at:
                continue
            params.append(f"{name}: Optional[_IntoStr] = None" if optional else f"{name}: _IntoStr")
        lines.append(f"    def {method(r)}({', '.join(params)}) -> pl.Expr:")
        doc = textwrap.wrap(r["description"], 88)
        doc += ["", f"SQL: ``{r['call']}`` is ``{r['result']}``."]
        lines.append('        """' + doc[0])
        lines += [("        " + line).rstrip() for line in doc[1:]]
        lines.append('        """')
    return "\n".join(lines) + "\n"


def sql_literals(call):
    """The string literals of ``f('a', 'b')`` and the field of a trailing ``['field']``."""
    rest = call[call.index("(") + 1:]
    args = []
    while True:
        rest = rest.lstrip()
        if rest.startswith(")"):
            after = rest[1:]
            field = after[2:-2] if after.startswith("['") else None
            return args, field
        assert rest.startswith("'"), call
        end = rest.index("'", 1)
        args.append(rest[1:end])
        rest = rest[end + 1:].lstrip().removeprefix(",")


def sql_text(value, top=True):
    """A result written as the catalogue writes it."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'" if top else value
    if isinstance(value, list):
        return "[" + ", ".join(sql_text(v, False) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {sql_text(v, False)}" for k, v in value.items()) + "}"
    return str(value)


def test_namespace_has_exactly_the_catalogues_functions():
    import weburl_polars

    methods = {
        m
        for m in vars(weburl_polars.UrlNamespace)
        if not m.startswith("_") and m != "component"
    }
    catalogue = {method(r) for r in own(records())}
    assert sorted(catalogue - methods) == [], "in the catalogue, not in the namespace"
    assert sorted(methods - catalogue) == [], "in the namespace, not in the catalogue"
    assert len(catalogue) == 41


def test_every_catalogue_example_holds_in_polars():
    import polars as pl
    import weburl_polars  # noqa: F401

    failed = []
    for r in own(records()):
        args, field = sql_literals(r["call"])
        at = column_index(r)
        others = [a for i, a in enumerate(args) if i != at]
        expr = getattr(pl.lit(args[at], dtype=pl.String).url, method(r))(*others)
        if field is not None:
            expr = expr.struct.field(field)
        value = pl.select(expr).item()
        if isinstance(value, pl.Series):
            value = value.to_list()
        got = sql_text(value)
        if got != r["result"]:
            failed.append(f"{r['call']}: {got} != {r['result']}")
    assert failed == []


def test_stub_is_generated_from_the_catalogue():
    assert STUB.read_text() == stub_text(records()), (
        "__init__.pyi differs from the catalogue: run python crates/polars/tests/test_polars_catalogue.py --write"
    )


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        STUB.write_text(stub_text(records()))
        print(f"wrote {STUB}")
    else:
        print(stub_text(records()), end="")
