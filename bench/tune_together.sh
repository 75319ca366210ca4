#!/usr/bin/env bash
# Tuning together on the host path (issue 13): the tuning time of one
# 32-point site with 1, 2, 4 and 8 processes (mpirun --oversubscribe; the
# runs sleep, so 8 processes on 2 cores measure as 8 would on 8), the
# process counts interleaved, REPEATS runs each; medians. Needs the build
# with autotune_mpi (Open MPI installed) and mpicxx.
#
#   bench/tune_together.sh [REPEATS]     (default 5)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
build=${AUTOTUNE_BUILD_DIR:-$repo/build}
repeats=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r -a mpi_compile <<< "$(mpicxx --showme:compile)"
read -r -a mpi_link <<< "$(mpicxx --showme:link)"
"$repo/scripts/autotune-clang++" -O2 "${mpi_compile[@]}" \
  "$repo/bench/tune_together.cpp" -o "$work/tune_together" \
  "$build/runtime/libautotune_mpi.a" "${mpi_link[@]}"
args=(--oversubscribe)
[[ $(id -u) == 0 ]] && args+=(--allow-run-as-root)
declare -A times
for ((i = 1; i <= repeats; ++i)); do
  for np in 1 2 4 8; do
    ms=$(AUTOTUNE_CACHE=off mpirun "${args[@]}" -np "$np" "$work/tune_together" |
      sed -n 's/.*tuning_ms=\([0-9.]*\).*/\1/p')
    times[$np]+="$ms "
  done
done
echo "processes  median tuning (ms)  runs (ms)"
for np in 1 2 4 8; do
  median=$(printf '%s\n' ${times[$np]} | sort -g |
    awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}')
  printf '%-10s %-19s %s\n' "$np" "$median" "${times[$np]}"
done
