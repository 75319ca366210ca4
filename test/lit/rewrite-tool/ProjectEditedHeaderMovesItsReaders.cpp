// A header of the project edited: its mirror is written anew, and so is the
// time stamp of each input's copy that reads it, though the copy's text is
// the same; the copy of an input that does not read it keeps its time. A
// build that restats the rewrite's outputs (ninja, CMake's custom commands)
// then compiles again what read the header, in the build that follows the
// edit: the compile's own depfile was read before the rewrite ran.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && %split-file %s %t && cd %t
// RUN: %autotune-rewrite --out-dir m --root . reads.cpp other.cpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: touch -d '2000-01-01' m/reads.cpp m/other.cpp m/util.h
// Nothing edited: nothing moves.
// RUN: %autotune-rewrite --out-dir m --root . reads.cpp other.cpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: find m -newermt '2001-01-01' -type f | %count 0
// RUN: echo '// edited' >> util.h
// RUN: %autotune-rewrite --out-dir m --root . reads.cpp other.cpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: find m -newermt '2001-01-01' -type f | sort | %FileCheck %s
// CHECK: m/reads.cpp
// CHECK-NEXT: m/util.h
// CHECK-NOT: other.cpp
// RUN: %FileCheck %s --check-prefix=SAME --input-file=m/reads.cpp
// SAME-NOT: edited

//--- util.h
inline int twice(int N) { return 2 * N; }

//--- reads.cpp
#include "util.h"
#include <autotune/autotune.h>

template <int B> int work(int N) { return twice(N) * B; }

int main() {
  int R = 0;
#pragma autotune space(B = {1, 2})
  R = work<B>(3);
  return R == 0;
}

//--- other.cpp
int main() { return 0; }
