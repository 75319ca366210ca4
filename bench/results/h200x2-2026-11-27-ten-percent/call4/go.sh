#!/usr/bin/env bash
set -u
d=.device-carry/fin2
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
mkdir -p /tmp/w && tar xzf $d/gpu.tar.gz -C /tmp/w
GPU_CHECK_TIMEOUT=60 timeout 200 /tmp/w/gpu/gpu-check /tmp/w/gpu > $OUT/gpu-check.txt 2>&1; echo "gpu-check rc=$?"
grep -A80 "== summary" $OUT/gpu-check.txt | grep -E "FAIL|all passed"
echo "PASS lines: $(grep -c ' PASS' $OUT/gpu-check.txt)"
grep -h "runs:\|kernel runs" $OUT/gpu-check/MarksRefusedMidRound.log 2>/dev/null | head -6
rm -rf $OUT/gpu-check
mkdir -p /tmp/mpiroot; for f in $d/debs/*.deb; do dpkg -x "$f" /tmp/mpiroot; done
REPEAT=1 timeout 150 /tmp/w/gpu/gpu-check-mpi /tmp/w/gpu /tmp/mpiroot > $OUT/gpu-check-mpi.txt 2>&1; echo "gpu-check-mpi rc=$?"
grep -E "all passed|FAIL" $OUT/gpu-check-mpi.txt | tail -5
rm -rf $OUT/gpu-check-mpi
W=${W:-6} C=${C:-10} bash $d/tuning_cost_ab.sh $d/before $d/after /tmp/ab > /dev/null 2>&1
cp /tmp/ab/a-summary.txt $OUT/before-summary.txt; cp /tmp/ab/b-summary.txt $OUT/after-summary.txt
(cd /tmp/ab && tar czf $OUT/ab-logs.tgz a.log b.log)
grep FAILED /tmp/ab/*.log | head
for f in /tmp/ab/a-summary.txt /tmp/ab/b-summary.txt; do echo "== $f"; awk '/warm \(kernels/{m="warm"} /cold \(tuning/{m="cold"} /^(saxpy_norestore|matmul_noverify|transpose|reduction|blocksize6|sgemm52|histogram) /{printf "%s %-16s timed=%s ms=%s x=%s worst=%s within=%s\n", m, $1, $6, $8, $14, $(NF-2), $(NF-1)}' $f; done
