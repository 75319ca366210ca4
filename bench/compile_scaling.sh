#!/usr/bin/env bash
# Compile time against the number of points for a heavy kernel (issue 14,
# point 5): an SGEMM-like kernel (shared-memory tiles BM x BK and BK x BN, a
# 4 x 4 register tile per thread, three template parameters) at one site of
# 1, 4, 13, 26 and 52 points, compiled with clang 19 -O2 for sm_90; and where
# the time goes:
#
#   host     clang -x cuda --cuda-host-only -c        (host instantiations)
#   device   clang -x cuda --cuda-device-only -S      (device code to PTX)
#   ptxas    ptxas on that PTX, as clang runs it     (PTX to SASS)
#   total    clang -x cuda -c                         (all of it, and fatbinary)
#
# each with the plugin on the pragma site, and without the plugin on a
# hand-written file of the same kernel instantiations (a switch over the same
# points, launching each): the difference is the plugin's own work and the
# code it generates. Runs here, on the CPU (no GPU needed).
#
#   bench/compile_scaling.sh [REPEATS]     (default 3; medians are reported)
set -euo pipefail

repeats=${1:-3}
# shellcheck source=bench/compile_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/compile_common.sh"
plugin=-fplugin=$build/plugin/libAutotune.so
flags=("${cuda_flags[@]}")

# kernel: C = A * B, the SGEMM-like kernel that bench/tuning_cost.cu tunes too.
kernel=$(< "$repo/bench/sgemm_kernel.h")
launch='sgemm<BM, BN, BK><<<dim3((n + BN - 1) / BN, (m + BM - 1) / BM), BM * BN / 16, 0, s>>>(m, n, k, a, b, c)'
where_expr='BM * BN >= 1024'

# space N: the value lists of the N-point space (with where(BM * BN >= 1024)).
space() {
  case $1 in
    1) echo "BM={64} BN={64} BK={8}" ;;
    4) echo "BM={32,64} BN={32,64} BK={8}" ;;
    13) echo "BM={16,32,64,128} BN={16,32,64,128} BK={8}" ;;
    26) echo "BM={16,32,64,128} BN={16,32,64,128} BK={8,16}" ;;
    52) echo "BM={16,32,64,128} BN={16,32,64,128} BK={4,8,16,32}" ;;
  esac
}

# points N: "BM BN BK" per line, the points of space N that where keeps.
points() {
  local lists bms bns bks bm bn bk
  read -r -a lists <<< "$(space "$1" | tr -d '{}' | sed 's/B[MNK]=//g')"
  IFS=, read -r -a bms <<< "${lists[0]}"
  IFS=, read -r -a bns <<< "${lists[1]}"
  IFS=, read -r -a bks <<< "${lists[2]}"
  for bm in "${bms[@]}"; do for bn in "${bns[@]}"; do for bk in "${bks[@]}"; do
    ((bm * bn >= 1024)) && echo "$bm $bn $bk"
  done; done; done
}

# write_tuned N: the kernel and one tuned site of N points.
write_tuned() {
  local n=$1 s
  s=$(space "$n" | sed 's/ /, /g; s/=/ = /g; s/,\([0-9]\)/, \1/g')
  cat > "$work/tuned$n.cu" <<EOT
#include <autotune/autotune.h>
$kernel
void run(int m, int n, int k, const float *a, const float *b, float *c, cudaStream_t s) {
#pragma autotune space($s) where($where_expr) key(m, n, k)
  $launch;
}
EOT
}

# write_manual N: the kernel and the same N instantiations without a pragma,
# launched from a switch, so that host stubs and device code exist for each.
write_manual() {
  local n=$1 i=0 bm bn bk
  {
    printf '#include <autotune/autotune.h>\n%s\n' "$kernel"
    printf 'void run(int point, int m, int n, int k, const float *a, const float *b, float *c,\n'
    printf '         cudaStream_t s) {\n  switch (point) {\n'
    while read -r bm bn bk; do
      printf '  case %d: {\n    constexpr int BM = %d, BN = %d, BK = %d;\n    %s;\n    break;\n  }\n' \
        "$i" "$bm" "$bn" "$bk" "$launch"
      i=$((i + 1))
    done < <(points "$n")
    printf '  }\n}\n'
  } > "$work/manual$n.cu"
  [[ $i == "$n" ]] || { echo "space $n has $i points" >&2; exit 1; }
}

# The ptxas command clang runs for a device job (taken from -###), with the
# PTX and cubin names as placeholders.
write_manual 1
ptxas_cmd=$(clang++-19 -### "${flags[@]}" --cuda-device-only -c "$work/manual1.cu" \
              -o "$work/probe.cubin" 2>&1 | grep -m1 '/ptxas"' || true)
[[ -n $ptxas_cmd ]] || { echo "no ptxas step in clang's device job" >&2; exit 1; }
read -r -a ptxas_args <<< "$(echo "$ptxas_cmd" | tr -d '"')"
ptxas_run() { # ptxas_run PTX CUBIN: clang's ptxas step on PTX, writing CUBIN.
  local args=() i
  for ((i = 0; i < ${#ptxas_args[@]}; ++i)); do
    case ${ptxas_args[i]} in
      --output-file) args+=(--output-file "$2"); i=$((i + 1)) ;;
      *.s) args+=("$1") ;;
      *) args+=("${ptxas_args[i]}") ;;
    esac
  done
  "${args[@]}"
}

# One compile first, so that the headers are in the page cache for every row.
clang++-19 "${flags[@]}" -c "$work/manual1.cu" -o "$work/warm.o"

# measure FILE PLUGIN_FLAG...: sets host, device, ptxas, total (seconds).
measure() {
  local f=$1
  shift
  host=$(median_time clang++-19 "$@" "${flags[@]}" --cuda-host-only -c "$f" -o "$work/h.o")
  device=$(median_time clang++-19 "$@" "${flags[@]}" --cuda-device-only -S "$f" -o "$work/d.s")
  ptxas=$(median_time ptxas_run "$work/d.s" "$work/d.cubin")
  total=$(median_time clang++-19 "$@" "${flags[@]}" -c "$f" -o "$work/t.o")
}

printf 'compile time, clang 19 -O2 for sm_90, SGEMM-like kernel, median of %d (seconds)\n' "$repeats"
printf 'ptxas step: %s\n\n' "${ptxas_args[*]//$work\//}"
printf '%-7s %-8s %8s %8s %8s %8s %10s\n' points build host device ptxas total "sum parts"
declare -A t # t[build,N,phase]: seconds
row() { # row N BUILD LABEL
  t[$2,$1,host]=$host t[$2,$1,device]=$device t[$2,$1,ptxas]=$ptxas t[$2,$1,total]=$total
  printf '%-7s %-8s %8.3f %8.3f %8.3f %8.3f %10.3f\n' "$1" "$3" "$host" "$device" "$ptxas" \
    "$total" "$(echo "$host + $device + $ptxas" | bc -l)"
}
for n in 1 4 13 26 52; do
  write_tuned "$n"
  write_manual "$n"
  measure "$work/tuned$n.cu" "$plugin"
  row "$n" plugin plugin
  measure "$work/manual$n.cu"
  row "$n" manual "by hand"
done

# The device job at 52 points, split: front end and IR optimisation (to
# optimised LLVM IR) against the whole job to PTX (adds NVPTX code generation).
ir=$(median_time clang++-19 "$plugin" "${flags[@]}" --cuda-device-only -S -emit-llvm \
       "$work/tuned52.cu" -o "$work/d.ll")
printf '\ndevice job at 52 points with the plugin: to optimised LLVM IR %.3f s, ' "$ir"
printf 'to PTX %.3f s (NVPTX code generation: the difference)\n' "${t[plugin,52,device]}"

printf '\ncost per extra variant, (52 points - 1 point) / 51, ms\n'
printf '%-8s %8s %8s %8s %8s\n' build host device ptxas total
for b in plugin manual; do
  printf '%-8s' "$([[ $b == plugin ]] && echo plugin || echo 'by hand')"
  for p in host device ptxas total; do
    printf ' %8.1f' "$(echo "(${t[$b,52,$p]} - ${t[$b,1,$p]}) / 51 * 1000" | bc -l)"
  done
  printf '\n'
done
