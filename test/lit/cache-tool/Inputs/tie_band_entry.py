# Edits the export of cache-tool/TieBandIsMarked.cpp: known times for V = 10 (the
# default, the winner), 1 (1 % faster) and 2, and the tie band of argv[2].
import json, sys
entries = json.load(open(sys.argv[1]))
times = {10: 1e-3, 1: 0.99e-3, 2: 2e-3}
for e in entries:
    for v in e['variants']:
        t = times[v['point']['V']]
        v.update(status='ok', best=t, median=t, samples=[t] * 4)
    e['winner'] = {'V': 10}
    e['speedup'] = 1
    e['fastest'] = {'V': 1}
    e['tie_band'] = float(sys.argv[2])
json.dump(entries, sys.stdout)
