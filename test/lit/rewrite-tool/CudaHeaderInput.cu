// A .cuh input is CUDA, as nvcc takes it: clang's driver, which knows no
// .cuh, would take it for a linker input and run no compile job ("expected
// exactly one compiler job"). An explicit -x still decides.
// REQUIRES: rewrite-tool, nvcc
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite %S/Inputs/launcher.cuh -o %t/launcher.at.cuh -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --input-file=%t/launcher.at.cuh
// RUN: %autotune-rewrite %S/Inputs/launcher.cuh -o %t/explicit.at.cuh -- -x cu -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --input-file=%t/explicit.at.cuh
// RUN: %nvcc -ptx -x cu %t/launcher.at.cuh -o - | %FileCheck %s --check-prefix=PTX

// CHECK: inline void launch_fill(int *x, int n) {
// CHECK: ::autotune::
// CHECK-NOT: #pragma autotune
// PTX: .entry {{.*}}fill{{.*}}Li128E
// PTX: .entry {{.*}}fill{{.*}}Li256E
