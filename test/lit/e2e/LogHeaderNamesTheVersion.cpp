// A log names the autotune that wrote it: at AUTOTUNE_LOG=1 the process's
// first line is "autotune: autotune X.Y.Z", once; at the default level (0)
// there is no header. Every cache entry says the same in "tuned_by".
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_LOG=1 AUTOTUNE_CACHE_DIR=%t.cache %t 2>&1 | %FileCheck %s --check-prefix=LOG
// LOG: autotune: autotune [[VERSION:[0-9]+\.[0-9]+\.[0-9]+]]
// LOG-NOT: autotune: autotune {{[0-9]}}
// LOG: key=(1) device=host
// LOG-NOT: autotune: autotune {{[0-9]}}
// LOG: key=(2) device=host
// LOG-NOT: autotune: autotune {{[0-9]}}
// RUN: cat %t.cache/*.json | %FileCheck %s --check-prefix=ENTRY
// ENTRY: "tuned_by": "autotune {{[0-9]+\.[0-9]+\.[0-9]+}}"
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: autotune: autotune

#include <autotune/autotune.h>

template <int N> int work(int X) { return X * N; }

int run(int Key) {
  int Out = 0;
#pragma autotune space(N = {1, 2}) key(Key)
  Out = work<N>(Key);
  return Out;
}

int main() { return run(1) + run(2) > 0 ? 0 : 1; }
