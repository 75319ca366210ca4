#!/usr/bin/env bash
# Compile-time cost of the plugin (issue 5): a CUDA file with one tuned launch
# site of N points, compiled with the plugin, against the same file with one
# fixed variant and no plugin; and the cost per extra variant. Runs here, on
# the CPU (no GPU needed): full clang 19 compiles for sm_90, host and device.
#
#   bench/compile_time.sh [REPEATS]     (default 5; medians are reported)
set -euo pipefail

repeats=${1:-5}
# shellcheck source=bench/compile_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/compile_common.sh"
flags=("${cuda_flags[@]}" -c)

# kernel: a tiled saxpy-like kernel with two template parameters.
kernel='template <int BLOCK, int ITEMS>
__global__ void axpy(int n, float a, const float *x, float *y) {
  int base = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (base + k < n)
      y[base + k] = a * x[base + k] + y[base + k];
}'

write_fixed() {
  cat > "$work/fixed.cu" <<EOT
#include <autotune/autotune.h>
$kernel
void run(int n, float a, const float *x, float *y, cudaStream_t s) {
  axpy<128, 1><<<(n + 127) / 128, 128, 0, s>>>(n, a, x, y);
}
EOT
}

# write_tuned N: a space of N points (BLOCK x ITEMS).
write_tuned() {
  local n=$1 blocks items
  case $n in
    1) blocks="128" items="1" ;;
    4) blocks="64, 128" items="1, 2" ;;
    16) blocks="32, 64, 128, 256" items="1, 2, 4, 8" ;;
    64) blocks="32, 64, 96, 128, 192, 256, 384, 512" items="1, 2, 3, 4, 5, 6, 7, 8" ;;
  esac
  cat > "$work/tuned$n.cu" <<EOT
#include <autotune/autotune.h>
$kernel
void run(int n, float a, const float *x, float *y, cudaStream_t s) {
#pragma autotune space(BLOCK = {$blocks}, ITEMS = {$items}) key(n)
  axpy<BLOCK, ITEMS><<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, a, x, y);
}
EOT
}

write_fixed
# One compile first, so that the headers are in the page cache for every row.
clang++-19 "${flags[@]}" "$work/fixed.cu" -o "$work/fixed.o"
base=$(median_time clang++-19 "${flags[@]}" "$work/fixed.cu" -o "$work/fixed.o")
printf 'compile time, clang 19 -O2 for sm_90 (host + device), median of %d\n\n' "$repeats"
printf '%-40s %10s %12s\n' "file" "seconds" "vs fixed"
printf '%-40s %10.3f %12s\n' "one fixed variant, no plugin" "$base" "1.00x"
for n in 1 4 16 64; do
  write_tuned "$n"
  t=$(median_time clang++-19 -fplugin="$build/plugin/libAutotune.so" "${flags[@]}" \
        "$work/tuned$n.cu" -o "$work/tuned$n.o")
  printf '%-40s %10.3f %11.2fx\n' "plugin, $n point(s)" "$t" "$(echo "$t / $base" | bc -l)"
  if [[ $n == 64 ]]; then
    t1=$one
    per=$(echo "($t - $t1) / 63 * 1000" | bc -l)
    printf '\ncost per extra variant (64 vs 1 point): %.1f ms\n' "$per"
  fi
  [[ $n == 1 ]] && one=$t
done
