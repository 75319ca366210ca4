# How much slower than its variant's fastest run each timed run read, split
# by whether the backend called it undisturbed (flag 2).
#   python3 undisturbed_noise.py *.log
import sys,collections
rat=[]; ratd=[]; worst=[]
for f in sys.argv[1:]:
    L=[l.split() for l in open(f) if l.startswith('PHASE')]
    ci=max(i for i,l in enumerate(L) if l[1]=='call')
    L=L[ci:]
    runs=collections.defaultdict(list)
    for l in L:
        if l[1]=='run': runs[int(l[3])].append((float(l[4]),int(l[5])))
    for v,rs in runs.items():
        if len(rs)<2: continue
        m=min(r[0] for r in rs)
        for i,(s,fl) in enumerate(rs):
            if i==0: continue  # warm-up
            r=s/m-1
            (rat if fl&2 else ratd).append(r)
            if r>0.05: worst.append((f.split('/')[-1],v,i,round(s,1),round(m,1),fl))
import statistics
def q(a):
    a=sorted(a); n=len(a)
    return 'n=%d p50=%.3f p90=%.3f p99=%.3f max=%.3f'%(n,a[n//2],a[int(n*.9)],a[min(n-1,int(n*.99))],a[-1]) if a else 'none'
print('undisturbed timed', q(rat)); print('disturbed timed', q(ratd))
for w in worst: print(w)
