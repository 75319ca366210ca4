// A point whose variant does not compile for a reason of its own (here a
// 'static_assert' on the parameter) is left out of the build, said once per
// point with the compiler's reason, and never offered at run time: the
// tuning's table, the cache and the program's choice hold only the points
// that compiled. A second build says the same again, as a compiler repeats
// a warning, from the file of left-out points; editing the code (a new key)
// tries every point again.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/work.cpp && cd %t
// RUN: %autotune-leave-out -- %clangxx %autotune -O1 work.cpp %runtime -o work 2> first.txt
// RUN: %FileCheck %s --check-prefix=FIRST --input-file=first.txt
// FIRST: autotune: work.cpp:[[@LINE+29]]: site 'work': point (B = 8) left out: static assertion failed due to requirement '8 <= 4': the block is too large
// FIRST-NEXT: autotune: work.cpp:[[@LINE+28]]: site 'work': point (B = 16) left out: static assertion failed due to requirement '16 <= 4': the block is too large
// FIRST-NOT: left out
// RUN: %autotune-leave-out -- %clangxx %autotune -O1 work.cpp %runtime -o work 2> second.txt
// RUN: %FileCheck %s --check-prefix=FIRST --input-file=second.txt
// RUN: env AUTOTUNE_CACHE_DIR=%t/cache AUTOTUNE_LOG=2 ./work 2>&1 | %FileCheck %s --check-prefix=LOG
// LOG-NOT: {{^autotune:  *(8|16) }}
// LOG: autotune: work device=host {{.*}}: 3/3 variants{{( \([^)]*\))?}}, winner
// LOG-NOT: {{^autotune:  *(8|16) }}
// An option's value that looks like an output is not one.
// RUN: mkdir -p value && %autotune-leave-out -- %clangxx %autotune -mllvm -opt-bisect-limit=-1 -O1 work.cpp %runtime -o value/work 2> value.txt
// RUN: %FileCheck %s --check-prefix=FIRST --input-file=value.txt
// RUN: test -f value/work.autotune-excluded
// RUN: %python -c "import sys; p = sys.argv[1]; s = open(p).read(); open(p, 'w').write(s.replace('Scale = 1;', 'Scale = 2;'))" work.cpp
// RUN: %autotune-leave-out -- %clangxx %autotune -O1 work.cpp %runtime -o work 2> edited.txt
// RUN: %FileCheck %s --check-prefix=FIRST --input-file=edited.txt

#include <autotune/autotune.h>

#include <cstdio>

template <int B> int work(int N) {
  static_assert(B <= 4, "the block is too large");
  constexpr int Scale = 1;
  return N * B * Scale;
}

int main() {
  int Result = 0;
#pragma autotune space(B = {1, 2, 4, 8, 16}) name("work")
  Result = work<B>(3);
  std::printf("%d\n", Result);
  return 0;
}
