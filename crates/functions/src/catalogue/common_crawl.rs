//! The records of Common Crawl's URL index fields (`weburl_canon::common_crawl`), named as
//! its schema (`cc-index-schema-flat.json`) names its columns. The suffix and domain fields
//! take the Public Suffix List's text as an optional second argument: the caller's list,
//! parsed by the [`Evaluator`](super::Evaluator) again only when a row's text is not the
//! previous row's.

use weburl_canon::common_crawl::Field;

use super::table::URL;
use super::{Argument, Example, Function, Nulls, Op, Type, UrlOp};

const PSL: Argument = Argument {
    name: "psl",
    description: "Optional text of a Public Suffix List, in the format of \
         `public_suffix_list.dat` (one rule a line, `//` comments, the ICANN and PRIVATE \
         sections each between its BEGIN and END markers; rules outside both sections count \
         as ICANN rules), used instead of the compiled list. It is parsed again only where a row's text is not the previous \
         row's (a column of one text: once); a text that is no list \
         is an error.",
    optional: true,
};

/// The record of `field`, named as the schema names it, with the caller's list argument
/// when the field uses the list.
const fn record(
    field: Field,
    description: &'static str,
    call: &'static str,
    result: &'static str,
) -> Function {
    Function {
        name: field.name(),
        dialect: None,
        arguments: if field.uses_list() {
            &[URL, PSL]
        } else {
            &[URL]
        },
        returns: Type::Varchar,
        nulls: Nulls::Strict,
        description,
        example: Example { call, result },
        related: None,
        differences: "",
        op: Op::Url(UrlOp::CommonCrawl(field)),
    }
}

/// Common Crawl's URL index fields, in its schema's order.
pub(super) static COMMON_CRAWL: [Function; 12] = [
    Function {
        related: Some("url_surt"),
        ..record(
            Field::Surtkey,
            "Common Crawl's `url_surtkey`: the SURT key of its CDX index, the `surt` Python \
             package's default key (the same as url_surt). NULL where `surt` raises and, as \
             for every Common Crawl field, for a string that is not a valid URL (Common \
             Crawl keys only URLs it fetched; url_surt keys any string `surt` reads).",
            "url_surtkey('https://www.example.com/path/index.html')",
            "'com,example)/path/index.html'",
        )
    },
    record(
        Field::HostName,
        "Common Crawl's `url_host_name`: the host as the URL Standard parses it (lowercase, \
         percent-decoded, IDNA to ASCII, an IPv4 address as four decimals, an IPv6 address \
         in brackets) without a trailing dot; an opaque host read as an http host. NULL \
         when the URL has no host or is not a valid URL.",
        "url_host_name('http://WWW.Example.COM./')",
        "'www.example.com'",
    ),
    record(
        Field::HostTld,
        "Common Crawl's `url_host_tld`: the host's last label. NULL for an IP address and \
         a URL without a host.",
        "url_host_tld('https://www.example.com/')",
        "'com'",
    ),
    record(
        Field::Host2ndLastPart,
        "Common Crawl's `url_host_2nd_last_part`: the host's second label from the right. \
         NULL when the host has fewer labels, for an IP address and a URL without a host.",
        "url_host_2nd_last_part('http://bbc.co.uk/')",
        "'co'",
    ),
    record(
        Field::Host3rdLastPart,
        "Common Crawl's `url_host_3rd_last_part`: the host's third label from the right. \
         NULL when the host has fewer labels, for an IP address and a URL without a host.",
        "url_host_3rd_last_part('https://www.example.com/')",
        "'www'",
    ),
    record(
        Field::Host4thLastPart,
        "Common Crawl's `url_host_4th_last_part`: the host's fourth label from the right. \
         NULL when the host has fewer labels, for an IP address and a URL without a host.",
        "url_host_4th_last_part('http://host1.subdomain.example.com/')",
        "'host1'",
    ),
    record(
        Field::Host5thLastPart,
        "Common Crawl's `url_host_5th_last_part`: the host's fifth label from the right. \
         NULL when the host has fewer labels, for an IP address and a URL without a host.",
        "url_host_5th_last_part('http://host1.sub2.subdomain.example.com/')",
        "'host1'",
    ),
    record(
        Field::HostRegistrySuffix,
        "Common Crawl's `url_host_registry_suffix`: the host's public suffix by the ICANN \
         section of the Public Suffix List (the compiled list, or the text given as `psl`). \
         NULL when no rule of the list matches (no implicit '*' rule), for an IP address \
         and a URL without a host.",
        "url_host_registry_suffix('http://mypublicbucket.s3.amazonaws.com/')",
        "'com'",
    ),
    record(
        Field::HostRegisteredDomain,
        "Common Crawl's `url_host_registered_domain`: the registry suffix and the label \
         before it. NULL where url_host_registry_suffix is and when the host is the suffix \
         itself.",
        "url_host_registered_domain('https://myblog.blogspot.com/')",
        "'blogspot.com'",
    ),
    record(
        Field::HostPrivateSuffix,
        "Common Crawl's `url_host_private_suffix`: the host's public suffix by both \
         sections of the Public Suffix List, ICANN and PRIVATE (the compiled list, or the \
         text given as `psl`). NULL when no rule of the list matches (no implicit '*' \
         rule), for an IP address and a URL without a host.",
        "url_host_private_suffix('http://mypublicbucket.s3.amazonaws.com/')",
        "'s3.amazonaws.com'",
    ),
    record(
        Field::HostPrivateDomain,
        "Common Crawl's `url_host_private_domain`: the private suffix and the label before \
         it. NULL where url_host_private_suffix is and when the host is the suffix itself.",
        "url_host_private_domain('https://myblog.blogspot.com/')",
        "'myblog.blogspot.com'",
    ),
    record(
        Field::HostNameReversed,
        "Common Crawl's `url_host_name_reversed`: the host's labels in reverse order joined \
         by dots. NULL for an IP address and a URL without a host.",
        "url_host_name_reversed('https://www.example.com/')",
        "'com.example.www'",
    ),
];
