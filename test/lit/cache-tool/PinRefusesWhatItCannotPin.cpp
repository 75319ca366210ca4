// autotune-cache pin says on stderr, with exit status 1, what it cannot pin:
// a site without entries, a key without an entry (naming the keys there
// are), and an entry whose winner was not measured (a file the runtime did
// not write: it stores measured winners only); the other entries are still
// printed. Arguments it does not understand are a usage error (status 2).
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: not %autotune-cache --dir %t.cache pin nosuch 2>&1 | %FileCheck %s --check-prefix=SITE
// RUN: not %autotune-cache --dir %t.cache pin refused --key 3 2>&1 | %FileCheck %s --check-prefix=KEY
// RUN: not %autotune-cache --dir %t.cache pin refused --key 1,2 2>&1 | %FileCheck %s --check-prefix=KEY2
// RUN: %python -c "import glob, json; fs = [f for f in glob.glob(r'%t.cache/*.json') if json.load(open(f))['key'] == [2]]; e = json.load(open(fs[0])); [v.update(status='launch failed', median=None, samples=[]) for v in e['variants'] if v['point'] == e['winner']]; json.dump(e, open(fs[0], 'w'))"
// RUN: not %autotune-cache --dir %t.cache pin refused 2>%t.err | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s --check-prefix=UNMEASURED < %t.err
// RUN: not %autotune-cache --dir %t.cache pin 2>&1 | %FileCheck %s --check-prefix=NOSITE
// RUN: not %autotune-cache --dir %t.cache pin a b 2>&1 | %FileCheck %s --check-prefix=NOSITE
// RUN: not %autotune-cache --dir %t.cache pin refused --key 2x 2>&1 | %FileCheck %s --check-prefix=BADKEY
// RUN: not %autotune-cache --dir %t.cache pin refused --key 1, 2>&1 | %FileCheck %s --check-prefix=BADKEY
// RUN: not %autotune-cache --dir %t.cache pin refused --top 0 2>&1 | %FileCheck %s --check-prefix=BADTOP
// RUN: not %autotune-cache --dir %t.cache pin refused --top 2>&1 | %FileCheck %s --check-prefix=BADTOP
// RUN: not %autotune-cache --dir %t.cache show refused --top 2 2>&1 | %FileCheck %s --check-prefix=NOTPIN

#include <autotune/autotune.h>

#include <initializer_list>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
  for (int n : {1, 2}) {
#pragma autotune space(V = {1, 2}) key(n) name("refused")
    work<V>(&out);
  }
  return 0;
}
// SITE: autotune-cache: no entry for site 'nosuch' in {{.*}}.cache
// KEY: autotune-cache: no entry for site 'refused' with key (3) in {{.*}}.cache (its keys: (1), (2))
// KEY2: autotune-cache: no entry for site 'refused' with key (1, 2) in {{.*}}.cache (its keys: (1), (2))
// OUT:     refused key=(1) device={{.*}}, tuned {{.*}}Z:
// OUT-NEXT: default(V = {{[12]}})
// OUT-NOT: {{.}}
// UNMEASURED: autotune-cache: refused key=(2) device={{.*}}: its winner V={{[12]}} was not measured (launch failed); nothing to pin
// NOSITE: autotune-cache: error: 'pin' needs exactly one site name
// BADKEY: autotune-cache: error: '--key' needs the key's values, separated by commas ('--key 4096' or '--key 4096,64')
// BADTOP: autotune-cache: error: '--top' needs a number of points (1 or more)
// NOTPIN: autotune-cache: error: '--top' is an option of 'pin'
