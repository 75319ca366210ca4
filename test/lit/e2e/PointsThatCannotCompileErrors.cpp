// What a build cannot leave out: a 'default' point that does not compile is
// an error at 'default', a site where no point compiles an error at the
// pragma (each with the compiler's reason); a failure that no point explains
// (a plain error in the user's code) is shown as the compiler gave it, once,
// and nothing is left out.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %autotune-leave-out -- %clangxx %autotune -DDEFAULT_FAILS -c %s -o default.o 2>&1 | %FileCheck %s --check-prefix=DEFAULT
// DEFAULT: autotune: {{.*}}: site 'work': point (B = 16) left out: static assertion failed
// DEFAULT: error: 'default' point (B = 16) does not compile: static assertion failed due to requirement '16 <= 4'{{.*}}; name a point that compiles
// RUN: not %autotune-leave-out -- %clangxx %autotune -DEVERY_POINT_FAILS -c %s -o every.o 2>&1 | %FileCheck %s --check-prefix=EVERY
// EVERY-COUNT-5: left out: static assertion failed
// EVERY: error: no point of the space compiles (5 points left out); the default point (B = 1): static assertion failed due to requirement '1 <= 0'
// RUN: not %autotune-leave-out -- %clangxx %autotune -DUSER_ERROR -c %s -o user.o 2>&1 | %FileCheck %s --check-prefix=USER
// USER-NOT: left out
// USER: error: use of undeclared identifier 'undeclared_name'
// USER-NOT: error: use of undeclared identifier
// RUN: not ls user.o.autotune-excluded

#include <autotune/autotune.h>

#ifdef EVERY_POINT_FAILS
#define LIMIT 0
#else
#define LIMIT 4
#endif

template <int B> int work(int N) {
  static_assert(B <= LIMIT, "the block is too large");
#ifdef USER_ERROR
  return undeclared_name;
#endif
  return N * B;
}

int run(int N) {
  int Result = 0;
#ifdef DEFAULT_FAILS
#pragma autotune space(B = {1, 2, 4, 8, 16}) name("work") default(B = 16)
#else
#pragma autotune space(B = {1, 2, 4, 8, 16}) name("work")
#endif
  Result = work<B>(N);
  return Result;
}
