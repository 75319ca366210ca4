// Headers given as inputs are read as CUDA where they are CUDA: '.cuh' and
// '.cu.h' always, and a header named like C++'s ('.hpp', '.h') when it holds
// a kernel, device code or a launch. A C++ header without any stays C++.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %S/Inputs/launcher.cuh %t/launcher.cu.h && cp %S/Inputs/launcher.cuh %t/launcher.hpp && cp %S/Inputs/launcher.cuh %t/launcher.h
// RUN: %autotune-rewrite %t/launcher.cu.h -o %t/out.cu.h -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --input-file=%t/out.cu.h
// RUN: %autotune-rewrite %t/launcher.hpp -o %t/out.hpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --input-file=%t/out.hpp
// RUN: %autotune-rewrite %t/launcher.h -o %t/out.h -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --input-file=%t/out.h
// RUN: %autotune-rewrite %S/Inputs/host_site.hpp -o %t/host_site.hpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --check-prefix=HOST --input-file=%t/host_site.hpp

// CHECK: inline void launch_fill(int *x, int n) {
// CHECK: ::autotune::
// CHECK-NOT: #pragma autotune
// HOST-NOT: #pragma autotune
// HOST: ::autotune::
// HOST: out = blocked<B>(n);
