// On a busy machine a host site's decision holds (issue 14, point 3): two
// points of CPU work, 1.5 ms (the default) and 1.0 ms, tuned for 40 keys
// while 2 busy processes per core compete for the CPU. Every tuning must
// choose the 1.0 ms point: a 1.5x gap is unmistakable, whatever the load.
//
// How close the reported speed-up comes to 1.5 under load is a timing, not
// a decision, so it is measured by bench/host_noise.sh (docs/performance.md,
// "Host statements under load") and not asserted here: under
// AddressSanitizer on a loaded 2-core machine 4 of 40 reported 1.71 to
// 1.73, a default run delayed by the load.
//
// The program is bench/host_noise.cpp. It runs for 2 to 4 s on a 2-core
// machine.
// RUN: %clangxx %autotune -O2 %S/../../../bench/host_noise.cpp %runtime -o %t
// RUN: env AUTOTUNE_LOG=1 AUTOTUNE_CACHE=off %t 40 2>&1 | %FileCheck %s

// CHECK: host_noise: 40 tunings,
// CHECK: faster point chosen: 40 of 40 tunings
