// A restore(...) count in bytes instead of elements asks for four times the
// array. Where the range runs past the host memory it lies in, the site is
// not tuned: the log names the clause as written, the bytes asked and the
// bytes there are, and the default point runs once, so the program's answer
// is right (it used to end in a segfault inside the snapshot copy). A
// negative count is reported the same way.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off %t 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

#include <cstdio>
#include <sys/mman.h>
#include <unistd.h>

template <int TILE> void add_one(float *c, long n) {
  for (long i = 0; i < n; i += TILE)
    for (long j = i; j < i + TILE && j < n; ++j)
      c[j] += 1.0f;
}

void bytes_for_elements(float *c, long n) {
#pragma autotune space(TILE = {16, 64}) restore(c[n * n * sizeof(float)]) name("bytes")
  add_one<TILE>(c, n * n);
}

void negative_count(float *c, long n, long m) {
#pragma autotune space(TILE = {16, 64}) restore(c[n - m]) name("negative")
  add_one<TILE>(c, n);
}

int main() {
  // n * n floats that end where the mapping ends (an inaccessible page
  // follows), as a large allocation ends at the end of its own mapping.
  const long n = 64;
  long page = sysconf(_SC_PAGESIZE);
  long bytes = (n * n * long(sizeof(float)) + page - 1) / page * page;
  char *base = static_cast<char *>(mmap(nullptr, bytes + page,
                                        PROT_READ | PROT_WRITE,
                                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  mprotect(base + bytes, page, PROT_NONE);
  float *c = reinterpret_cast<float *>(base + bytes) - n * n;

  bytes_for_elements(c, n);
  // CHECK: autotune: bytes device=host
  // CHECK-SAME: not tuned: 'restore(c[n * n * sizeof(float)])' asks for 65536 bytes (16384 elements of 4 bytes), but only 16384 bytes of writable host memory follow its start; using the default point TILE=16
  bool right = true;
  for (long i = 0; i < n * n; ++i)
    right &= c[i] == 1.0f;
  std::printf("bytes: %s\n", right ? "one run, right answer" : "WRONG");
  std::fflush(stdout);
  // CHECK-NEXT: bytes: one run, right answer

  negative_count(c, n, n + 1);
  // CHECK-NEXT: autotune: negative device=host
  // CHECK-SAME: not tuned: 'restore(c[n - m])' has a negative count (-1); using the default point TILE=16
  std::printf("negative: c[0] = %g\n", c[0]);
  // CHECK-NEXT: negative: c[0] = 2
  return 0;
}
