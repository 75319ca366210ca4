// import - reads the export from standard input, so that it can come
// straight from another machine (ssh host autotune-cache export --json |
// autotune-cache import -); a single cache file, an object, imports as one
// entry.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.piped %t.single
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache export --json | %autotune-cache --dir %t.piped import - | %FileCheck %s --check-prefix=PIPED
// RUN: %autotune-cache --dir %t.piped list | %FileCheck %s --check-prefix=LIST
// RUN: %python -c "import glob, sys; sys.stdout.write(open(sorted(glob.glob(sys.argv[1] + '/piped-*.json'))[0]).read())" %t.cache | %autotune-cache --dir=%t.single import - | %FileCheck %s --check-prefix=SINGLE
// RUN: echo '[' | not %autotune-cache --dir %t.single import - 2>&1 | %FileCheck %s --check-prefix=BAD

#include <autotune/autotune.h>

#include <initializer_list>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
  for (int n : {1, 2}) {
#pragma autotune space(V = {1, 2}) key(n) name("piped")
    work<V>(&out);
  }
  return 0;
}
// PIPED:      imported piped (1) {{.*}}: piped-{{[0-9a-f]+}}.json
// PIPED-NEXT: imported piped (2) {{.*}}: piped-{{[0-9a-f]+}}.json
// PIPED-NEXT: imported 2 entries into {{.*}}.piped{{$}}

// LIST:      SITE
// LIST-NEXT: piped (1)
// LIST-NEXT: piped (2)

// SINGLE:      imported piped ({{[12]}}) {{.*}}: piped-{{[0-9a-f]+}}.json
// SINGLE-NEXT: imported 1 entry into {{.*}}.single{{$}}

// BAD: autotune-cache: error: standard input: not valid JSON (truncated or corrupt)
