#!/usr/bin/env bash
# How often two tunings of the same program on the same card choose the same
# point, on bench/near_tie's sites (points 0 to 5 % apart): each program is
# run RUNS times in fresh processes with the cache off, interleaved (A, B,
# A, B, ...) so that a drift of clocks affects both alike. For each site it
# prints the winners' tally, the agreement rate (the share of pairs of runs
# that chose the same point) and, for the reduction, how many different sums
# the runs produced.
#
#   bench/near_tie.sh PROGRAM [PROGRAM2]     (needs a GPU)
#   RUNS=10
set -u
runs=${RUNS:-10}
programs=("$@")
(( ${#programs[@]} )) || { echo "usage: near_tie.sh PROGRAM [PROGRAM2]" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for ((i = 1; i <= runs; ++i)); do
  for k in "${!programs[@]}"; do
    AUTOTUNE_CACHE=off AUTOTUNE_LOG=0 timeout 120 "${programs[$k]}" \
      >> "$work/$k.log" 2>&1 || echo "near_tie: FAILED: ${programs[$k]}" >&2
  done
done
for k in "${!programs[@]}"; do
  echo "== ${programs[$k]} ($runs runs)"
  python3 - "$work/$k.log" <<'PY'
import collections, sys
winners = collections.defaultdict(list)
sums = collections.defaultdict(set)
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) >= 4 and f[0] == 'near_tie:' and f[2] == 'winner':
        winners[f[1]].append(f[3])
        if 'sum' in f:
            sums[f[1]].add(f[f.index('sum') + 2])
for site, w in sorted(winners.items()):
    n = len(w)
    tally = collections.Counter(w)
    pairs = sum(c * (c - 1) for c in tally.values())
    agree = pairs / (n * (n - 1)) if n > 1 else 1.0
    line = f"{site:20s} agreement {agree:6.1%}  winners " + \
        ", ".join(f"{p} x{c}" for p, c in tally.most_common())
    if site in sums:
        line += f"  distinct sums {len(sums[site])}"
    print(line)
PY
done
