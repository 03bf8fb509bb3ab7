/* weburl.h: validation errors, can_parse with the reason, public suffix and registrable
 * domain, the display form, file paths, and bad input through the extras. Prints
 * "extras: N passed, M failed". */
#include "check.h"
#include "weburl.h"

static void validation_errors(void) {
  const char* input = "https://user@example.org\\path";
  weburl_errors errors = NULL;
  ada_url url = weburl_parse_with_errors(input, strlen(input), NULL, 0, &errors);
  CHECK("parsed", str_is(ada_get_href(url), "https://user@example.org/path"));
  CHECK("two errors", weburl_errors_size(errors) == 2);
  weburl_validation_error e = weburl_errors_get(errors, 0);
  CHECK("first", str_is(e.name, "invalid-credentials") && e.start == 8 && e.end == 13 &&
                     !e.failure);
  e = weburl_errors_get(errors, 1);
  CHECK("second", str_is(e.name, "invalid-reverse-solidus") && e.start == 24 && e.end == 25);
  e = weburl_errors_get(errors, 2);
  CHECK("out of range", str_is(e.name, NULL));
  weburl_free_errors(errors);
  ada_free(url);

  const char* bad = "https://:443";
  url = weburl_parse_with_errors(bad, strlen(bad), NULL, 0, &errors);
  CHECK("failed", !ada_is_valid(url));
  size_t n = weburl_errors_size(errors);
  CHECK("failure flagged", n >= 1 && weburl_errors_get(errors, n - 1).failure &&
                               str_is(weburl_errors_get(errors, n - 1).name, "host-missing"));
  weburl_free_errors(errors);
  ada_free(url);

  const char* base = "https://example.org/a/";
  url = weburl_parse_with_errors("b c", 3, base, strlen(base), NULL);
  CHECK("with base, errors not wanted", str_is(ada_get_href(url), "https://example.org/a/b%20c"));
  ada_free(url);
  url = weburl_parse_with_errors("b", 1, "nope", 4, &errors);
  CHECK("bad base", !ada_is_valid(url) && weburl_errors_size(errors) == 0);
  weburl_free_errors(errors);
  ada_free(url);
  CHECK("errors NULL", weburl_errors_size(NULL) == 0 &&
                           str_is(weburl_errors_get(NULL, 0).name, NULL));
  weburl_free_errors(NULL);
}

static void can_parse(void) {
  weburl_validation_error why;
  CHECK("can parse", weburl_can_parse("https://a/", 10, NULL, 0, &why) && str_is(why.name, NULL));
  CHECK("cannot", !weburl_can_parse("https://exa mple/", 17, NULL, 0, &why));
  CHECK("why", why.failure && str_is(why.name, "domain-to-ASCII") && why.start == 8 && why.end == 16);
  CHECK("relative without base", !weburl_can_parse("/x", 2, NULL, 0, &why) &&
                                     str_is(why.name, "missing-scheme-non-relative-URL"));
  CHECK("relative with base", weburl_can_parse("/x", 2, "https://a/", 10, NULL));
  CHECK("bad base", !weburl_can_parse("/x", 2, "https://:1", 10, &why) &&
                        str_is(why.name, "host-missing"));
  ada_set_max_input_length(5);
  CHECK("too long", !weburl_can_parse("https://a/", 10, NULL, 0, &why) &&
                        str_is(why.name, "too-long"));
  ada_set_max_input_length(0xffffffffu);
}

static void sites(void) {
  ada_url url = parse("https://www.example.co.uk/a");
  CHECK("public suffix", str_is(weburl_get_public_suffix(url), "co.uk"));
  CHECK("registrable domain", str_is(weburl_get_registrable_domain(url), "example.co.uk"));
  ada_free(url);
  url = parse("https://127.0.0.1/");
  CHECK("ip has none", str_is(weburl_get_public_suffix(url), NULL) &&
                           str_is(weburl_get_registrable_domain(url), NULL));
  ada_free(url);
  url = parse("https://co.uk/");
  CHECK("suffix alone", str_is(weburl_get_registrable_domain(url), NULL));
  ada_free(url);
  CHECK("NULL", str_is(weburl_get_public_suffix(NULL), NULL) &&
                    str_is(weburl_get_registrable_domain(NULL), NULL));
}

static void display(void) {
  ada_url url = parse("https://user:pw@www.xn--mnchen-3ya.de/stra%C3%9Fe");
  CHECK("display", owned_is(weburl_display(url, NULL), "https://www.münchen.de/straße"));
  weburl_display_options o;
  memset(&o, 0, sizeof o);
  o.omit_scheme = true;
  o.omit_trivial_subdomains = true;
  CHECK("options", owned_is(weburl_display(url, &o), "münchen.de/straße"));
  ada_free(url);
  url = parse("https://p\xd0\xb0ypal.com/");
  CHECK("spoof stays punycode", owned_is(weburl_display(url, NULL), "https://xn--pypal-4ve.com/"));
  ada_free(url);
  ada_owned_string none = weburl_display(NULL, NULL);
  CHECK("display NULL", none.data == NULL);
}

static void paths(void) {
  ada_string error;
  const char* p = "/tmp/a b#1";
  ada_url url = weburl_from_file_path(p, strlen(p), WEBURL_PATH_UNIX, false, &error);
  CHECK("from path", str_is(ada_get_href(url), "file:///tmp/a%20b%231") && str_is(error, NULL));
  ada_owned_string back = weburl_to_file_path(url, WEBURL_PATH_UNIX, &error);
  CHECK("back", owned_is(back, "/tmp/a b#1"));
  ada_free(url);
  url = weburl_from_file_path("/tmp/d", 6, WEBURL_PATH_UNIX, true, NULL);
  CHECK("directory", str_is(ada_get_href(url), "file:///tmp/d/"));
  ada_free(url);
  const char* w = "C:\\Users\\x.txt";
  url = weburl_from_file_path(w, strlen(w), WEBURL_PATH_WINDOWS, false, &error);
  CHECK("windows", str_is(ada_get_href(url), "file:///C:/Users/x.txt"));
  CHECK("windows back", owned_is(weburl_to_file_path(url, WEBURL_PATH_WINDOWS, NULL), w));
  ada_free(url);
  url = weburl_from_file_path("docs/a", 6, WEBURL_PATH_UNIX, false, &error);
  CHECK("relative", !ada_is_valid(url) && str_is(error, "relative-path"));
  ada_free(url);
  url = parse("https://a/");
  back = weburl_to_file_path(url, WEBURL_PATH_NATIVE, &error);
  CHECK("not a file URL", back.data == NULL && str_is(error, "not-a-file-url"));
  ada_free_owned_string(back);
  ada_free(url);
  /* Non-UTF-8 bytes are a Unix file name's business: kept, percent-encoded. */
  url = weburl_from_file_path("/tmp/\xff", 6, WEBURL_PATH_UNIX, false, NULL);
  CHECK("raw bytes", str_is(ada_get_href(url), "file:///tmp/%FF"));
  back = weburl_to_file_path(url, WEBURL_PATH_UNIX, NULL);
  CHECK("raw bytes back", back.length == 6 && memcmp(back.data, "/tmp/\xff", 6) == 0 &&
                              back.data[6] == '\0');
  ada_free_owned_string(back);
  ada_free(url);
}

static void bad_input(void) {
  /* Not UTF-8: decoded with replacement, as a browser decodes bytes. */
  ada_url url = ada_parse("https://a/\xff\xfe", 12);
  CHECK("invalid UTF-8 path", str_is(ada_get_pathname(url), "/%EF%BF%BD%EF%BF%BD"));
  ada_free(url);
  url = ada_parse("https://\xc3/", 10);
  CHECK("invalid UTF-8 host fails", !ada_is_valid(url));
  ada_free(url);
  /* NULL: the empty string, whatever the length. */
  url = ada_parse(NULL, 100);
  CHECK("NULL input", !ada_is_valid(url));
  ada_free(url);
  url = ada_parse_with_base(NULL, 9, "https://a/b", 11);
  CHECK("NULL input with base", str_is(ada_get_href(url), "https://a/b"));
  CHECK("NULL setter value", ada_set_pathname(url, NULL, 4) && str_is(ada_get_pathname(url), "/"));
  ada_free(url);
  /* A length no C object can have: refused, nothing read. */
  url = ada_parse("https://a/", (size_t)-1);
  CHECK("huge length", !ada_is_valid(url));
  ada_free(url);
  CHECK("huge length can_parse", !ada_can_parse("x", (size_t)-1));
  /* NULL handles everywhere. */
  CHECK("NULL handle", !ada_is_valid(NULL) && str_is(ada_get_href(NULL), NULL) &&
                           ada_get_components(NULL) == NULL && ada_copy(NULL) == NULL &&
                           !ada_set_href(NULL, "https://a/", 10) && !ada_has_port(NULL));
  ada_set_search(NULL, "a", 1);
  ada_clear_hash(NULL);
  ada_free(NULL);
  ada_owned_string empty = {NULL, 0};
  ada_free_owned_string(empty);
  /* Owned strings are NUL-terminated too. */
  url = parse("https://example.org:81/");
  ada_owned_string origin = ada_get_origin(url);
  CHECK("NUL-terminated", origin.data != NULL && strcmp(origin.data, "https://example.org:81") == 0);
  ada_free_owned_string(origin);
  ada_free(url);
  CHECK("weburl version", weburl_get_version() != NULL && strlen(weburl_get_version()) > 0);
}

int main(void) {
  validation_errors();
  can_parse();
  sites();
  display();
  paths();
  bad_input();
  return report("extras");
}
