// prune --binary removes only what the named programs own and can no longer
// use: an entry of a site that one of them has (its name and file are in
// the program) whose fingerprint none of them holds. Another program's
// entries in a shared cache are 'other' and stay. A program that cannot be
// read (a directory, a missing file) or holds no site of the cache (/bin/sh,
// a launcher script, a program whose sites are in a library) is refused,
// and nothing is removed: it would have made every entry stale.
// RUN: %clangxx %autotune -O1 -DSITE=1 -DVERSION=1 %s %runtime -o %t.old
// RUN: %clangxx %autotune -O1 -DSITE=1 -DVERSION=2 %s %runtime -o %t.app
// RUN: %clangxx %autotune -O1 -DSITE=2 -DVERSION=1 %s %runtime -o %t.other
// RUN: %clangxx %autotune -O1 -DSITE=0 %s %runtime -o %t.nosite
// RUN: rm -rf %t.cache %t.dir && mkdir %t.dir
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t.old
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t.app
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t.other
// RUN: %autotune-cache --dir %t.cache list --binary %t.app | %FileCheck %s --check-prefix=LIST
// RUN: not %autotune-cache --dir %t.cache prune --binary %t.dir 2>&1 | %FileCheck %s --check-prefix=DIR
// RUN: not %autotune-cache --dir %t.cache prune --binary /bin/sh 2>&1 | %FileCheck %s --check-prefix=NOSITE -DPROGRAM=/bin/sh
// RUN: printf '#!/bin/sh\nexec %t.app "$@"\n' > %t.launcher
// RUN: not %autotune-cache --dir %t.cache prune --binary %t.launcher 2>&1 | %FileCheck %s --check-prefix=NOSITE -DPROGRAM=%t.launcher
// RUN: not %autotune-cache --dir %t.cache prune --binary %t.nosite 2>&1 | %FileCheck %s --check-prefix=NOSITE -DPROGRAM=%t.nosite
// RUN: not %autotune-cache --dir %t.cache prune --binary %t.app --binary %t.dir 2>&1 | %FileCheck %s --check-prefix=DIR
// RUN: ls %t.cache/*.json | %count 3
// RUN: %autotune-cache --dir %t.cache prune --binary %t.app | %FileCheck %s --check-prefix=PRUNE
// RUN: %autotune-cache --dir %t.cache list --binary %t.app --binary %t.other | %FileCheck %s --check-prefix=AFTER

#include <autotune/autotune.h>

#ifndef VERSION
#define VERSION 1
#endif

template <int V> void work(int *out) { *out = V * VERSION; }

int main() {
  int out = 0;
#if SITE == 1
#pragma autotune space(V = {1, 2}) name("mine")
  work<V>(&out);
#elif SITE == 2
#pragma autotune space(V = {1, 2}) name("theirs")
  work<V>(&out);
#endif
  return out < 0;
}
// LIST:     {{^}}SITE KEY DEVICE WINNER SPEEDUP TUNED STATE{{$}}
// LIST-DAG: {{^}}mine {{.*}} stale{{$}}
// LIST-DAG: {{^}}mine {{.*}} current{{$}}
// LIST-DAG: {{^}}theirs {{.*}} other{{$}}

// DIR: autotune-cache: error: cannot read {{.*}}.dir: it is a directory, not a program
// NOSITE: autotune-cache: error: [[PROGRAM]] holds no site of an entry in this cache: not a program built with autotune, or its sites are in a shared library (give that library to '--binary')

// PRUNE:      {{^}}removed mine - host{{.*}} (stale): mine-{{[0-9a-f]+}}.json{{$}}
// PRUNE-NEXT: {{^}}removed 1 entry from {{.*}}.cache{{$}}

// AFTER:     {{^}}SITE KEY DEVICE WINNER SPEEDUP TUNED STATE{{$}}
// AFTER-DAG: {{^}}mine {{.*}} current{{$}}
// AFTER-DAG: {{^}}theirs {{.*}} current{{$}}
