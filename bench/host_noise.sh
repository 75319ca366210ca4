#!/usr/bin/env bash
# Host decisions under load (issue 14, point 3): bench/host_noise.cpp (two
# points of CPU work, 1.5 x FAST_MS and FAST_MS, tuned for TUNINGS keys
# while HOGS busy processes compete for the cores) run RUNS times; prints
# each run's count of tunings that chose the faster point, then over all
# tunings: how many chose the slower one (the flip rate), and the spread of
# the reported speed-ups (1.5 by construction). AUTOTUNE_LIB_DIRS picks
# another runtime build to compare (scripts/autotune-clang++).
#
#   bench/host_noise.sh [RUNS [TUNINGS [HOGS [FAST_MS]]]]
#                       (defaults: 5, 20, 2 per core, 1.0)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
runs=${1:-5}
tunings=${2:-20}
hogs=${3:-$((2 * $(nproc)))}
fast_ms=${4:-1.0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$repo/scripts/autotune-clang++" -O2 "$repo/bench/host_noise.cpp" -o "$work/host_noise"
echo "$runs runs of $tunings tunings, $hogs busy processes on $(nproc) cores," \
  "points of 1.5 x $fast_ms and $fast_ms ms"
for ((i = 1; i <= runs; ++i)); do
  AUTOTUNE_LOG=1 AUTOTUNE_CACHE=off "$work/host_noise" "$tunings" "$hogs" "$fast_ms" \
    2> /dev/null > "$work/run$i.txt"
  echo "run $i: faster point in $(sed -n 's/^faster point chosen: //p' "$work/run$i.txt")," \
    "speed-ups: $(sed -n 's/.*speed-up \([0-9.e+]*\)$/\1/p' "$work/run$i.txt" | tr '\n' ' ')"
done
cat "$work"/run*.txt | awk '
  /^tuning / { ++n; if ($4 != "HALVES=2,") ++slower; if ($5 != "speed-up") ++none }
  END {
    printf "slower point chosen: %d of %d tunings (%.1f %%)\n", slower, n, 100 * slower / n
    if (none) printf "no speed-up reported (the default point won or was cut): %d\n", none
  }'
sed -n 's/.*speed-up \([0-9.e+]*\)$/\1/p' "$work"/run*.txt | sort -g | awk '
  { s[NR] = $1; if ($1 < 1.3 || $1 > 1.7) ++outside }
  END {
    printf "speed-ups of %d tunings: min %s, median %s, max %s; outside [1.3, 1.7]: %d (%.1f %%)\n",
      NR, s[1], (NR % 2) ? s[(NR + 1) / 2] : (s[NR / 2] + s[NR / 2 + 1]) / 2, s[NR],
      outside, 100 * outside / NR
  }'
