set -u
scripts/bench-gpu build/bench > $OUT/bench.txt 2>&1; echo "bench-gpu rc=$?" >> $OUT/bench.txt
bash bench/online_latency.sh build/bench/bin/online_latency 5 > $OUT/online.txt 2>&1; echo "online rc=$?" >> $OUT/online.txt
tail -60 $OUT/bench.txt; tail -25 $OUT/online.txt
