set -u
d=.device-carry/s27
mkdir -p build && tar xzf $d/gpu.tar.gz -C build
GPU_CHECK_TIMEOUT=60 timeout 300 scripts/gpu-check build/gpu > /tmp/gc.txt 2>&1; echo "gpu-check rc=$?"
grep -E "PASS|FAIL|skipp|all passed" /tmp/gc.txt | tail -48
grep -h -E "rejected|winner" $OUT/gpu-check/VerifyRejectsWrongVariant.log | cut -c1-200
cp /tmp/gc.txt $OUT/gpu-check.txt; rm -rf $OUT/gpu-check
