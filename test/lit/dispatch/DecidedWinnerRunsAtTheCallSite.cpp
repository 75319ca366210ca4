// A call the site has decided runs its winner at the call site: up to 64
// points through a switch over the points, a larger space through the
// variant table; any other call goes through Site::run. Both forms run one
// winner per call after tuning, and the program sees one run per call.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s --check-prefix=CODE
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_LOG=1 AUTOTUNE_CACHE=off %t 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>

void spinFor(std::chrono::microseconds Time) {
  auto End = std::chrono::steady_clock::now() + Time;
  while (std::chrono::steady_clock::now() < End) {
  }
}

// V = 37 is twenty times faster than any other value.
template <int V> void work(long *counter) {
  spinFor(std::chrono::microseconds(V == 37 ? 10 : 200));
  *counter += V;
}

void small(long *counter) {
#pragma autotune space(V = {36, 37, 38}) restore(counter[1]) name("small")
  work<V>(counter);
}
// CODE-LABEL: void small(long *counter) {
// CODE: switch (__autotune_site.decided(__autotune_args)) { case 0: __autotune_variant(::autotune::Point<36>{}); break; case 1: __autotune_variant(::autotune::Point<37>{}); break; case 2: __autotune_variant(::autotune::Point<38>{}); break; default: __autotune_site.run(::autotune::variants<::autotune::Point<36>, ::autotune::Point<37>, ::autotune::Point<38>>(__autotune_variant), __autotune_args); } }

void sixty_four(long *counter) {
#pragma autotune space(V = range(0, 64)) restore(counter[1]) name("sixty-four")
  work<V>(counter);
}
// CODE-LABEL: void sixty_four(long *counter) {
// CODE: switch (__autotune_site.decided(__autotune_args)) {
// CODE-SAME: case 63: __autotune_variant(::autotune::Point<63>{}); break; default:

void large(long *counter) {
#pragma autotune space(V = range(0, 65)) restore(counter[1]) name("large")
  work<V>(counter);
}
// CODE-LABEL: void large(long *counter) {
// CODE-NOT: switch
// CODE: const ::autotune::Variants __autotune_variants = ::autotune::variants<::autotune::Point<0>, {{.*}}, ::autotune::Point<64>>(__autotune_variant); const int __autotune_winner = __autotune_site.decided(__autotune_args); if (__autotune_winner >= 0 && static_cast<unsigned>(__autotune_winner) < __autotune_variants.Count) __autotune_variants.run(static_cast<unsigned>(__autotune_winner)); else { __autotune_site.run(__autotune_variants, __autotune_args); } }

int main() {
  long counter = 0;
  for (int call = 0; call < 4; ++call)
    small(&counter);
  std::printf("small=%ld\n", counter);
  std::fflush(stdout); // before the next site's log line, on stderr
  counter = 0;
  for (int call = 0; call < 4; ++call)
    large(&counter);
  std::printf("large=%ld\n", counter);
  return 0;
}
// CHECK: autotune: small
// CHECK-SAME: winner V=37
// CHECK-NOT: autotune: small
// CHECK: small=148
// CHECK: autotune: large
// CHECK-SAME: winner V=37
// CHECK-NOT: autotune: large
// CHECK: large=148
