// autotune-cache clear removes the lease of a tuner that stopped (not
// refreshed for the lease time, AUTOTUNE_LEASE_SECONDS) and the marker of a
// lease removal whose maker died; the lease of a tuning in progress (fresh,
// of another host) is left and named. Neither is an entry.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %python -c "open(r'%t.cache/.busy-0123456789abcdef.json.lease', 'w').write('autotune tuning lease\npid 42\nhost elsewhere\nmachine another\ntoken 42.1.0\n')"
// RUN: %python -c "open(r'%t.cache/.gone-0123456789abcdef.json.lease', 'w').write('autotune tuning lease\npid 42\nhost elsewhere\nmachine another\ntoken 42.2.0\n')"
// RUN: %python -c "open(r'%t.cache/.gone-0123456789abcdef.json.lease.00000000000000ff.end', 'w').write('')"
// RUN: %python -c "import os, time; old = time.time() - 3600; [os.utime(r'%t.cache/' + n, (old, old)) for n in ('.gone-0123456789abcdef.json.lease', '.gone-0123456789abcdef.json.lease.00000000000000ff.end')]"
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s --check-prefix=LIST
// RUN: %autotune-cache --dir %t.cache clear | %FileCheck %s
// RUN: ls -a %t.cache | %FileCheck %s --check-prefix=LEFT

#include <autotune/autotune.h>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
#pragma autotune space(V = {1, 2}) name("leased")
  work<V>(&out);
  return 0;
}
// LIST:     leased
// LIST-NOT: busy
// LIST-NOT: gone
// CHECK: removed 1 entry and 2 other files from {{.*}}.cache
// CHECK: left the lease of a tuning in progress: .busy-0123456789abcdef.json.lease
// LEFT:     .busy-0123456789abcdef.json.lease
// LEFT-NOT: gone
// LEFT-NOT: leased
