// Text in a cache file reaches the terminal escaped: an escape sequence, a
// NUL, a newline or a C1 control in a site name or field is printed as a
// C-style escape by list, show and export --csv (whose fields are quoted as
// RFC 4180 wants); export --json writes \u escapes. A site named like an
// option is reached after '--'.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %python -c "import glob, json; f = glob.glob(r'%t.cache/*.json')[0]; e = json.load(open(f)); e['site']['label'] = 'a\x1b[31mred\x00\nb,\"c\"\u009b'; e['device']['model'] = 'gpu\x07\x7f'; json.dump(e, open(f, 'w'))"
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s --check-prefix=LIST
// RUN: %autotune-cache --dir %t.cache show -- -x | %FileCheck %s --check-prefix=SHOW
// RUN: %autotune-cache --dir %t.cache export --csv | %FileCheck %s --check-prefix=CSV
// RUN: %autotune-cache --dir %t.cache export --json | %FileCheck %s --check-prefix=JSON
// RUN: %autotune-cache --dir %t.cache list | %python -c "import sys; d = sys.stdin.buffer.read(); sys.exit(any(b < 32 and b != 10 or b == 127 for b in d) or b'\xc2\x9b' in d)"
// RUN: %autotune-cache --dir %t.cache export --json | %python -c "import sys; d = sys.stdin.buffer.read(); sys.exit(any(b < 32 and b != 10 or b >= 127 for b in d))"
// RUN: %autotune-cache --dir %t.cache export --csv | %python -c "import csv, sys; rows = list(csv.reader(sys.stdin)); sys.exit(len(rows) != 2 or len(rows[1]) != len(rows[0]))"

#include <autotune/autotune.h>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
#pragma autotune space(V = {1, 2}) name("-x")
  work<V>(&out);
  return 0;
}
// LIST: SITE
// LIST-NEXT: a\e[31mred\x00\nb,"c"\u009b  -  gpu\x07\x7f
// SHOW: site:        a\e[31mred\x00\nb,"c"\u009b
// SHOW: device:      gpu\x07\x7f
// CSV: site,name,
// CSV-NEXT: "a\e[31mred\x00\nb,""c""\u009b",'-x,
// JSON: "label": "a\u001b[31mred\u0000\nb,\"c\"\u009b"
