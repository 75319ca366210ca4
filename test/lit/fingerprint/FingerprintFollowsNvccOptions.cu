// On the nvcc path, the options autotune-rewrite drops because they change
// only the device code nvcc makes (the GPU architectures, device math, ptxas
// options) still change the site fingerprint: a winner measured for sm_80 code
// or without fast math is not reused for other code. Options that cannot
// change the code (line info, warnings) keep it.
// REQUIRES: rewrite-tool, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/sm90
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -lineinfo -Wno-deprecated-gpu-targets 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/lineinfo
// RUN: diff %t/sm90 %t/lineinfo
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_80 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/sm80
// RUN: not diff %t/sm90 %t/sm80
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -gencode arch=compute_90,code=sm_90 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/gencode
// RUN: not diff %t/sm90 %t/gencode
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 --use_fast_math 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/fastmath
// RUN: not diff %t/sm90 %t/fastmath
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -Xptxas -O1 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/ptxas
// RUN: not diff %t/sm90 %t/ptxas
// Every option handed to a tool that makes device code (nvlink, fatbinary,
// cudafe++), the libdevice it links, the host compiler nvcc runs, and nvcc's
// other code generation options (profiling, the entry points, how functions
// are split between host and device) count, by class, as ptxas's do.
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -Xnvlink --verbose 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/nvlink
// RUN: not diff %t/sm90 %t/nvlink
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 --nvlink-options=-O3 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/nvlinklong
// RUN: not diff %t/sm90 %t/nvlinklong
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -Xfatbin -compress-all 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/fatbin
// RUN: not diff %t/sm90 %t/fatbin
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -Xcudafe --display_error_number 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/cudafe
// RUN: not diff %t/sm90 %t/cudafe
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -ldir /opt/libdevice 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/ldir
// RUN: not diff %t/sm90 %t/ldir
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -ccbin g++-12 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/ccbin
// RUN: not diff %t/sm90 %t/ccbin
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -pg 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/pg
// RUN: not diff %t/sm90 %t/pg
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -e scale 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/entries
// RUN: not diff %t/sm90 %t/entries
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -split-compile 4 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/split
// RUN: not diff %t/sm90 %t/split
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -nohdinitlist 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/hdinit
// RUN: not diff %t/sm90 %t/hdinit
// Host compiler options given with -Xcompiler change the host code, where
// the site is: a sanitizer, LTO, position independence, the target all
// count; warnings and debug information do not.
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -Xcompiler -Wall,-g 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/hostwarn
// RUN: diff %t/sm90 %t/hostwarn
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -Xcompiler -fsanitize=address 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/hostasan
// RUN: not diff %t/sm90 %t/hostasan
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 --compiler-options=-flto 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/hostlto
// RUN: not diff %t/sm90 %t/hostlto
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -Xcompiler -fPIC 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/hostpic
// RUN: not diff %t/sm90 %t/hostpic
// RUN: %autotune-rewrite %s -o - -- -std=c++17 -I%S/../../../runtime/include -arch=sm_90 -Xcompiler -ftrivial-auto-var-init=pattern 2>/dev/null | grep -o '0x[0-9A-F]*ULL' > %t/hostinit
// RUN: not diff %t/sm90 %t/hostinit
// The fingerprint is there to compare.
// RUN: test -s %t/sm90

#include <autotune/autotune.h>

template <int B> __global__ void scale(float *x) { x[threadIdx.x] *= B; }

void run(float *x) {
#pragma autotune space(B = {64, 128}) key()
  scale<B><<<1, B>>>(x);
}
