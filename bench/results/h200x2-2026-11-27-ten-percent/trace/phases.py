# Where the time of each traced tuning went: host before the first batch,
# each batch (runs, sum of run times / wall time), the level-2 log, the rest.
#   python3 phases.py cold-transpose-*.log
import sys,glob
for f in sys.argv[1:]:
    L=[l.split() for l in open(f) if l.startswith('PHASE')]
    # take the last call..call-end
    ci=max(i for i,l in enumerate(L) if l[1]=='call')
    ce=max(i for i,l in enumerate(L) if l[1]=='call-end')
    L=L[ci:ce+1]; t0=float(L[0][2])
    out=[]; bs=None; runs=[]
    pre=None
    for l in L:
        n=l[1]; t=float(l[2])-t0
        if n=='batch-start':
            if pre is None: pre=t
            bs=t; runs=[]; last_end=None
        elif n=='run': runs.append((int(l[3]),float(l[4]),int(l[5])))
        elif n=='batch-end': be=t
        elif n in('cut','round','alive','raced') and bs is not None and runs:
            out.append('[%d runs %.0f/%.0f]'%(len(runs),sum(r[1] for r in runs),be-bs)); bs=None; runs=[]
        if n=='decided': dec=t
        if n=='logged': lg=t
    if bs is not None and runs: out.append('[%d runs %.0f/%.0f]'%(len(runs),sum(r[1] for r in runs),be-bs))
    total=float(L[-1][2])-t0
    print('%-22s total %.0f pre %.0f %s log %.0f post %.0f'%(f.split('/')[-1],total,pre,' '.join(out),lg-dec,total-lg))
