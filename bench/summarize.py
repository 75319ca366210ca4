"""Reads the "BENCH ..." lines of repeated benchmark runs and prints the
tables of docs/performance.md: the median over runs of every number, and for
each figure of issues 3 and 14 whether it is met.

    python3 bench/summarize.py LOG...
"""

import collections
import math
import re
import statistics
import sys


def parse(paths):
    rows = collections.defaultdict(list)  # (table, name) -> [fields per run]
    for path in paths:
        with open(path, errors="replace") as f:
            for line in f:
                if not line.startswith("BENCH "):
                    continue
                words = line.split()
                fields = dict(w.split("=", 1) for w in words[3:] if "=" in w)
                rows[(words[1], words[2])].append(fields)
    return rows


def num(runs, key):
    values = [float(r[key]) for r in runs if key in r]
    return statistics.median(values) if values else float("nan")


def fmt(value, spec):
    """value formatted by spec ("9.1f"), or "-" as wide where no run had it."""
    if math.isnan(value):
        width = re.match(r"[<>^=+ -]*(\d*)", spec).group(1) or "1"
        return f"{'-':>{width}}"
    return f"{value:{spec}}"


def most_common(runs, key):
    count = collections.Counter(r.get(key, "?") for r in runs)
    value, n = count.most_common(1)[0]
    return value if n == len(runs) else f"{value} ({n}/{len(runs)})"


DISPATCH_NS = 15  # issue 14: dispatch within 15 ns of a plain call


def dispatch_table(rows):
    names = [n for (t, n) in rows if t == "dispatch"]
    if not names:
        return
    print("Dispatch after tuning (median over runs of the median over rounds)")
    print(f"{'measurement':<22} {'runs':>4} {'plain ns':>9} {'tuned ns':>9} "
          f"{'overhead':>9} {'plain M/s':>10} {'tuned M/s':>10}  figure (<= {DISPATCH_NS} ns)")
    for name in names:
        runs = rows[("dispatch", name)]
        over = num(runs, "overhead_ns")
        worst = max(float(r["overhead_ns"]) for r in runs)
        verdict = "met" if over <= DISPATCH_NS else f"MISSED by {over - DISPATCH_NS:.1f} ns"
        if any(r.get("role") == "attribution" for r in runs):
            verdict = "(attribution: 'tuned' is the plain one + cudaGetDevice)"
        if any(r.get("role") == "control" for r in runs):
            verdict = "(control: plain against plain, the method's own bias)"
        if "ci_low_ns" in runs[0]:
            verdict += (f" [paired; 95 % interval of a run's median:"
                        f" {num(runs, 'ci_low_ns'):.1f} to"
                        f" {num(runs, 'ci_high_ns'):.1f} ns]")
        print(f"{name:<22} {len(runs):>4} {fmt(num(runs, 'plain_ns'), '9.1f')} "
              f"{fmt(num(runs, 'tuned_ns'), '9.1f')} {over:>9.1f} "
              f"{fmt(num(runs, 'plain_mps'), '10.3f')} "
              f"{fmt(num(runs, 'tuned_mps'), '10.3f')}  "
              f"{verdict}" + ("" if verdict.startswith("(") else
                              f" (worst run {worst:.1f} ns)"))
    print()


FLOOR_FACTOR = 2.5  # issue 14: first-call tuning within 2.5 x the floor


def with_floor_and_runs(run):
    """The run's fields, with issue 14's where an older log lacks them: the
    floor is the sum of one run of each point; runs by purpose as the
    benchmark counted them from the runtime's table (restores unknown)."""
    run = dict(run)
    run.setdefault("floor_ms", run.get("sum_one_run_ms", "nan"))
    if "floor_ratio" not in run:
        floor = float(run["floor_ms"])
        run["floor_ratio"] = str(float(run["tuning_ms"]) / floor if floor > 0
                                 else float("nan"))
    if "timed_runs" in run:
        run.setdefault("timed_runs_total", run["timed_runs"])
    if "warmup_runs" not in run and "kernel_runs" in run and "timed_runs" in run:
        run["warmup_runs"] = str(int(run["kernel_runs"]) - int(run["timed_runs"]) - 1)
    run.setdefault("runs_from", "table")
    return run


def floor_verdict(runs):
    ratio = num(runs, "floor_ratio")
    met = sum(float(r["floor_ratio"]) <= FLOOR_FACTOR for r in runs)
    if ratio <= FLOOR_FACTOR:
        verdict = f"met, {FLOOR_FACTOR - ratio:.2f}x to spare"
    else:
        verdict = f"MISSED by {ratio - FLOOR_FACTOR:.2f}x"
    return f"{verdict} ({met}/{len(runs)})"


def tuning_table(rows, cold):
    names = [n for (t, n) in rows if t == "tuning"]
    selected = {n: [with_floor_and_runs(r) for r in rows[("tuning", n)]
                    if r.get("cold") == str(int(cold))]
                for n in names}
    if not any(selected.values()):
        return
    # Logs from before the log= field were all at level 2.
    levels = sorted({r.get("log", "2") for runs in selected.values() for r in runs})
    print("Tuning cost and quality, "
          + ("cold (tuning first: lazy module loading included)" if cold
             else "warm (kernels loaded before the first call)")
          + ", median over runs")
    print(f"{'example':<16} {'runs':>4} {'pts':>4} {'kernel runs':>11} "
          f"{'warm-up':>7} {'timed':>6} {'restores':>8} "
          f"{'tuning ms':>10} {'bound ms':>9} {'ratio':>6} {'bound':>7} {'met':>4}  "
          f"{'floor ms':>9} {'x floor':>7} {'<= 2.5x floor':<26} "
          f"{'chosen':<24} {'best':<24} {'gap %':>6} {'worst':>6}  within 3 %")
    from_runtime = total = 0
    for name, runs in selected.items():
        if not runs:
            continue
        ratio = num(runs, "bound_ratio")
        gaps = [float(r["gap_pct"]) for r in runs]
        met_gap = sum(0 <= g <= 3 for g in gaps)
        met_bound = sum(float(r["bound_ratio"]) <= 1 for r in runs)
        restores = num(runs, "restores")  # nan: the runtime did not say
        restores = "-" if math.isnan(restores) else f"{restores:.0f}"
        from_runtime += sum(r["runs_from"] == "runtime" for r in runs)
        total += len(runs)
        print(f"{name:<16} {len(runs):>4} {int(num(runs, 'variants')):>4} "
              f"{fmt(num(runs, 'kernel_runs'), '11.0f')} "
              f"{fmt(num(runs, 'warmup_runs'), '7.0f')} "
              f"{fmt(num(runs, 'timed_runs_total'), '6.0f')} "
              f"{restores:>8} "
              f"{num(runs, 'tuning_ms'):>10.2f} "
              f"{num(runs, 'bound_ms'):>9.2f} {ratio:>6.2f} "
              f"{'met' if ratio <= 1 else 'MISSED':>7} {met_bound:>2}/{len(runs)}  "
              f"{num(runs, 'floor_ms'):>9.2f} {num(runs, 'floor_ratio'):>7.2f} "
              f"{floor_verdict(runs):<26} "
              f"{most_common(runs, 'chosen'):<24} {most_common(runs, 'best'):<24} "
              f"{statistics.median(gaps):>6.2f} {max(gaps):>6.2f}  "
              f"{met_gap}/{len(runs)} runs")
    print("(floor: the sum of one run of each point, the exhaustive medians. "
          "warm-up, timed, restores: kernel runs by purpose,\n"
          f" from the runtime's 'runs:' line in {from_runtime} of {total} runs, "
          "else counted from its table: one warm-up per point that ran, "
          "restores unknown '-'.\n kernel runs = warm-up + timed + the final "
          "launch; '-' where the log had neither (AUTOTUNE_LOG below 2))")
    if len(levels) > 1:
        print(f"(WARNING: runs at AUTOTUNE_LOG levels {', '.join(levels)} pooled: "
              "tuning ms mixes them, the runs columns are level 2's)")
    first = [r for r in rows.get(("runtime", "first_use"), [])
             if r.get("cold") == str(int(cold))]
    if first:
        print(f"(not in the rows above: the process's first tuning, of a 2-point "
              f"empty-kernel site, {num(first, 'tuning_ms'):.2f} ms, median of "
              f"{len(first)}: the runtime's one-time costs)")
    verify = rows.get(("verify", "matmul_c"), [])
    if verify and not cold:
        print(f"(verify(c[n * n]) per variant, measured alone: copy of 4 MiB to "
              f"pageable host memory {num(verify, 'copy_ms'):.2f} ms, element "
              f"comparison {num(verify, 'compare_ms'):.2f} ms)")
    print()


def triton_table(rows):
    if not any(t == "triton" for (t, _) in rows):
        return
    print("autotune vs Triton @triton.autotune (same problems, same number of configs)")
    print(f"{'problem':<8} {'tool':<9} {'cfgs':>4} {'first call ms':>13} "
          f"{'per cfg ms':>10} {'w/o compile ms':>14} {'per cfg ms':>10}  "
          f"{'chosen':<28} {'gap to own best %':>17}")
    for problem in ("saxpy", "matmul"):
        ours = [r for r in rows.get(("tuning", problem), []) if r.get("cold") == "0"]
        ours_cold = [r for r in rows.get(("tuning", problem), []) if r.get("cold") == "1"]
        if ours:
            k = num(ours, "variants")
            cold_ms = num(ours_cold, "tuning_ms") if ours_cold else float("nan")
            warm_ms = num(ours, "tuning_ms")
            print(f"{problem:<8} {'autotune':<9} {k:>4.0f} {cold_ms:>13.1f} "
                  f"{cold_ms / k:>10.2f} {warm_ms:>14.1f} {warm_ms / k:>10.2f}  "
                  f"{most_common(ours, 'chosen'):<28} {num(ours, 'gap_pct'):>17.2f}")
        theirs = rows.get(("triton", problem), [])
        if theirs:
            k = num(theirs, "configs")
            print(f"{problem:<8} {'triton':<9} {k:>4.0f} {num(theirs, 'cold_ms'):>13.1f} "
                  f"{num(theirs, 'cold_per_config_ms'):>10.2f} "
                  f"{num(theirs, 'warm_ms'):>14.1f} "
                  f"{num(theirs, 'warm_per_config_ms'):>10.2f}  "
                  f"{most_common(theirs, 'chosen'):<28} {num(theirs, 'gap_pct'):>17.2f}")
    print("(autotune's first call is ahead-of-time compiled: its 'first call' is the "
          "--cold run, 'w/o compile' the warm one)")
    print()


def first_run_table(rows):
    names = [n for (t, n) in rows if t == "first_run"]
    if not names:
        return
    print("A kernel's first run in a process over its later runs "
          "(tuning_cost --first-runs), median over runs")
    print(f"{'space':<12} {'runs':>4} {'pts':>4} {'extra us: min':>14} "
          f"{'median':>7} {'max':>6} {'extra %: median':>16} {'max':>6}  "
          f"worst run's max us")
    for name in names:
        runs = rows[("first_run", name)]
        worst = max(float(r["extra_us_max"]) for r in runs)
        dry = sum(r.get("dry") == "1" for r in runs)
        note = f"  ({dry} runs where the stream ran dry)" if dry else ""
        print(f"{name:<12} {len(runs):>4} {num(runs, 'points'):>4.0f} "
              f"{num(runs, 'extra_us_min'):>14.1f} {num(runs, 'extra_us_median'):>7.1f} "
              f"{num(runs, 'extra_us_max'):>6.1f} {num(runs, 'extra_pct_median'):>16.1f} "
              f"{num(runs, 'extra_pct_max'):>6.1f}  {worst:.1f}{note}")
    print()


def main():
    rows = parse(sys.argv[1:])
    if not rows:
        print("summarize: no BENCH lines found", file=sys.stderr)
        return 1
    dispatch_table(rows)
    tuning_table(rows, cold=False)
    tuning_table(rows, cold=True)
    first_run_table(rows)
    triton_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
