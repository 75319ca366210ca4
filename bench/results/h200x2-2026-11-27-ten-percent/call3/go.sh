#!/usr/bin/env bash
set -u
d=.device-carry/ab3
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
W=${W:-6} C=${C:-10} bash $d/tuning_cost_ab.sh $d/before $d/after3 /tmp/ab1 > /dev/null 2>&1
W=${W:-6} C=${C:-10} bash $d/tuning_cost_ab.sh $d/after2 $d/after3 /tmp/ab2 > /dev/null 2>&1
cp /tmp/ab1/a-summary.txt $OUT/call1-before-summary.txt; cp /tmp/ab1/b-summary.txt $OUT/call1-after3-summary.txt
cp /tmp/ab2/a-summary.txt $OUT/call2-after2-summary.txt; cp /tmp/ab2/b-summary.txt $OUT/call2-after3-summary.txt
(cd /tmp && tar czf $OUT/ab-logs.tgz ab1/a.log ab1/b.log ab2/a.log ab2/b.log)
grep FAILED /tmp/ab1/*.log /tmp/ab2/*.log | head
for f in /tmp/ab1/a-summary.txt /tmp/ab1/b-summary.txt /tmp/ab2/a-summary.txt /tmp/ab2/b-summary.txt; do echo "== $f"; grep -E "^(saxpy_norestore|matmul_noverify|transpose|reduction|blocksize6|sgemm52|histogram) " $f | awk '{print $1, $2, $6, $8, $13, $(NF-1), $NF}'; done
