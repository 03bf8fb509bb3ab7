/* Shared helpers of the C API's tests: counters, string comparison, the closing line. */
#ifndef WEBURL_CHECK_H
#define WEBURL_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ada_c.h"

static int passed = 0;
static int failed = 0;

#define CHECK(name, cond)                                                      \
  do {                                                                         \
    if (cond) {                                                                \
      passed++;                                                                \
    } else {                                                                   \
      failed++;                                                                \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, (name));        \
    }                                                                          \
  } while (0)

/* Whether `s` holds exactly the NUL-terminated `expected` (NULL: the {NULL, 0} string). */
static inline int str_is(ada_string s, const char* expected) {
  if (expected == NULL) return s.data == NULL && s.length == 0;
  size_t n = strlen(expected);
  return s.length == n && (n == 0 || (s.data != NULL && memcmp(s.data, expected, n) == 0));
}

/* The same for an owned string, which is then freed. */
static inline int owned_is(ada_owned_string s, const char* expected) {
  ada_string view = {s.data, s.length};
  int ok = str_is(view, expected);
  ada_free_owned_string(s);
  return ok;
}

/* `ada_parse` of a NUL-terminated string. */
static inline ada_url parse(const char* s) { return ada_parse(s, strlen(s)); }

static inline int report(const char* suite) {
  printf("%s: %d passed, %d failed\n", suite, passed, failed);
  return failed == 0 ? 0 : 1;
}

#endif
