// Up to 64 points, the library runs a site's points through one function of
// the statement's (a switch), not one function per point, which cost the
// host compile of a 20-site project 0.6 s (docs/performance.md, "Build
// cost"); a larger space keeps its table of one function per point.
// RUN: %clangxx %autotune -O0 -c %s -o %t.o
// RUN: nm -C %t.o | %FileCheck %s

#include <autotune/autotune.h>

template <int V> void work(long *counter) { *counter += V; }

void small(long *counter) {
#pragma autotune space(V = range(0, 8)) name("small")
  work<V>(counter);
}
// CHECK-NOT: invokeVariant<{{.*}}small
// CHECK: autotune::detail::runDispatch<small(long*)::
// CHECK-NOT: invokeVariant<{{.*}}small

void large(long *counter) {
#pragma autotune space(V = range(0, 65)) name("large")
  work<V>(counter);
}
// RUN: nm -C %t.o | grep -c 'invokeVariant<large' | %FileCheck %s --check-prefix=COUNT
// COUNT: 65
