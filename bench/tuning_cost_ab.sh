#!/usr/bin/env bash
# Two builds of bench/tuning_cost side by side on this machine (needs a GPU):
# runs interleaved (A, B, A, B, ...) so that a drift of clocks or temperature
# affects both alike, W warm and C cold runs each, then bench/summarize.py's
# tables for each: how a change to the tuner is measured against the build
# before it (docs/performance.md, "Method").
#
#   bench/tuning_cost_ab.sh A B [OUTDIR]
#     A, B     tuning_cost programs (scripts/build-bench's bin/tuning_cost,
#              one built against each runtime)
#     OUTDIR   where a.log, b.log and their summaries go ($OUT, else .)
#   W=5 C=3    warm and cold runs of each
#   AUTOTUNE_LOG=0   time the tuned call at the runtime's default log level
#              (tuning_cost reads the level-2 table otherwise, which costs
#              the call about 0.1 ms; the runs columns are then '-', the
#              winner comes from the site's chosen point)
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
a=${1:?usage: tuning_cost_ab.sh A B [OUTDIR]}
b=${2:?usage: tuning_cost_ab.sh A B [OUTDIR]}
out=${3:-${OUT:-.}}
mkdir -p "$out"
: > "$out/a.log"
: > "$out/b.log"
W=${W:-5}
C=${C:-3}
run() { # run NAME LOG PROGRAM ARGS...
  local name=$1 log=$2
  shift 2
  echo "== $name" >> "$log"
  timeout 300 "$@" >> "$log" 2>&1 || echo "tuning_cost_ab: FAILED: $name" | tee -a "$log"
}
for ((i = 1; i <= W; ++i)); do
  run "warm run $i of $W" "$out/a.log" "$a"
  run "warm run $i of $W" "$out/b.log" "$b"
done
for ((i = 1; i <= C; ++i)); do
  run "cold run $i of $C" "$out/a.log" "$a" --cold
  run "cold run $i of $C" "$out/b.log" "$b" --cold
done
summarize=$here/summarize.py
[[ -f $summarize ]] || summarize=$(dirname "$b")/../summarize.py
echo "######## A: $a"
python3 "$summarize" "$out/a.log" | tee "$out/a-summary.txt"
echo "######## B: $b"
python3 "$summarize" "$out/b.log" | tee "$out/b-summary.txt"
