/* WPT's urltestdata.json, setters_tests.json and urlencoded-parser-data.json through the C API (ada_c.h), from the line
 * format `cargo xtask test` writes (xtask/src/capi.rs): one case a line, fields separated by
 * spaces, each string hex-encoded ("-" for null, "=" for the empty string).
 *   U <input> <base> <failure 0|1> <href> <origin> <protocol> <username> <password> <host>
 *     <hostname> <port> <pathname> <search> <hash>
 *   S <setter> <href> <new_value> <attribute> <expected> [<attribute> <expected>]...
 *   P <input> [<name> <value>]...   (ada_parse_search_params)
 * Prints "wpt: N passed, M failed"; exits 1 when a case fails. */
#include "check.h"

typedef struct {
  char* data; /* NULL for "-" */
  size_t length;
} field;

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Splits `line` in place into at most `max` hex-decoded fields. */
static size_t split(char* line, field* out, size_t max) {
  size_t n = 0;
  char* p = line;
  while (*p && n < max) {
    char* start = p;
    while (*p && *p != ' ' && *p != '\n') p++;
    char end = *p;
    *p = '\0';
    if (strcmp(start, "-") == 0) {
      out[n].data = NULL;
      out[n].length = 0;
    } else if (strcmp(start, "=") == 0) {
      out[n].data = start;
      out[n].length = 0;
    } else {
      size_t len = strlen(start) / 2;
      for (size_t i = 0; i < len; i++) {
        start[i] = (char)(hexval(start[2 * i]) * 16 + hexval(start[2 * i + 1]));
      }
      out[n].data = start; /* decoded in place: never longer than the hex */
      out[n].length = len;
    }
    n++;
    if (end == '\0' || end == '\n') break;
    p++;
  }
  return n;
}

static int same(ada_string got, field want) {
  if (want.data == NULL) return 1; /* not checked */
  return got.length == want.length &&
         (want.length == 0 || memcmp(got.data, want.data, want.length) == 0);
}

static void fail_case(const char* what, field input, field extra) {
  fprintf(stderr, "FAIL %s: <%.*s> <%.*s>\n", what, (int)input.length,
          input.data ? input.data : "", (int)extra.length, extra.data ? extra.data : "");
}

static void url_case(field* f, size_t n) {
  if (n < 14) {
    failed++;
    return;
  }
  field input = f[0], base = f[1];
  int failure = f[2].length == 1 && f[2].data[0] == '1';
  ada_url url = base.data ? ada_parse_with_base(input.data, input.length, base.data, base.length)
                          : ada_parse(input.data ? input.data : "", input.length);
  bool can = base.data ? ada_can_parse_with_base(input.data, input.length, base.data, base.length)
                       : ada_can_parse(input.data ? input.data : "", input.length);
  int ok = 1;
  if (failure) {
    ok = !ada_is_valid(url) && !can;
  } else if (!ada_is_valid(url) || !can) {
    ok = 0;
  } else {
    ok = same(ada_get_href(url), f[3]) && same(ada_get_protocol(url), f[5]) &&
         same(ada_get_username(url), f[6]) && same(ada_get_password(url), f[7]) &&
         same(ada_get_host(url), f[8]) && same(ada_get_hostname(url), f[9]) &&
         same(ada_get_port(url), f[10]) && same(ada_get_pathname(url), f[11]) &&
         same(ada_get_search(url), f[12]) && same(ada_get_hash(url), f[13]);
    if (f[4].data) {
      ada_owned_string origin = ada_get_origin(url);
      ada_string view = {origin.data, origin.length};
      ok = ok && same(view, f[4]);
      ada_free_owned_string(origin);
    }
    /* A copy serializes the same. */
    ada_url copy = ada_copy(url);
    ok = ok && same(ada_get_href(copy), f[3]);
    ada_free(copy);
  }
  ada_free(url);
  if (ok) {
    passed++;
  } else {
    failed++;
    fail_case("url", input, base);
  }
}

static ada_string get(ada_url url, const char* attribute) {
  if (strcmp(attribute, "href") == 0) return ada_get_href(url);
  if (strcmp(attribute, "protocol") == 0) return ada_get_protocol(url);
  if (strcmp(attribute, "username") == 0) return ada_get_username(url);
  if (strcmp(attribute, "password") == 0) return ada_get_password(url);
  if (strcmp(attribute, "host") == 0) return ada_get_host(url);
  if (strcmp(attribute, "hostname") == 0) return ada_get_hostname(url);
  if (strcmp(attribute, "port") == 0) return ada_get_port(url);
  if (strcmp(attribute, "pathname") == 0) return ada_get_pathname(url);
  if (strcmp(attribute, "search") == 0) return ada_get_search(url);
  if (strcmp(attribute, "hash") == 0) return ada_get_hash(url);
  ada_string none = {NULL, (size_t)-1};
  return none;
}

static void setter_case(field* f, size_t n) {
  if (n < 3) {
    failed++;
    return;
  }
  char setter[32];
  snprintf(setter, sizeof setter, "%.*s", (int)f[0].length, f[0].data ? f[0].data : "");
  ada_url url = ada_parse(f[1].data, f[1].length);
  const char* v = f[2].data ? f[2].data : "";
  size_t len = f[2].length;
  if (strcmp(setter, "protocol") == 0) ada_set_protocol(url, v, len);
  else if (strcmp(setter, "username") == 0) ada_set_username(url, v, len);
  else if (strcmp(setter, "password") == 0) ada_set_password(url, v, len);
  else if (strcmp(setter, "host") == 0) ada_set_host(url, v, len);
  else if (strcmp(setter, "hostname") == 0) ada_set_hostname(url, v, len);
  else if (strcmp(setter, "port") == 0) ada_set_port(url, v, len);
  else if (strcmp(setter, "pathname") == 0) ada_set_pathname(url, v, len);
  else if (strcmp(setter, "search") == 0) ada_set_search(url, v, len);
  else if (strcmp(setter, "hash") == 0) ada_set_hash(url, v, len);
  else if (strcmp(setter, "href") == 0) ada_set_href(url, v, len);
  int ok = ada_is_valid(url);
  for (size_t i = 3; i + 1 < n; i += 2) {
    char attribute[32];
    snprintf(attribute, sizeof attribute, "%.*s", (int)f[i].length, f[i].data ? f[i].data : "");
    ok = ok && same(get(url, attribute), f[i + 1]);
  }
  ada_free(url);
  if (ok) {
    passed++;
  } else {
    failed++;
    fail_case(setter, f[1], f[2]);
  }
}

static void params_case(field* f, size_t n) {
  ada_url_search_params p = ada_parse_search_params(f[0].data, f[0].length);
  int ok = ada_search_params_size(p) == (n - 1) / 2;
  ada_url_search_params_entries_iter it = ada_search_params_get_entries(p);
  for (size_t i = 1; ok && i + 1 < n; i += 2) {
    ada_string_pair pair = ada_search_params_entries_iter_next(it);
    ok = same(pair.key, f[i]) && same(pair.value, f[i + 1]);
  }
  ok = ok && !ada_search_params_entries_iter_has_next(it);
  ada_free_search_params_entries_iter(it);
  ada_free_search_params(p);
  if (ok) {
    passed++;
  } else {
    failed++;
    fail_case("urlencoded", f[0], f[0]);
  }
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s CASES\n", argv[0]);
    return 2;
  }
  FILE* in = fopen(argv[1], "rb");
  if (!in) {
    perror(argv[1]);
    return 2;
  }
  size_t cap = 1 << 16;
  char* line = malloc(cap);
  field* fields = malloc(64 * sizeof(field));
  int c;
  size_t len = 0;
  while (line && fields) {
    c = fgetc(in);
    if (c == EOF || c == '\n') {
      line[len] = '\0';
      if (len > 2 && line[0] == 'U') url_case(fields, split(line + 2, fields, 64));
      if (len > 2 && line[0] == 'S') setter_case(fields, split(line + 2, fields, 64));
      if (len > 2 && line[0] == 'P') params_case(fields, split(line + 2, fields, 64));
      len = 0;
      if (c == EOF) break;
      continue;
    }
    if (len + 1 >= cap) {
      char* bigger = realloc(line, cap *= 2);
      if (!bigger) break;
      line = bigger;
    }
    line[len++] = (char)c;
  }
  free(line);
  free(fields);
  fclose(in);
  if (passed == 0) failed++;
  return report("wpt");
}
