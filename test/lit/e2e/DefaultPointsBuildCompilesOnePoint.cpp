// AUTOTUNE_POINTS=default (the plugin's 'points=default', autotune-rewrite's
// '--points=default'): each site compiles its default point alone, the one
// the whole space would have, so the build costs about what the program
// without sites does; the program runs that point, untuned: nothing timed,
// no cache file, and chosenPoint() says why. Here every point of 'scale'
// but its default fails a 'static_assert', so only such a build compiles
// without the build loop; with it, 'offset' (no 'default') runs its first
// point that compiles, as the whole space would.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %clangxx %autotune -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=ALL
// ALL: static assertion failed due to requirement '1 == 2'
// RUN: %clangxx %autotune -DOFFSET_ANY -fplugin-arg-autotune-points=default -O1 %s %runtime -o plugin
// RUN: env AUTOTUNE_CACHE_DIR=%t/cache AUTOTUNE_LOG=2 ./plugin 2>&1 | %FileCheck %s --check-prefix=OUT -DRESULT=7
// RUN: not ls %t/cache
// RUN: %autotune-rewrite --points=default %s -o rewritten.cpp -- -std=c++17 -DOFFSET_ANY -I%S/../../../runtime/include
// RUN: %FileCheck %s --check-prefix=COPY --input-file=rewritten.cpp
// RUN: %FileCheck %s --check-prefix=COPY-ONLY --input-file=rewritten.cpp
// COPY: variants<::autotune::Point<{{2}}>>(
// COPY: variants<::autotune::Point<{{1}}>>(
// COPY-ONLY-NOT: Point<{{[34]}}>
// A site of one point is never decided: no inline dispatch for it.
// COPY-ONLY-NOT: {{decided[(]}}
// RUN: %clangxx -std=c++17 -O1 -D__AUTOTUNE__=1 -DOFFSET_ANY -I%S/../../../runtime/include rewritten.cpp %runtime -o rewrite
// RUN: env AUTOTUNE_CACHE_DIR=%t/cache AUTOTUNE_LOG=2 ./rewrite 2>&1 | %FileCheck %s --check-prefix=OUT -DRESULT=7
// RUN: env AUTOTUNE_POINTS=default %autotune-clang++ -O1 %s -o wrapper 2>&1 | %FileCheck %s --check-prefix=LOOP
// LOOP-DAG: site 'offset': point (C = 1) left out: static assertion failed
// LOOP-DAG: site 'scale': point (B = 1) left out
// RUN: env AUTOTUNE_CACHE_DIR=%t/cache AUTOTUNE_LOG=2 ./wrapper 2>&1 | %FileCheck %s --check-prefix=OUT -DRESULT=8
// RUN: not ls %t/cache
// RUN: not %clangxx %autotune -fplugin-arg-autotune-points=some -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: unknown autotune plugin argument 'points=some'; expected {{.*}} or 'points=all|default'
// RUN: not %autotune-rewrite --points=some %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=BAD-REWRITE
// BAD-REWRITE: autotune-rewrite: --points='some': expected 'all' or 'default'
// RUN: env AUTOTUNE_POINTS=some not %autotune-clang++ -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=BAD-WRAPPER
// BAD-WRAPPER: AUTOTUNE_POINTS='some': expected 'all' or 'default'
// OUT-NOT: variants
// OUT: result [[RESULT]]
// OUT-NEXT: scale: the site compiled one point {{.*}}: it runs that point, untuned
// OUT-NOT: variants

#include <autotune/autotune.h>
#include <autotune/results.h>

#include <cstdio>

template <int B> int scale(int N) {
  static_assert(B == 2, "only the default point compiles");
  return N * B;
}

template <int C> int offset(int N) {
#ifndef OFFSET_ANY
  static_assert(C != 1, "the first point does not compile");
#endif
  return N + C;
}

int main() {
  int Result = 0;
  for (int Call = 0; Call < 3; ++Call) {
#pragma autotune space(B = {1, 2, 4}) default(B = 2) name("scale")
    Result = scale<B>(3);
#pragma autotune space(C = {1, 2, 3}) name("offset")
    Result = offset<C>(Result);
  }
  std::printf("result %d\n", Result);
  std::printf("scale: %s\n", autotune::chosenPoint("scale").reason().c_str());
  return 0;
}
