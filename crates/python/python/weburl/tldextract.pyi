from typing import Any, Optional, Sequence, Union

__version__: str
PUBLIC_SUFFIX_LIST_URLS: tuple

class ExtractResult:
    subdomain: str
    domain: str
    suffix: str
    is_private: bool
    registry_suffix: str
    def __init__(
        self, subdomain: str, domain: str, suffix: str, is_private: bool,
        registry_suffix: Optional[str] = None,
    ) -> None: ...
    @property
    def fqdn(self) -> str: ...
    @property
    def ipv4(self) -> str: ...
    @property
    def ipv6(self) -> str: ...
    @property
    def registered_domain(self) -> str: ...
    @property
    def top_domain_under_public_suffix(self) -> str: ...
    @property
    def top_domain_under_registry_suffix(self) -> str: ...
    @property
    def reverse_domain_name(self) -> str: ...
    def __lt__(self, other: ExtractResult) -> bool: ...

class TLDExtract:
    cache_dir: Optional[str]
    suffix_list_urls: tuple
    fallback_to_snapshot: bool
    include_psl_private_domains: bool
    extra_suffixes: tuple
    def __init__(
        self,
        cache_dir: Optional[str] = None,
        suffix_list_urls: Sequence[str] = (),
        fallback_to_snapshot: bool = True,
        include_psl_private_domains: bool = False,
        extra_suffixes: Sequence[str] = (),
        cache_fetch_timeout: Union[str, float, None] = None,
    ) -> None: ...
    def __call__(
        self, url: str, include_psl_private_domains: Optional[bool] = None, session: Any = None
    ) -> ExtractResult: ...
    def extract_str(
        self, url: str, include_psl_private_domains: Optional[bool] = None, session: Any = None
    ) -> ExtractResult: ...
    def extract_urllib(
        self, url: Any, include_psl_private_domains: Optional[bool] = None, session: Any = None
    ) -> ExtractResult: ...
    def update(self, fetch_now: bool = False, session: Any = None) -> None: ...
    @property
    def tlds(self) -> list: ...

TLD_EXTRACTOR: TLDExtract

def extract(
    url: str, include_psl_private_domains: Optional[bool] = False, session: Any = None
) -> ExtractResult: ...
def update(*args: Any, **kwargs: Any) -> None: ...
def list_version() -> str: ...
