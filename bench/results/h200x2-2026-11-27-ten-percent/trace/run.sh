#!/bin/bash
# usage: run.sh OUT
cd "$(dirname "$0")"; out=$1; mkdir -p $out
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -2
for i in 1 2 3 4 5 6 7 8 9 10; do
  ./tuning_cost_ph --cold --only transpose > $out/cold-transpose-$i.log 2>&1
  ./tuning_cost_ph --cold --only saxpy_norestore > $out/cold-saxpy-$i.log 2>&1
  ./tuning_cost_ph --cold --only matmul_noverify > $out/cold-matmul-$i.log 2>&1
done
for i in 1 2 3 4; do ./tuning_cost_ph --only transpose > $out/warm-transpose-$i.log 2>&1; done
grep -h "^BENCH tuning" $out/*.log | awk '{for(i=1;i<=NF;i++) if($i ~ /^(timed_runs|tuning_ms|floor_ratio|cold)=/) printf "%s ", $i; print $3}'
cd $out && tar czf all.tgz *.log && rm -f *.log
