// --out-dir rewrites a project: two programs and the headers they include
// (examples/kernels-in-headers) become a mirror tree that keeps the folders,
// every site rewritten, each shared header written once; what nvcc reads
// from it holds no pragma, and clang (without the plugin) and nvcc compile it.
// A second run rewrites nothing that has not changed.
// REQUIRES: rewrite-tool, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite --out-dir %t/m --depfile %t/m.d %S/../../../examples/kernels-in-headers/train.cu %S/../../../examples/kernels-in-headers/evaluate.cu -- -std=c++17 -I%S/../../../examples/kernels-in-headers/include -I%S/../../../runtime/include 2>&1 | %count 0
// RUN: cd %t/m && find . -type f | sort | %FileCheck %s --check-prefix=TREE
// TREE:      ./common/check.h
// TREE-NEXT: ./evaluate.cu
// TREE-NEXT: ./include/kit/activations.cuh
// TREE-NEXT: ./include/kit/config.h
// TREE-NEXT: ./ops/reduce.cuh
// TREE-NEXT: ./ops/scale.cuh
// TREE-NEXT: ./train.cu
// RUN: %FileCheck %s --check-prefix=SCALE --input-file=%t/m/ops/scale.cuh
// SCALE: #line 1 "{{.*}}kernels-in-headers/ops/scale.cuh"
// SCALE-NOT: #pragma autotune
// SCALE: static ::autotune::Site __autotune_site
// RUN: %FileCheck %s --check-prefix=REDUCE --input-file=%t/m/ops/reduce.cuh
// REDUCE-NOT: #pragma autotune
// REDUCE: static ::autotune::Site __autotune_site
// RUN: %FileCheck %s --check-prefix=ACT --input-file=%t/m/include/kit/activations.cuh
// ACT-NOT: #pragma autotune
// ACT: static ::autotune::Site __autotune_site
// RUN: %FileCheck %s --check-prefix=TRAIN --input-file=%t/m/train.cu
// TRAIN-NOT: #pragma autotune
// TRAIN: static ::autotune::Site __autotune_site
// A header without a site is copied as it is, under a '#line'.
// RUN: tail -n +2 %t/m/common/check.h | diff - %S/../../../examples/kernels-in-headers/common/check.h
// The depfile names the first program's mirror and every header read.
// RUN: %FileCheck %s --check-prefix=DEP --input-file=%t/m.d
// DEP: {{.*}}/m/train.cu: \
// DEP-DAG: kernels-in-headers/ops/scale.cuh
// DEP-DAG: kernels-in-headers/include/kit/config.h
// DEP-DAG: runtime/include/autotune/autotune.h
// Every file it names exists, by a path without '..' (CMake's depfile
// transformation removes them lexically; the compiler's headers are named
// through '..' after symbolic links).
// RUN: tail -n +2 %t/m.d | sed -e 's/ *\\$//' -e 's/^ *//' | xargs -d '\n' ls -d > /dev/null
// RUN: %not grep -F /.. %t/m.d
//
// What nvcc sees: the mirror first on the include path, then the originals.
// clang without the plugin stands in for it where nvcc is missing.
// RUN: %clangxx -std=c++17 %cuda -D__AUTOTUNE__=1 -I%t/m/include -I%S/../../../examples/kernels-in-headers/include -I%S/../../../runtime/include -fsyntax-only %t/m/train.cu
// RUN: %clangxx -std=c++17 %cuda -D__AUTOTUNE__=1 -I%t/m/include -I%S/../../../examples/kernels-in-headers/include -I%S/../../../runtime/include -fsyntax-only %t/m/evaluate.cu
// The originals without the plugin do not compile: the pragmas are left.
// RUN: %not %clangxx -std=c++17 %cuda -D__AUTOTUNE__=1 -I%S/../../../examples/kernels-in-headers/include -I%S/../../../runtime/include -fsyntax-only %S/../../../examples/kernels-in-headers/train.cu 2>&1 | %FileCheck %s --check-prefix=PLAIN
// PLAIN: error: use of undeclared identifier 'BLOCK'
//
// Nothing changed: nothing is written again.
// RUN: touch -d '2000-01-01' %t/m/ops/scale.cuh %t/m/train.cu
// RUN: %autotune-rewrite --out-dir %t/m %S/../../../examples/kernels-in-headers/train.cu %S/../../../examples/kernels-in-headers/evaluate.cu -- -std=c++17 -I%S/../../../examples/kernels-in-headers/include -I%S/../../../runtime/include
// RUN: find %t/m -newermt '2001-01-01' -name scale.cuh | %count 0
// RUN: find %t/m -newermt '2001-01-01' -name train.cu | %count 0
