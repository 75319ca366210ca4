// autotune-cache export: every entry as a JSON array (the stored entries,
// each with its file name) or as CSV with one header line.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache export --json | %FileCheck %s --check-prefix=JSON
// RUN: %autotune-cache --dir %t.cache export --json | %python -c "import json, sys; e = json.load(sys.stdin); print(len(e), e[0]['key'], e[0]['winner'], e[1]['key'])" | %FileCheck %s --check-prefix=PARSED
// RUN: %autotune-cache --dir %t.cache export --csv | %FileCheck %s --check-prefix=CSV
// A cell a spreadsheet would take for a formula (=, +, -, @, a tab or a
// carriage return first) starts with a ' that keeps it text.
// RUN: %python -c "import glob, json, sys; p = sorted(glob.glob(sys.argv[1] + '/*.json'))[0]; j = json.load(open(p)); j['site']['label'] = '=HYPERLINK(1)'; j['site']['function'] = '+cmd'; j['device']['driver'] = '@SUM(A1)'; j['device']['runtime'] = '\tx'; json.dump(j, open(p, 'w'))" %t.cache
// RUN: %autotune-cache --dir %t.cache export --csv | %FileCheck %s --check-prefix=FORMULA

#include <autotune/autotune.h>

#include <initializer_list>

template <int A, int B> void work(long *out) { *out = A * 100 + B; }

int main() {
  long out = 0;
  for (int n : {7, -3}) {
#pragma autotune space(A = {1, 2}, B = {3}) key(n, 2 * n) name("pair")
    work<A, B>(&out);
  }
  return 0;
}
// The stored fields in their stored order, and the file it came from.
// JSON:      [
// JSON-NEXT:   {
// JSON-NEXT:     "format": "autotune-cache",
// JSON-NEXT:     "version": 1,
// JSON-NEXT:     "site": {
// JSON-NEXT:       "label": "pair",
// JSON:            "params": [
// JSON-NEXT:         "A",
// JSON-NEXT:         "B"
// JSON-NEXT:       ]
// JSON-NEXT:     },
// JSON-NEXT:     "device": {
// JSON:          "key": [
// JSON-NEXT:       -3,
// JSON-NEXT:       -6
// JSON-NEXT:     ],
// JSON-NEXT:     "winner": {
// JSON-NEXT:       "A": {{[12]}},
// JSON-NEXT:       "B": 3
// JSON-NEXT:     },
// JSON-NEXT:     "default": {
// JSON-NEXT:       "A": 1,
// JSON-NEXT:       "B": 3
// JSON-NEXT:     },
// JSON:          "file": "pair-{{[0-9a-f]+}}.json"
// JSON-NEXT:   },
// JSON:          "key": [
// JSON-NEXT:       7,
// JSON-NEXT:       14
// JSON-NEXT:     ],

// PARSED: 2 [-3, -6] {{{.*}}'A': {{[12]}}, 'B': 3} [7, 14]

// CSV:      site,name,function,source,key,device,driver,runtime,winner,default,speedup,tuned_at,tuning_seconds,file
// CSV-NEXT: pair,pair,int main(),{{.*}}ExportJsonAndCsv.cpp:{{[0-9]+}},'-3 -6,host{{.*}},,,A={{[12]}} B=3,A=1 B=3,{{[0-9.e+-]*}},{{.*}}Z,{{[0-9.e+-]+}},pair-{{[0-9a-f]+}}.json
// CSV-NEXT: pair,pair,int main(),{{.*}},7 14,

// FORMULA: {{^}}'=HYPERLINK(1),pair,'+cmd,{{.*}},'@SUM(A1),'\tx,
