# Replays each trace's runs in order and says which variants a cut at the
# first undisturbed run that was not a first launch would drop, for margins
# of 10 to 20 %, and whether any of them was within 3 % of the winner.
#   python3 margin_simulation.py *.log
import sys,collections
rows=[]
for f in sys.argv[1:]:
    L=[l.split() for l in open(f) if l.startswith('PHASE')]
    ci=max(i for i,l in enumerate(L) if l[1]=='call'); L=L[ci:]
    seq=[(int(l[3]),float(l[4]),int(l[5])) for l in L if l[1]=='run']
    allruns=collections.defaultdict(list)
    for v,s,fl in seq: allruns[v].append(s)
    final={v:min(r) for v,r in allruns.items()}; w=min(final.values())
    fastest=None; best={}; judged=set()
    for v,s,fl in seq:
        best[v]=min(best.get(v,1e9),s)
        if fl&2 and not fl&1 and v not in judged and fastest:
            judged.add(v)
            rows.append((best[v]/fastest[0]-1, final[v]/w-1, f.split('/')[-1], v, fastest[1]))
        if fastest is None or s<fastest[0]: fastest=(s,fl&1)
rows.sort()
for m in (0.10,0.12,0.15,0.20):
    cut=[r for r in rows if r[0]>m]
    bad=[r for r in cut if r[1]<0.03]
    print('margin %.2f: cuts %d, of which within 3%% of winner: %d %s'%(m,len(cut),len(bad),bad[:5]))
print('closest to margin among near-winners:', sorted([r for r in rows if r[1]<0.03], key=lambda r:-r[0])[:5])
win=[r for r in rows if r[1]<1e-9]
print('winners judged:', len(win), 'max ratio', max(r[0] for r in win))
