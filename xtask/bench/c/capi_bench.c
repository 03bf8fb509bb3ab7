/* The C API benchmark of `cargo xtask bench` (xtask/src/capi_bench.rs): parse + ada_get_href
 * per URL through ada_c.h. The same source is linked once against ada's library and once
 * against weburl's, unchanged.
 *
 *   capi_bench FILE ROUNDS   prints "<median ns/URL> <best ns/URL> <URLs> <href bytes>"
 *   capi_bench FILE check    prints, for each URL, its validity, href, the other getters, its
 *                            components and host and scheme types, on one line (xtask
 *                            compares ada's lines with weburl's)
 *
 * FILE has one URL a line (a leading BOM, \r\n and empty lines as the Rust benchmark's
 * corpus loader treats them). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ada_c.h"

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s FILE ROUNDS\n", argv[0]);
    return 2;
  }
  FILE* f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = malloc((size_t)size + 1);
  if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) return 2;
  fclose(f);
  text[size] = '\n';
  size_t cap = 1024, n = 0;
  const char** starts = malloc(cap * sizeof *starts);
  size_t* lens = malloc(cap * sizeof *lens);
  size_t pos = (size >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) ? 3 : 0;
  while (pos < (size_t)size) {
    char* nl = memchr(text + pos, '\n', (size_t)size + 1 - pos);
    size_t len = (size_t)(nl - (text + pos));
    if (len > 0 && text[pos + len - 1] == '\r') len--;
    if (len > 0) {
      if (n == cap) {
        cap *= 2;
        starts = realloc(starts, cap * sizeof *starts);
        lens = realloc(lens, cap * sizeof *lens);
      }
      starts[n] = text + pos;
      lens[n] = len;
      n++;
    }
    pos = (size_t)(nl - text) + 1;
  }
  if (strcmp(argv[2], "check") == 0) {
    for (size_t i = 0; i < n; i++) {
      ada_url url = ada_parse(starts[i], lens[i]);
      if (!ada_is_valid(url)) {
        printf("invalid\n");
        ada_free(url);
        continue;
      }
      ada_string parts[10] = {ada_get_href(url),     ada_get_protocol(url), ada_get_username(url),
                              ada_get_password(url), ada_get_host(url),     ada_get_hostname(url),
                              ada_get_port(url),     ada_get_pathname(url), ada_get_search(url),
                              ada_get_hash(url)};
      for (int k = 0; k < 10; k++) printf("%.*s\t", (int)parts[k].length, parts[k].data);
      const ada_url_components* c = ada_get_components(url);
      printf("%u %u %u %u %u %u %u %u %u %u\n", c->protocol_end, c->username_end, c->host_start,
             c->host_end, c->port, c->pathname_start, c->search_start, c->hash_start,
             (unsigned)ada_get_host_type(url), (unsigned)ada_get_scheme_type(url));
      ada_free(url);
    }
    free(starts);
    free(lens);
    free(text);
    return 0;
  }
  int rounds = atoi(argv[2]);
  if (rounds < 1) rounds = 1;
  double* times = malloc((size_t)rounds * sizeof *times);
  size_t bytes = 0;
  for (int r = 0; r < rounds; r++) {
    bytes = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
      ada_url url = ada_parse(starts[i], lens[i]);
      ada_string href = ada_get_href(url);
      bytes += href.length;
      ada_free(url);
    }
    times[r] = (now_ns() - t0) / (double)(n ? n : 1);
  }
  qsort(times, (size_t)rounds, sizeof *times, cmp);
  printf("%.2f %.2f %zu %zu\n", times[rounds / 2], times[0], n, bytes);
  free(times);
  free(starts);
  free(lens);
  free(text);
  return 0;
}
