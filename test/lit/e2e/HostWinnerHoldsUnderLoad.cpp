// On a busy machine a host site's decision holds (issue 14, point 3): two
// points of CPU work, 1.5 ms (the default) and 1.0 ms, tuned for 40 keys
// while 2 busy processes per core compete for the CPU. Every tuning must
// choose the 1.0 ms point, and at least 39 of the 40 must report a speed-up
// within [1.3, 1.7] (1.5 by construction).
//
// The noise a load adds is one-sided: a run that lost the CPU to a hog for
// a time slice takes several milliseconds longer, a run never takes less
// than its work. The median of the 3 timed runs the racing gives the slower
// point follows those delays whenever 2 of them met one: with the median,
// runs of 40 tunings had 2 to 11 speed-ups outside the range (up to 40x)
// on the 2-core development machine. The minimum is wrong only when every
// run of a point met a delay: 9 tunings of 1360 with 3 runs, 2 of 1600
// with 6 (both in one run of 20), hence the one speed-up allowed to miss.
// docs/performance.md, section 9, has the measurements.
//
// The program is bench/host_noise.cpp, which bench/host_noise.sh runs
// repeatedly. It runs for 2 to 4 s on a 2-core machine.
// RUN: %clangxx %autotune -O2 %S/../../../bench/host_noise.cpp %runtime -o %t
// RUN: env AUTOTUNE_LOG=1 AUTOTUNE_CACHE=off %t 40 2>&1 | %FileCheck %s

// CHECK: host_noise: 40 tunings,
// CHECK: faster point chosen: 40 of 40 tunings
// CHECK: speed-up within [1.3, 1.7]: {{39|40}} of 40 tunings
