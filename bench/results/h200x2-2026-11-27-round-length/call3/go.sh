#!/usr/bin/env bash
# Call 3 (final code): gpu-check, gpu-check-mpi, A/B at level 0 and level 2.
set -u
d=.device-carry/s27
mkdir -p build && tar xzf $d/gpu.tar.gz -C build
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv | tee $OUT/gpu.txt
GPU_CHECK_TIMEOUT=60 timeout 300 scripts/gpu-check build/gpu > $OUT/gpu-check.txt 2>&1; echo "gpu-check rc=$?" | tee -a $OUT/gpu.txt
grep -E "PASS|FAIL|skipp" $OUT/gpu-check.txt | tail -45
grep -h -E "kernel runs|runs: [0-9]+ warm-up|caused a fatal" $OUT/gpu-check/MarksRefusedMidRound.log $OUT/gpu-check/StickyFault*.log 2>/dev/null | cut -c1-200
mkdir -p /tmp/mpiroot; for f in $d/debs/*.deb; do dpkg -x $f /tmp/mpiroot; done
REPEAT=2 timeout 200 scripts/gpu-check-mpi build/gpu /tmp/mpiroot > $OUT/gpu-check-mpi.txt 2>&1; echo "gpu-check-mpi rc=$?" | tee -a $OUT/gpu.txt
tail -4 $OUT/gpu-check-mpi.txt
AUTOTUNE_LOG=0 W=${W0:-6} C=${C0:-10} timeout 260 bash bench/tuning_cost_ab.sh $d/tc_before $d/tc_after /tmp/ab0 > /tmp/ab0.out 2>&1; echo "ab0 rc=$?" | tee -a $OUT/gpu.txt
W=${W2:-3} C=${C2:-6} timeout 160 bash bench/tuning_cost_ab.sh $d/tc_before $d/tc_after /tmp/ab2 > /tmp/ab2.out 2>&1; echo "ab2 rc=$?" | tee -a $OUT/gpu.txt
for x in ab0 ab2; do
  cp /tmp/$x/a-summary.txt $OUT/$x-before-summary.txt; cp /tmp/$x/b-summary.txt $OUT/$x-after-summary.txt
  gzip -c /tmp/$x/a.log > $OUT/$x-before.log.gz; gzip -c /tmp/$x/b.log > $OUT/$x-after.log.gz
done
tar czf $OUT/gpu-check-logs.tar.gz -C $OUT gpu-check 2>/dev/null; rm -rf $OUT/gpu-check
