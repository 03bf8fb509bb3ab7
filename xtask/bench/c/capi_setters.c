/* The setters' return values through ada_c.h, for `cargo xtask bench`'s agreement check
 * (xtask/src/capi_bench.rs): linked against ada's library and against weburl's, run on the
 * WPT setter cases (the line format of crates/capi/tests/c/wpt.c, whose reader it reuses).
 * Prints one line per case: the setter, its return value and the resulting href. */
#define main wpt_main
#include "wpt.c"
#undef main

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  FILE* in = fopen(argv[1], "rb");
  if (!in) return 2;
  static char line[1 << 16];
  static field f[64];
  while (fgets(line, sizeof line, in)) {
    if (line[0] != 'S') continue;
    size_t n = split(line + 2, f, 64);
    if (n < 3) continue;
    char setter[32];
    snprintf(setter, sizeof setter, "%.*s", (int)f[0].length, f[0].data ? f[0].data : "");
    ada_url url = ada_parse(f[1].data, f[1].length);
    const char* v = f[2].data ? f[2].data : "";
    size_t len = f[2].length;
    int r = -1;
    if (strcmp(setter, "protocol") == 0) r = ada_set_protocol(url, v, len);
    else if (strcmp(setter, "username") == 0) r = ada_set_username(url, v, len);
    else if (strcmp(setter, "password") == 0) r = ada_set_password(url, v, len);
    else if (strcmp(setter, "host") == 0) r = ada_set_host(url, v, len);
    else if (strcmp(setter, "hostname") == 0) r = ada_set_hostname(url, v, len);
    else if (strcmp(setter, "port") == 0) r = ada_set_port(url, v, len);
    else if (strcmp(setter, "pathname") == 0) r = ada_set_pathname(url, v, len);
    else if (strcmp(setter, "href") == 0) r = ada_set_href(url, v, len);
    else if (strcmp(setter, "search") == 0) ada_set_search(url, v, len);
    else if (strcmp(setter, "hash") == 0) ada_set_hash(url, v, len);
    ada_string h = ada_get_href(url);
    printf("%s %d <%.*s> <%.*s> -> %.*s\n", setter, r, (int)f[1].length, f[1].data,
           (int)len, v, (int)h.length, h.data);
    ada_free(url);
  }
  fclose(in);
  return 0;
}
