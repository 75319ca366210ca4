// autotune-cache plot writes well-formed XML whatever a site's name holds:
// <, >, & and quotes are written as entities, and control characters are
// escaped as in the log (\e) before that, so that the picture shows the
// name the log prints.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache plot "<b> & \"c\" 'd'" > %t.svg
// RUN: %python %S/Inputs/svg_marks.py %t.svg | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=RAW < %t.svg
// A label with an escape character and U+FFFE, which XML does not allow
// (the runtime's labels never hold them; a file written elsewhere may): the
// escape is written as the log writes it, U+FFFE as U+FFFD, and the site's
// name(...) still finds the entry.
// RUN: %python -c "import glob, json; f = glob.glob(r'%t.cache/*.json')[0]; e = json.load(open(f)); e['site']['label'] += '\x1b[31m\ufffe'; json.dump(e, open(f, 'w'))"
// RUN: %autotune-cache --dir %t.cache plot "<b> & \"c\" 'd'" | %python %S/Inputs/svg_marks.py /dev/stdin | %FileCheck %s --check-prefix=CONTROL

#include <autotune/autotune.h>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
#pragma autotune space(V = {1, 2}) name("<b> & \"c\" 'd'")
  work<V>(&out);
  return 0;
}
// CHECK:      title: autotune: <b> & "c" 'd'
// CHECK-NEXT: panel: <b> & "c" 'd' device={{.+}}

// RAW: <title>autotune: &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;</title>

// CONTROL:      title: autotune: <b> & "c" 'd'
// CONTROL-NEXT: panel: <b> & "c" 'd'\e[31m� device={{.+}}
