/* The ada_url_search_params family, its iterators and ada_strings, in depth (URLSearchParams
 * semantics), and its behaviour on NULL handles and bad input. Prints
 * "search_params: N passed, M failed". */
#include "check.h"

static ada_url_search_params params(const char* s) { return ada_parse_search_params(s, strlen(s)); }

static int serializes_to(ada_url_search_params p, const char* expected) {
  return owned_is(ada_search_params_to_string(p), expected);
}

static void parsing(void) {
  ada_url_search_params p = params("?a=b+c&d=%20e&&=x&f&%zz=1&g=h=i");
  CHECK("size", ada_search_params_size(p) == 6);
  CHECK("plus is space", str_is(ada_search_params_get(p, "a", 1), "b c"));
  CHECK("percent-decoded", str_is(ada_search_params_get(p, "d", 1), " e"));
  CHECK("empty name", str_is(ada_search_params_get(p, "", 0), "x"));
  CHECK("no value", str_is(ada_search_params_get(p, "f", 1), ""));
  CHECK("bad escape kept", str_is(ada_search_params_get(p, "%zz", 3), "1"));
  CHECK("second = in value", str_is(ada_search_params_get(p, "g", 1), "h=i"));
  CHECK("serialization", serializes_to(p, "a=b+c&d=+e&=x&f=&%25zz=1&g=h%3Di"));
  ada_free_search_params(p);

  p = params("a=b c&d=e+f&g=%20");
  CHECK("to unsafe string", owned_is(ada_search_params_to_unsafe_string(p), "a=b c&d=e f&g= "));
  ada_free_search_params(p);
  ada_owned_string none = ada_search_params_to_unsafe_string(NULL);
  CHECK("to unsafe string NULL", none.data == NULL);

  p = params("??a=1");
  CHECK("only one ? dropped", ada_search_params_has(p, "?a", 2));
  ada_free_search_params(p);

  p = params("");
  CHECK("empty", ada_search_params_size(p) == 0 && serializes_to(p, ""));
  ada_free_search_params(p);

  /* Bytes that are not UTF-8 become U+FFFD; so do percent-encoded ones. */
  p = ada_parse_search_params("a=\xff&b=%FF", 9);
  CHECK("raw invalid UTF-8", str_is(ada_search_params_get(p, "a", 1), "\xef\xbf\xbd"));
  CHECK("encoded invalid UTF-8", str_is(ada_search_params_get(p, "b", 1), "\xef\xbf\xbd"));
  ada_free_search_params(p);
}

static void editing(void) {
  ada_url_search_params p = params("b=1&a=2&b=3&c=4");
  ada_search_params_set(p, "b", 1, "9", 1);
  CHECK("set replaces the first, removes the rest", serializes_to(p, "b=9&a=2&c=4"));
  ada_search_params_set(p, "new", 3, "v", 1);
  CHECK("set appends", serializes_to(p, "b=9&a=2&c=4&new=v"));
  ada_search_params_append(p, "a", 1, "x y&z", 5);
  CHECK("append encodes", serializes_to(p, "b=9&a=2&c=4&new=v&a=x+y%26z"));
  CHECK("has value", ada_search_params_has_value(p, "a", 1, "x y&z", 5));
  CHECK("has value no", !ada_search_params_has_value(p, "a", 1, "3", 1));
  ada_search_params_remove_value(p, "a", 1, "2", 1);
  CHECK("remove value", serializes_to(p, "b=9&c=4&new=v&a=x+y%26z"));
  ada_search_params_remove(p, "new", 3);
  CHECK("remove", serializes_to(p, "b=9&c=4&a=x+y%26z") && !ada_search_params_has(p, "new", 3));
  ada_search_params_sort(p);
  CHECK("sort", serializes_to(p, "a=x+y%26z&b=9&c=4"));
  ada_search_params_reset(p, "?z=1&y=2", 8);
  CHECK("reset", serializes_to(p, "z=1&y=2"));
  ada_free_search_params(p);

  /* Sorting is stable and by UTF-16 code units: U+FFFD (one unit) after U+1F600 (two
   * surrogates, 0xD83D first). */
  p = params("\xef\xbf\xbd=a&\xf0\x9f\x98\x80=b&z=c&z=d");
  ada_search_params_sort(p);
  ada_url_search_params_keys_iter keys = ada_search_params_get_keys(p);
  CHECK("sort 1", str_is(ada_search_params_keys_iter_next(keys), "z"));
  CHECK("sort 2", str_is(ada_search_params_keys_iter_next(keys), "z"));
  CHECK("sort 3", str_is(ada_search_params_keys_iter_next(keys), "\xf0\x9f\x98\x80"));
  CHECK("sort 4", str_is(ada_search_params_keys_iter_next(keys), "\xef\xbf\xbd"));
  CHECK("keys end", str_is(ada_search_params_keys_iter_next(keys), NULL));
  ada_free_search_params_keys_iter(keys);
  ada_strings zs = ada_search_params_get_all(p, "z", 1);
  CHECK("stable", ada_strings_size(zs) == 2 && str_is(ada_strings_get(zs, 0), "c") &&
                      str_is(ada_strings_get(zs, 1), "d"));
  CHECK("strings out of range", str_is(ada_strings_get(zs, 2), NULL));
  ada_free_strings(zs);
  ada_strings none = ada_search_params_get_all(p, "missing", 7);
  CHECK("get all none", none != NULL && ada_strings_size(none) == 0);
  ada_free_strings(none);
  ada_free_search_params(p);
}

static void iterators(void) {
  ada_url_search_params p = params("a=1&b=2");
  ada_url_search_params_values_iter values = ada_search_params_get_values(p);
  ada_url_search_params_entries_iter entries = ada_search_params_get_entries(p);
  CHECK("values 1", str_is(ada_search_params_values_iter_next(values), "1"));
  /* Iterators see later changes, as ada's do. */
  ada_search_params_append(p, "c", 1, "3", 1);
  CHECK("values 2", str_is(ada_search_params_values_iter_next(values), "2"));
  CHECK("values 3 (appended)", ada_search_params_values_iter_has_next(values) &&
                                   str_is(ada_search_params_values_iter_next(values), "3"));
  CHECK("values end", !ada_search_params_values_iter_has_next(values) &&
                          str_is(ada_search_params_values_iter_next(values), NULL));
  /* An iterator outlives its list safely. */
  ada_free_search_params(p);
  int n = 0;
  while (ada_search_params_entries_iter_has_next(entries)) {
    ada_string_pair pair = ada_search_params_entries_iter_next(entries);
    n += pair.key.length == 1 && pair.value.length == 1;
  }
  CHECK("entries after the list is freed", n == 3);
  ada_string_pair end = ada_search_params_entries_iter_next(entries);
  CHECK("entries end", str_is(end.key, NULL) && str_is(end.value, NULL));
  ada_free_search_params_values_iter(values);
  ada_free_search_params_entries_iter(entries);
}

static void null_handles(void) {
  CHECK("size NULL", ada_search_params_size(NULL) == 0);
  ada_search_params_sort(NULL);
  ada_search_params_append(NULL, "a", 1, "b", 1);
  ada_search_params_set(NULL, "a", 1, "b", 1);
  ada_search_params_remove(NULL, "a", 1);
  ada_search_params_remove_value(NULL, "a", 1, "b", 1);
  ada_search_params_reset(NULL, "a", 1);
  CHECK("has NULL", !ada_search_params_has(NULL, "a", 1) &&
                        !ada_search_params_has_value(NULL, "a", 1, "b", 1));
  CHECK("get NULL", str_is(ada_search_params_get(NULL, "a", 1), NULL));
  ada_owned_string s = ada_search_params_to_string(NULL);
  CHECK("to string NULL", s.data == NULL);
  ada_free_owned_string(s);
  ada_strings all = ada_search_params_get_all(NULL, "a", 1);
  CHECK("get all NULL", ada_strings_size(all) == 0);
  ada_free_strings(all);
  CHECK("strings NULL", ada_strings_size(NULL) == 0 && str_is(ada_strings_get(NULL, 0), NULL));
  ada_url_search_params_keys_iter k = ada_search_params_get_keys(NULL);
  CHECK("keys of NULL", !ada_search_params_keys_iter_has_next(k));
  ada_free_search_params_keys_iter(k);
  CHECK("iterator NULL", !ada_search_params_keys_iter_has_next(NULL) &&
                             !ada_search_params_values_iter_has_next(NULL) &&
                             !ada_search_params_entries_iter_has_next(NULL) &&
                             str_is(ada_search_params_keys_iter_next(NULL), NULL) &&
                             str_is(ada_search_params_values_iter_next(NULL), NULL));
  ada_free_search_params(NULL);
  ada_free_strings(NULL);
  ada_free_search_params_keys_iter(NULL);
  ada_free_search_params_values_iter(NULL);
  ada_free_search_params_entries_iter(NULL);
  /* A NULL string is the empty string. */
  ada_url_search_params p = ada_parse_search_params(NULL, 5);
  ada_search_params_append(p, NULL, 3, NULL, 7);
  CHECK("NULL strings", serializes_to(p, "="));
  ada_free_search_params(p);
}

static void max_length(void) {
  ada_set_max_input_length(4);
  ada_url_search_params p = params("a=1&b=2");
  CHECK("over max: empty", ada_search_params_size(p) == 0);
  ada_search_params_reset(p, "abcdefgh", 8);
  CHECK("reset over max: empty", ada_search_params_size(p) == 0);
  ada_search_params_reset(p, "x=1", 3);
  CHECK("reset under max", ada_search_params_size(p) == 1);
  ada_free_search_params(p);
  ada_set_max_input_length(0xffffffffu);
}

int main(void) {
  parsing();
  editing();
  iterators();
  null_handles();
  max_length();
  return report("search_params");
}
