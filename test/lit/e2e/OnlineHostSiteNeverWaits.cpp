// A host site tuned online: every call runs exactly one point (the run
// counter grows by one a call, also while the race is open), the race
// picks the point whose work is ten times smaller, and once it has decided
// every call runs that point. Sleeps, not arithmetic: a busy machine can
// only lengthen them, so the winner is unmistakable.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
//
// mode(online) in the pragma: the race, then the cache's answer at once.
// RUN: env AUTOTUNE_LOG=1 AUTOTUNE_CACHE_DIR=%t.cache %t online 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=ONLINE
// RUN: env AUTOTUNE_LOG=1 AUTOTUNE_CACHE_DIR=%t.cache %t online 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=CACHED
//
// AUTOTUNE_MODE=online makes a site without the clause race too, and
// AUTOTUNE_MODE=blocking makes a mode(online) site tune on its first call.
// RUN: env AUTOTUNE_LOG=1 AUTOTUNE_CACHE=off AUTOTUNE_MODE=online %t plain 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=ONLINE
// RUN: env AUTOTUNE_LOG=1 AUTOTUNE_CACHE=off AUTOTUNE_MODE=blocking %t online 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=BLOCKING
// RUN: env AUTOTUNE_LOG=1 AUTOTUNE_CACHE=off %t plain 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=BLOCKING
//
// A site with verify(...) cannot race: AUTOTUNE_MODE=online tunes it on its
// first call, and says so once.
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_MODE=online %t verify 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=VERIFY

#include <autotune/autotune.h>
#include <autotune/results.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

// REPEAT = 10 sleeps ten times longer than REPEAT = 1.
template <int REPEAT> void work(long *runs, long *units) {
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  *runs += 1;
  *units += REPEAT;
}

void online(long *runs, long *units) {
#pragma autotune space(REPEAT = {10, 1, 20}) mode(online) name("online")
  work<REPEAT>(runs, units);
}

void plain(long *runs, long *units) {
#pragma autotune space(REPEAT = {10, 1, 20}) name("plain")
  work<REPEAT>(runs, units);
}

void checked(long *runs, long *units) {
#pragma autotune space(REPEAT = {10, 1, 20}) verify(runs[1]) key() name("verify")
  work<REPEAT>(runs, units);
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "online";
  void (*step)(long *, long *) = std::strcmp(which, "plain") == 0 ? plain
                                 : std::strcmp(which, "verify") == 0
                                     ? checked
                                     : online;
  // The site's name is the program's argument.
  long runs = 0, units = 0;
  int calls = 0;
  bool oneRunPerCall = true;
  while (calls < 400 && !autotune::chosenPoint(which)) {
    long before = runs;
    step(&runs, &units);
    ++calls;
    oneRunPerCall = oneRunPerCall && runs == before + 1;
  }
  autotune::Choice winner = autotune::chosenPoint(which);
  std::printf("one run per call: %s\n", oneRunPerCall ? "yes" : "no");
  std::printf("decided on the first call: %s\n", calls == 1 ? "yes" : "no");
  std::printf("chosen: %s\n", winner.text().c_str());
  // Decided: ten more calls, each one run of REPEAT = 1.
  long unitsBefore = units, runsBefore = runs;
  for (int i = 0; i < 10; ++i)
    step(&runs, &units);
  std::printf("after: %ld runs, %ld units\n", runs - runsBefore,
              units - unitsBefore);
  return 0;
}
// ONLINE: autotune: {{online|plain}} device=
// ONLINE-SAME: 3/3 variants
// ONLINE-SAME: winner REPEAT=1
// ONLINE-SAME: tuned online over {{[0-9]+}} calls in
// ONLINE-NOT: autotune:
// ONLINE: one run per call: yes
// ONLINE-NEXT: decided on the first call: no
// ONLINE-NEXT: chosen: REPEAT=1
// ONLINE-NEXT: after: 10 runs, 10 units

// CACHED-NOT: autotune:
// CACHED: one run per call: yes
// CACHED-NEXT: decided on the first call: yes
// CACHED-NEXT: chosen: REPEAT=1
// CACHED-NEXT: after: 10 runs, 10 units

// BLOCKING: autotune: {{online|plain}} device=
// BLOCKING-SAME: winner REPEAT=1
// BLOCKING-SAME: tuned in
// BLOCKING: one run per call: no
// BLOCKING-NEXT: decided on the first call: yes
// BLOCKING-NEXT: chosen: REPEAT=1
// BLOCKING-NEXT: after: 10 runs, 10 units

// VERIFY: autotune: verify: tuned on its first call, not online: verify(...) compares every variant's output with the default point's on one call
// VERIFY-NOT: autotune:
// VERIFY: decided on the first call: yes
// VERIFY-NEXT: chosen: REPEAT=1
