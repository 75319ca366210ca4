// import checks every entry before it writes one: an element that is not a
// valid cache entry (by the rules of a cache file) is named, with its
// number and site, and nothing is imported (exit status 1). So is a file
// that is not an export at all.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.new
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache export --json > %t.json
// RUN: %python -c "import json, sys; e = json.load(open(sys.argv[1])); e[1]['key'] = 'x'; del e[2]['winner']; json.dump(e, open(sys.argv[1], 'w'))" %t.json
// RUN: not %autotune-cache --dir %t.new import %t.json 2>&1 | %FileCheck %s --check-prefix=INVALID
// RUN: not ls %t.new
// RUN: echo '{"entries": [' > %t.truncated
// RUN: not %autotune-cache --dir %t.new import %t.truncated 2>&1 | %FileCheck %s --check-prefix=TRUNCATED
// RUN: echo '"text"' > %t.text
// RUN: not %autotune-cache --dir %t.new import %t.text 2>&1 | %FileCheck %s --check-prefix=TEXT
// RUN: not %autotune-cache --dir %t.new import %t.missing 2>&1 | %FileCheck %s --check-prefix=MISSING
// RUN: not ls %t.new

#include <autotune/autotune.h>

#include <initializer_list>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
  for (int n : {1, 2, 3}) {
#pragma autotune space(V = {1, 2}) key(n) name("checked")
    work<V>(&out);
  }
  return 0;
}
// INVALID:      autotune-cache: error: {{.*}}.json: entry 2 (site 'checked'): 'key' must be an array of integers
// INVALID-NEXT: autotune-cache: error: {{.*}}.json: entry 3 (site 'checked'): missing 'winner'
// INVALID-NEXT: autotune-cache: nothing imported

// TRUNCATED:      autotune-cache: error: {{.*}}.truncated: not valid JSON (truncated or corrupt)
// TRUNCATED-NEXT: autotune-cache: nothing imported

// TEXT: autotune-cache: error: {{.*}}.text: not an export of a cache (expected a JSON array of entries, or one entry)

// MISSING: autotune-cache: error: cannot read {{.*}}.missing: No such file or directory
