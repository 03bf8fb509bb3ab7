/* Every function, type and constant of ada_c.h, through weburl's library. Uses ada_c.h alone,
 * so that it compiles unchanged against ada's own header too (`cargo xtask capi` does that
 * when ada's header is on the machine). Prints "api: N passed, M failed". */
#include "check.h"

static int components_are(const ada_url_components* c, uint32_t protocol_end,
                          uint32_t username_end, uint32_t host_start, uint32_t host_end,
                          uint32_t port, uint32_t pathname_start, uint32_t search_start,
                          uint32_t hash_start) {
  if (c == NULL) return 0;
  int ok = c->protocol_end == protocol_end && c->username_end == username_end &&
           c->host_start == host_start && c->host_end == host_end && c->port == port &&
           c->pathname_start == pathname_start && c->search_start == search_start &&
           c->hash_start == hash_start;
  if (!ok) {
    fprintf(stderr, "components: %u %u %u %u %u %u %u %u\n", c->protocol_end, c->username_end,
            c->host_start, c->host_end, c->port, c->pathname_start, c->search_start,
            c->hash_start);
  }
  return ok;
}

static void components(void) {
  const uint32_t o = ada_url_omitted;
  struct {
    const char* input;
    uint32_t v[8];
  } cases[] = {
      {"https://user:pass@example.com:1234/foo/bar?baz#quux", {6, 12, 17, 29, 1234, 34, 42, 46}},
      {"https://example.com/", {6, 8, 8, 19, o, 19, o, o}},
      {"https://user@host/", {6, 12, 12, 17, o, 17, o, o}},
      {"https://:pw@host/", {6, 8, 11, 16, o, 16, o, o}},
      {"mailto:x@y", {7, 7, 7, 7, o, 7, o, o}},
      {"file:///tmp/x?#", {5, 7, 7, 7, o, 7, 13, 14}},
      {"http://[::1]:8080/a", {5, 7, 7, 12, 8080, 17, o, o}},
      {"web+demo:/.//not-a-host/", {9, 9, 9, 9, o, 11, o, o}},
      {"foo://host:1/?q", {4, 6, 6, 10, 1, 12, 13, o}},
      {"sc:?#", {3, 3, 3, 3, o, 3, 3, 4}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ada_url url = parse(cases[i].input);
    const uint32_t* v = cases[i].v;
    CHECK(cases[i].input, components_are(ada_get_components(url), v[0], v[1], v[2], v[3], v[4],
                                         v[5], v[6], v[7]));
    ada_free(url);
  }
  ada_url bad = parse("not a url");
  CHECK("components of an invalid URL", ada_get_components(bad) == NULL);
  ada_free(bad);
}

static void parsing(void) {
  ada_url url = parse("https://user:pass@example.org:8080/a/b?x=1#frag");
  CHECK("valid", ada_is_valid(url));
  CHECK("href", str_is(ada_get_href(url), "https://user:pass@example.org:8080/a/b?x=1#frag"));
  CHECK("protocol", str_is(ada_get_protocol(url), "https:"));
  CHECK("username", str_is(ada_get_username(url), "user"));
  CHECK("password", str_is(ada_get_password(url), "pass"));
  CHECK("host", str_is(ada_get_host(url), "example.org:8080"));
  CHECK("hostname", str_is(ada_get_hostname(url), "example.org"));
  CHECK("port", str_is(ada_get_port(url), "8080"));
  CHECK("pathname", str_is(ada_get_pathname(url), "/a/b"));
  CHECK("search", str_is(ada_get_search(url), "?x=1"));
  CHECK("hash", str_is(ada_get_hash(url), "#frag"));
  CHECK("origin", owned_is(ada_get_origin(url), "https://example.org:8080"));
  CHECK("host type domain", ada_get_host_type(url) == 0);
  CHECK("scheme type https", ada_get_scheme_type(url) == 2);
  CHECK("has credentials", ada_has_credentials(url));
  CHECK("has hostname", ada_has_hostname(url));
  CHECK("has empty hostname", !ada_has_empty_hostname(url));
  CHECK("has non-empty username", ada_has_non_empty_username(url));
  CHECK("has non-empty password", ada_has_non_empty_password(url));
  CHECK("has password", ada_has_password(url));
  CHECK("has port", ada_has_port(url));
  CHECK("has hash", ada_has_hash(url));
  CHECK("has search", ada_has_search(url));

  ada_url copy = ada_copy(url);
  CHECK("copy valid", ada_is_valid(copy));
  ada_free(url);
  CHECK("copy outlives the original", str_is(ada_get_pathname(copy), "/a/b"));
  ada_free(copy);

  const char* base = "https://example.com/dir/page";
  const char* rel = "../x?y#z";
  url = ada_parse_with_base(rel, strlen(rel), base, strlen(base));
  CHECK("parse with base", str_is(ada_get_href(url), "https://example.com/x?y#z"));
  ada_free(url);
  CHECK("can parse with base", ada_can_parse_with_base(rel, strlen(rel), base, strlen(base)));
  CHECK("can parse relative without base", !ada_can_parse(rel, strlen(rel)));
  CHECK("can parse", ada_can_parse("https://a/", 10));
  const char* bad_base = "no base";
  url = ada_parse_with_base(rel, strlen(rel), bad_base, strlen(bad_base));
  CHECK("bad base is invalid", !ada_is_valid(url));
  ada_free(url);
  CHECK("can parse with bad base",
        !ada_can_parse_with_base(rel, strlen(rel), bad_base, strlen(bad_base)));

  url = parse("http://127.0.0.1/");
  CHECK("host type ipv4", ada_get_host_type(url) == 1);
  CHECK("scheme type http", ada_get_scheme_type(url) == 0);
  ada_free(url);
  url = parse("ws://[::1]/");
  CHECK("host type ipv6", ada_get_host_type(url) == 2);
  CHECK("scheme type ws", ada_get_scheme_type(url) == 3);
  CHECK("hostname ipv6", str_is(ada_get_hostname(url), "[::1]"));
  ada_free(url);
  const char* schemes[] = {"http://a/", "x:y", "https://a/", "ws://a/", "ftp://a/", "wss://a/",
                           "file:///"};
  for (uint8_t i = 0; i < 7; i++) {
    url = parse(schemes[i]);
    CHECK(schemes[i], ada_get_scheme_type(url) == i);
    ada_free(url);
  }
  url = parse("file:///x");
  CHECK("empty hostname", ada_has_empty_hostname(url) && ada_has_hostname(url));
  CHECK("no credentials", !ada_has_credentials(url) && !ada_has_password(url));
  CHECK("no port", !ada_has_port(url) && str_is(ada_get_port(url), ""));
  CHECK("file origin is opaque", owned_is(ada_get_origin(url), "null"));
  ada_free(url);
  url = parse("mailto:a@b");
  CHECK("no hostname", !ada_has_hostname(url) && !ada_has_empty_hostname(url));
  CHECK("no search, no hash", !ada_has_search(url) && !ada_has_hash(url));
  ada_free(url);
  url = parse("https://a/?#");
  CHECK("empty search and hash are present", ada_has_search(url) && ada_has_hash(url));
  CHECK("empty search getter", str_is(ada_get_search(url), ""));
  ada_free(url);
}

static void invalid(void) {
  ada_url url = parse("https://exa mple.org/");
  CHECK("invalid", !ada_is_valid(url));
  CHECK("invalid href", str_is(ada_get_href(url), NULL));
  CHECK("invalid username", str_is(ada_get_username(url), NULL));
  CHECK("invalid password", str_is(ada_get_password(url), NULL));
  CHECK("invalid port", str_is(ada_get_port(url), NULL));
  CHECK("invalid hash", str_is(ada_get_hash(url), NULL));
  CHECK("invalid host", str_is(ada_get_host(url), NULL));
  CHECK("invalid hostname", str_is(ada_get_hostname(url), NULL));
  CHECK("invalid pathname", str_is(ada_get_pathname(url), NULL));
  CHECK("invalid search", str_is(ada_get_search(url), NULL));
  CHECK("invalid protocol", str_is(ada_get_protocol(url), NULL));
  ada_owned_string origin = ada_get_origin(url);
  CHECK("invalid origin", origin.data == NULL && origin.length == 0);
  ada_free_owned_string(origin);
  CHECK("invalid host type", ada_get_host_type(url) == 0);
  CHECK("invalid scheme type", ada_get_scheme_type(url) == 0);
  CHECK("invalid setters", !ada_set_href(url, "https://a/", 10) && !ada_set_host(url, "a", 1) &&
                               !ada_set_hostname(url, "a", 1) && !ada_set_protocol(url, "http", 4) &&
                               !ada_set_username(url, "a", 1) && !ada_set_password(url, "a", 1) &&
                               !ada_set_port(url, "1", 1) && !ada_set_pathname(url, "/", 1));
  ada_set_search(url, "q", 1);
  ada_set_hash(url, "h", 1);
  ada_clear_port(url);
  ada_clear_hash(url);
  ada_clear_search(url);
  CHECK("still invalid", !ada_is_valid(url));
  CHECK("invalid has_*", !ada_has_credentials(url) && !ada_has_empty_hostname(url) &&
                             !ada_has_hostname(url) && !ada_has_non_empty_username(url) &&
                             !ada_has_non_empty_password(url) && !ada_has_port(url) &&
                             !ada_has_password(url) && !ada_has_hash(url) && !ada_has_search(url));
  ada_url copy = ada_copy(url);
  CHECK("copy of invalid is invalid", !ada_is_valid(copy));
  ada_free(copy);
  ada_free(url);
  CHECK("empty input", !ada_can_parse("", 0));
  /* The length is authoritative: a NUL inside is input (a C0 control in the path). */
  const char with_nul[] = "https://a/b\0c";
  url = ada_parse(with_nul, sizeof with_nul - 1);
  CHECK("NUL inside the input", str_is(ada_get_pathname(url), "/b%00c"));
  ada_free(url);
  /* Only the given bytes are read. */
  url = ada_parse("https://example.org/abcdef", 21);
  CHECK("length shorter than the string", str_is(ada_get_href(url), "https://example.org/a"));
  ada_free(url);
}

static void setters(void) {
  ada_url url = parse("https://example.org/a?b#c");
  CHECK("set href", ada_set_href(url, "http://x.test/p", 15));
  CHECK("href set", str_is(ada_get_href(url), "http://x.test/p"));
  CHECK("set href refused", !ada_set_href(url, "::", 2));
  CHECK("href unchanged", str_is(ada_get_href(url), "http://x.test/p"));
  CHECK("set host", ada_set_host(url, "y.test:81", 9));
  CHECK("host set", str_is(ada_get_host(url), "y.test:81"));
  CHECK("set hostname", ada_set_hostname(url, "z.test", 6));
  CHECK("hostname set", str_is(ada_get_host(url), "z.test:81"));
  CHECK("set protocol", ada_set_protocol(url, "https", 5));
  CHECK("protocol set", str_is(ada_get_protocol(url), "https:"));
  CHECK("set username", ada_set_username(url, "me", 2));
  CHECK("set password", ada_set_password(url, "pw", 2));
  CHECK("credentials set", str_is(ada_get_href(url), "https://me:pw@z.test:81/p"));
  CHECK("set port", ada_set_port(url, "443", 3));
  CHECK("default port dropped", str_is(ada_get_port(url), "") && !ada_has_port(url));
  CHECK("set port 8443", ada_set_port(url, "8443", 4) && ada_has_port(url));
  ada_clear_port(url);
  CHECK("port cleared", !ada_has_port(url));
  CHECK("set pathname", ada_set_pathname(url, "/a b", 4));
  CHECK("pathname set", str_is(ada_get_pathname(url), "/a%20b"));
  ada_set_search(url, "q=1", 3);
  CHECK("search set", str_is(ada_get_search(url), "?q=1"));
  ada_set_hash(url, "top", 3);
  CHECK("hash set", str_is(ada_get_hash(url), "#top"));
  ada_clear_search(url);
  ada_clear_hash(url);
  CHECK("cleared", !ada_has_search(url) && !ada_has_hash(url));
  CHECK("href after all", str_is(ada_get_href(url), "https://me:pw@z.test/a%20b"));
  ada_set_search(url, "?", 1);
  CHECK("search '?' is empty but present", ada_has_search(url) && str_is(ada_get_search(url), ""));
  ada_set_search(url, "", 0);
  CHECK("search '' removes the query", !ada_has_search(url));
  CHECK("set port refused", !ada_set_port(url, "99999", 5) || !ada_has_port(url));
  CHECK("protocol change refused", !ada_set_protocol(url, "foo", 3) ||
                                       str_is(ada_get_protocol(url), "https:"));
  ada_free(url);
  /* ada's return values where the standard ignores part or all of a value. */
  url = parse("http://example.net:8080/");
  CHECK("host set, bad port ignored: true", ada_set_host(url, "example.com:x", 13) &&
                                                str_is(ada_get_host(url), "example.com:8080"));
  CHECK("host set, port out of range: true", ada_set_host(url, "example.org:65536", 17) &&
                                                 str_is(ada_get_host(url), "example.org:8080"));
  CHECK("port of tabs and newlines: true, unchanged",
        ada_set_port(url, "\t\n", 2) && str_is(ada_get_port(url), "8080"));
  CHECK("port not a number: false", !ada_set_port(url, "x1", 2));
  CHECK("protocol empty: true, unchanged",
        ada_set_protocol(url, "", 0) && str_is(ada_get_protocol(url), "http:"));
  CHECK("protocol not a scheme: false", !ada_set_protocol(url, "1x", 2));
  ada_free(url);
  url = parse("mailto:x");
  CHECK("hostname on opaque path refused", !ada_set_hostname(url, "a", 1));
  CHECK("port on opaque path refused", !ada_set_port(url, "1", 1));
  ada_free(url);
}

static void idna(void) {
  CHECK("to ascii", owned_is(ada_idna_to_ascii("meßagen.de", strlen("meßagen.de")),
                             "xn--meagen-cta.de"));
  CHECK("to ascii upper", owned_is(ada_idna_to_ascii("EXAMPLE.com", 11), "example.com"));
  CHECK("to ascii failure", owned_is(ada_idna_to_ascii("xn--a.ß", strlen("xn--a.ß")), ""));
  CHECK("to unicode", owned_is(ada_idna_to_unicode("xn--mnchen-3ya.de", 17), "münchen.de"));
  CHECK("to unicode ascii", owned_is(ada_idna_to_unicode("example.com", 11), "example.com"));
}

static void search_params_family(void) {
  ada_url_search_params p = ada_parse_search_params("?a=1&b=2&a=3", 12);
  CHECK("size", ada_search_params_size(p) == 3);
  ada_search_params_append(p, "c", 1, "4", 1);
  ada_search_params_set(p, "b", 1, "5", 1);
  CHECK("has", ada_search_params_has(p, "c", 1) && !ada_search_params_has(p, "z", 1));
  CHECK("has value", ada_search_params_has_value(p, "a", 1, "3", 1));
  CHECK("get", str_is(ada_search_params_get(p, "b", 1), "5"));
  CHECK("get missing", str_is(ada_search_params_get(p, "z", 1), NULL));
  ada_strings all = ada_search_params_get_all(p, "a", 1);
  CHECK("get all", ada_strings_size(all) == 2 && str_is(ada_strings_get(all, 0), "1") &&
                       str_is(ada_strings_get(all, 1), "3"));
  ada_free_strings(all);
  ada_search_params_remove_value(p, "a", 1, "1", 1);
  ada_search_params_remove(p, "c", 1);
  ada_search_params_sort(p);
  CHECK("to string", owned_is(ada_search_params_to_string(p), "a=3&b=5"));
  ada_url_search_params_keys_iter keys = ada_search_params_get_keys(p);
  CHECK("keys", ada_search_params_keys_iter_has_next(keys) &&
                    str_is(ada_search_params_keys_iter_next(keys), "a") &&
                    str_is(ada_search_params_keys_iter_next(keys), "b") &&
                    !ada_search_params_keys_iter_has_next(keys));
  ada_free_search_params_keys_iter(keys);
  ada_url_search_params_values_iter values = ada_search_params_get_values(p);
  CHECK("values", str_is(ada_search_params_values_iter_next(values), "3") &&
                      ada_search_params_values_iter_has_next(values) &&
                      str_is(ada_search_params_values_iter_next(values), "5") &&
                      !ada_search_params_values_iter_has_next(values));
  ada_free_search_params_values_iter(values);
  ada_url_search_params_entries_iter entries = ada_search_params_get_entries(p);
  ada_string_pair pair = ada_search_params_entries_iter_next(entries);
  CHECK("entries", str_is(pair.key, "a") && str_is(pair.value, "3") &&
                       ada_search_params_entries_iter_has_next(entries));
  ada_free_search_params_entries_iter(entries);
  ada_search_params_reset(p, "x=y", 3);
  CHECK("reset", ada_search_params_size(p) == 1);
  ada_free_search_params(p);
}

static void limits_and_version(void) {
  CHECK("default max", ada_get_max_input_length() == 0xffffffffu);
  ada_set_max_input_length(20);
  CHECK("max set", ada_get_max_input_length() == 20);
  ada_url url = parse("https://example.org/0123456789");
  CHECK("over max input length", !ada_is_valid(url));
  ada_free(url);
  CHECK("can parse over max", !ada_can_parse("https://example.org/0123456789", 30));
  url = parse("https://a.b/");
  CHECK("under max", ada_is_valid(url));
  CHECK("setter over max refused", !ada_set_pathname(url, "/0123456789012345", 17) &&
                                       str_is(ada_get_pathname(url), "/"));
  ada_free(url);
  ada_set_max_input_length(0xffffffffu);
  CHECK("max restored", ada_get_max_input_length() == 0xffffffffu);
  const char* version = ada_get_version();
  CHECK("version", version != NULL && strcmp(version, "4.0.0") == 0);
  ada_version_components v = ada_get_version_components();
  CHECK("version components", v.major == 4 && v.minor == 0 && v.revision == 0);
}

int main(void) {
  components();
  parsing();
  invalid();
  setters();
  idna();
  search_params_family();
  limits_and_version();
  return report("api");
}
