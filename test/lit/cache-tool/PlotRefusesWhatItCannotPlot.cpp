// autotune-cache plot says on stderr, with exit status 1, what it cannot
// plot: a site without entries, a key without an entry (naming the keys
// there are), an output file that cannot be written (and leaves no file
// behind), standard output that cannot take the picture (a full disk). Arguments it does not understand are a usage error (status 2).
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.out && mkdir %t.out
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: not %autotune-cache --dir %t.cache plot nosuch 2>&1 | %FileCheck %s --check-prefix=SITE
// RUN: not %autotune-cache --dir %t.cache plot drawn --key 3 2>&1 | %FileCheck %s --check-prefix=KEY
// RUN: not %autotune-cache --dir %t.cache plot drawn --output %t.out/missing/x.svg 2>&1 | %FileCheck %s --check-prefix=WRITE
// RUN: ls -A %t.out | %count 0
// RUN: test ! -e /dev/full || not %autotune-cache --dir %t.cache plot drawn 2>&1 > /dev/full | %FileCheck %s --check-prefix=FULL
// RUN: not %autotune-cache --dir %t.cache plot 2>&1 | %FileCheck %s --check-prefix=NOSITE
// RUN: not %autotune-cache --dir %t.cache plot a b 2>&1 | %FileCheck %s --check-prefix=NOSITE
// RUN: not %autotune-cache --dir %t.cache plot drawn --output 2>&1 | %FileCheck %s --check-prefix=NOFILE
// RUN: not %autotune-cache --dir %t.cache plot drawn --top 2 2>&1 | %FileCheck %s --check-prefix=TOP
// RUN: not %autotune-cache --dir %t.cache show drawn --output x.svg 2>&1 | %FileCheck %s --check-prefix=OUTPUT
// RUN: not %autotune-cache --dir %t.cache show drawn --key 1 2>&1 | %FileCheck %s --check-prefix=NOTKEY

#include <autotune/autotune.h>

#include <initializer_list>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
  for (int n : {1, 2}) {
#pragma autotune space(V = {1, 2}) key(n) name("drawn")
    work<V>(&out);
  }
  return 0;
}
// SITE: autotune-cache: no entry for site 'nosuch' in {{.*}}.cache
// KEY: autotune-cache: no entry for site 'drawn' with key (3) in {{.*}}.cache (its keys: (1), (2))
// WRITE: autotune-cache: error: cannot write {{.*}}/missing/x.svg: No such file or directory
// NOSITE: autotune-cache: error: 'plot' needs exactly one site name
// NOFILE: autotune-cache: error: '--output' needs a file
// TOP: autotune-cache: error: '--top' is an option of 'pin'
// OUTPUT: autotune-cache: error: '--output' is an option of 'plot'
// NOTKEY: autotune-cache: error: '--key' is an option of 'pin' and 'plot'
// FULL: autotune-cache: error: cannot write standard output: No space left on device
