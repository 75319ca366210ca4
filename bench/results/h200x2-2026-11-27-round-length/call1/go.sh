#!/usr/bin/env bash
# One device call: gpu-check and gpu-check-mpi of the working tree's build,
# then tuning_cost A/B (before = c1c97bf, after = working tree).
set -u
d=.device-carry/s27
mkdir -p build && tar xzf $d/gpu.tar.gz -C build
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv | tee $OUT/gpu.txt
GPU_CHECK_TIMEOUT=60 timeout 300 scripts/gpu-check build/gpu > $OUT/gpu-check.txt 2>&1; echo "gpu-check rc=$?" | tee -a $OUT/gpu.txt
tail -40 $OUT/gpu-check.txt
if [[ ${MPI:-1} == 1 ]]; then
  mkdir -p /tmp/mpiroot; for f in $d/debs/*.deb; do dpkg -x $f /tmp/mpiroot; done
  REPEAT=${REPEAT:-2} timeout 200 scripts/gpu-check-mpi build/gpu /tmp/mpiroot > $OUT/gpu-check-mpi.txt 2>&1; echo "gpu-check-mpi rc=$?" | tee -a $OUT/gpu.txt
  tail -12 $OUT/gpu-check-mpi.txt
fi
W=${W:-6} C=${C:-10} timeout ${ABT:-400} bash bench/tuning_cost_ab.sh $d/tc_before $d/tc_after /tmp/ab > /tmp/ab.out 2>&1; echo "ab rc=$?" | tee -a $OUT/gpu.txt
cp /tmp/ab/*summary* $OUT/ 2>/dev/null; gzip -c /tmp/ab/a.log > $OUT/before.log.gz; gzip -c /tmp/ab/b.log > $OUT/after.log.gz
for s in a b; do echo "== $s"; awk '/Tuning cost/{p=1} p' /tmp/ab/$s-summary.txt | head -30; done
