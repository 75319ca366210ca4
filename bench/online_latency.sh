#!/usr/bin/env bash
# bench/online_latency (needs a GPU) in both modes, interleaved (blocking,
# online, blocking, ...) so that a drift of clocks or temperature affects
# both alike; then the medians of each figure per space and mode, side by
# side: docs/performance.md's "Online mode" table.
#
#   bench/online_latency.sh [PROGRAM] [RUNS]
#     PROGRAM  scripts/build-bench's bin/online_latency (default: beside
#              this script, or build/bench/bin)
#     RUNS     runs of each mode (default 7)
# Every run's output is kept in online_latency.log, in $OUT if set, else here.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
program=${1:-}
if [[ -z $program ]]; then
  program=$here/bin/online_latency
  [[ -x $program ]] || program=$here/../build/bench/bin/online_latency
fi
runs=${2:-7}
log=${OUT:-.}/online_latency.log
: > "$log"
for ((i = 1; i <= runs; ++i)); do
  for mode in blocking online; do
    AUTOTUNE_MODE=$mode timeout 300 "$program" | tee -a "$log" | grep -v '^BENCH' || true
  done
done
python3 - "$log" "$runs" <<'PY'
import statistics, sys
rows = {}
device = ''
for line in open(sys.argv[1]):
    if line.startswith('device:'):
        device = line.strip()
    if not line.startswith('BENCH online_latency '):
        continue
    fields = dict(f.split('=', 1) for f in line.split()[2:])
    rows.setdefault((fields['space'], fields['mode']), []).append(fields)
print(device)
print('medians of %s runs per mode; every call followed by a stream '
      'synchronisation' % sys.argv[2])
cols = ['first_return_ms', 'first_done_ms', 'calls', 'race_ms', 'winner_ms',
        'overhead_ms']
print('| space | mode | ' + ' | '.join(cols) + ' | winners |')
print('|' + '---|' * (len(cols) + 3))
for (space, mode), runs in sorted(rows.items()):
    med = [statistics.median(float(r[c]) for r in runs) for c in cols]
    winners = {}
    for r in runs:
        winners[r['winner']] = winners.get(r['winner'], 0) + 1
    text = ', '.join('%s x%d' % (w, n) for w, n in sorted(winners.items()))
    print('| %s | %s | ' % (space, mode) +
          ' | '.join('%.4g' % v for v in med) + ' | %s |' % text)
PY
