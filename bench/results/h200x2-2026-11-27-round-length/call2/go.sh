#!/usr/bin/env bash
# Call 2: exhaustive orders, then A/B at level 0 and at level 2.
set -u
d=.device-carry/s27
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv | tee $OUT/gpu.txt
$d/tc_after --orders > $OUT/orders.txt 2>&1; echo "orders rc=$?" | tee -a $OUT/gpu.txt
grep -v "^BENCH" $OUT/orders.txt | tail -120
AUTOTUNE_LOG=0 W=${W0:-6} C=${C0:-10} timeout 280 bash bench/tuning_cost_ab.sh $d/tc_before $d/tc_after /tmp/ab0 > /tmp/ab0.out 2>&1; echo "ab0 rc=$?" | tee -a $OUT/gpu.txt
W=${W2:-3} C=${C2:-6} timeout 200 bash bench/tuning_cost_ab.sh $d/tc_before $d/tc_after /tmp/ab2 > /tmp/ab2.out 2>&1; echo "ab2 rc=$?" | tee -a $OUT/gpu.txt
for x in ab0 ab2; do
  cp /tmp/$x/a-summary.txt $OUT/$x-before-summary.txt; cp /tmp/$x/b-summary.txt $OUT/$x-after-summary.txt
  gzip -c /tmp/$x/a.log > $OUT/$x-before.log.gz; gzip -c /tmp/$x/b.log > $OUT/$x-after.log.gz
done
