// nvcc compiles the mirror tree of examples/kernels-in-headers (see
// ProjectMirrorTree.cu): both programs link, and the PTX holds every variant
// of the kernels of the headers, the shared ones in both programs.
// REQUIRES: rewrite-tool, nvcc
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite --out-dir %t/m %S/../../../examples/kernels-in-headers/train.cu %S/../../../examples/kernels-in-headers/evaluate.cu -- -std=c++17 -I%S/../../../examples/kernels-in-headers/include -I%S/../../../runtime/include
// RUN: %nvcc -D__AUTOTUNE__=1 -I%t/m/include -I%S/../../../examples/kernels-in-headers/include -ptx %t/m/train.cu -o - | %FileCheck %s --check-prefix=TRAIN
// TRAIN-DAG: .entry _Z8scaleAddILi64ELi1EEvifPKfPf(
// TRAIN-DAG: .entry _Z8scaleAddILi256ELi4EEvifPKfPf(
// TRAIN-DAG: .entry _Z8blockSumILi512EiEviPKT0_Py(
// TRAIN-DAG: .entry _Z10clampBelowILi64EEvifPf(
// TRAIN-DAG: .entry _Z7toTwiceILi128EEviPKfPi(
// RUN: %nvcc -D__AUTOTUNE__=1 -ptx %t/m/evaluate.cu -o - | %FileCheck %s --check-prefix=EVAL
// EVAL-DAG: .entry _Z8scaleAddILi512ELi2EEvifPKfPf(
// EVAL-DAG: .entry _Z8blockSumILi128EiEviPKT0_Py(
