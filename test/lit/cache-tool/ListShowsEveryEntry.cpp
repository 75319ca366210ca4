// autotune-cache list: one row per (site, key, device): the winner as P=v,
// its speed-up over the default point ("default" when the default point
// won) and when it was tuned; rows sorted by site, device and key.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s
// The directory comes from AUTOTUNE_CACHE_DIR as for programs.
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %autotune-cache list | %FileCheck %s
// RUN: rm -rf %t.empty && mkdir %t.empty
// RUN: %autotune-cache --dir %t.empty list | %FileCheck %s --check-prefix=EMPTY

#include <autotune/autotune.h>

#include <chrono>
#include <thread>

// REPEAT = 10 sleeps ten times longer than REPEAT = 1.
template <int REPEAT> void work() {
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
}

void sized(int n) {
#pragma autotune space(REPEAT = {10, 1}) key(n) name("sized")
  work<REPEAT>();
}

int main() {
  sized(200);
  sized(100);
#pragma autotune space(REPEAT = {1, 10}) name("unkeyed")
  work<REPEAT>();
  return 0;
}
// CHECK:      {{^}}SITE KEY DEVICE WINNER SPEEDUP TUNED STATE{{$}}
// CHECK-NEXT: {{^}}sized (100) host{{.*}} REPEAT=1 {{[0-9.]+}}x {{[0-9]+-[0-9]+-[0-9]+T[0-9:]+Z latest$}}
// CHECK-NEXT: {{^}}sized (200) host{{.*}} REPEAT=1 {{[0-9.]+}}x {{[0-9]+-[0-9]+-[0-9]+T[0-9:]+Z latest$}}
// CHECK-NEXT: {{^}}unkeyed - host{{.*}} REPEAT=1 default {{[0-9]+-[0-9]+-[0-9]+T[0-9:]+Z latest$}}
// CHECK-NOT:  {{.}}

// EMPTY: no entries in {{.*}}.empty
