# weburl.polars gives weburl_polars' names (the package weburl-polars), whose stub is generated
# from the catalogue (crates/polars/tests/test_polars_catalogue.py).
from weburl_polars import COMPONENTS as COMPONENTS, UrlNamespace as UrlNamespace
