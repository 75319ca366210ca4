# shellcheck shell=bash disable=SC2034,SC2154
# Sourced by the compile-time benchmarks (compile_time.sh, compile_scaling.sh,
# build_cost.sh):
# where the build, the CUDA shims and the toolkit are, the clang 19 flags of a
# CUDA compile for sm_90 (host and device jobs, no output mode: each caller
# adds -c, -S, ...), a scratch directory, median and median_time. Expects
# $repeats.
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
build=${AUTOTUNE_BUILD_DIR:-$repo/build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shims=$build/cuda-shims
cuda=${CUDA_PATH:-/usr/local/cuda}
cuda_flags=(-std=c++17 -O2 -x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version
            --cuda-path="$cuda" -isystem "$shims" -isystem "$cuda/include/cccl" -B "$shims"
            -include autotune_cuda_intrinsics.h -I "$repo/runtime/include")

# median: the median of the numbers on standard input, one a line.
median() {
  sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'
}

# median_time CMD...: median wall time in seconds over $repeats runs.
median_time() {
  local times=() i t0 t1
  for ((i = 0; i < repeats; ++i)); do
    t0=$(date +%s.%N)
    "$@" > /dev/null
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc -l)")
  done
  printf '%s\n' "${times[@]}" | median
}
