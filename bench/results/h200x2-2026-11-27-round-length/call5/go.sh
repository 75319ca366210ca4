set -u
d=.device-carry/s27
mkdir -p build && tar xzf $d/gpu.tar.gz -C build
GPU_CHECK_TIMEOUT=60 timeout 300 scripts/gpu-check build/gpu > /tmp/gc.txt 2>&1; echo "gpu-check rc=$?"
grep -E "PASS|FAIL|skipp|all passed" /tmp/gc.txt | tail -48
grep -h -E "kernel runs|runs: [0-9]+ warm-up|winner US=|caused a fatal|refused" $OUT/gpu-check/MarksRefusedMidRound.log $OUT/gpu-check/StickyFault*.log 2>/dev/null | cut -c1-220
cp /tmp/gc.txt $OUT/gpu-check.txt; tar czf $OUT/gpu-check-logs.tar.gz -C $OUT gpu-check; rm -rf $OUT/gpu-check
