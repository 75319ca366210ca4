# Runs beyond a warm-up and one timed run, per tuning: of variants more than
# 10 % behind the winner (far-extra) and of the others (near-extra).
#   python3 extra_runs.py *.log
import sys,collections
for f in sys.argv[1:]:
    L=[l.split() for l in open(f) if l.startswith('PHASE')]
    ci=max(i for i,l in enumerate(L) if l[1]=='call'); L=L[ci:]
    runs=collections.defaultdict(list); batch=0; bat=collections.defaultdict(list)
    for l in L:
        if l[1]=='batch-start': batch+=1
        if l[1]=='run': runs[int(l[3])].append(float(l[4])); bat[int(l[3])].append(batch)
    best={v:min(r) for v,r in runs.items()}
    w=min(best.values())
    far=sum(len(r)-2 for v,r in runs.items() if best[v]>1.1*w and len(r)>2)
    near=sum(len(r)-2 for v,r in runs.items() if best[v]<=1.1*w and len(r)>2)
    desc=' '.join('%d:%.0f%%x%d'%(v,100*(best[v]/w-1),len(r)) for v,r in sorted(runs.items()) if len(r)>1)
    print('%-22s far-extra %d near-extra %d | %s'%(f.split('/')[-1],far,near,desc))
