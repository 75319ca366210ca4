"""Triton's @triton.autotune on the problems of autotune's saxpy and matmul
examples, with as many configurations as autotune's spaces have (6 and 10).

    python3 bench/triton_compare.py [--warm-repeats N]

For each problem:
  cold      wall time of the first call of the autotuned kernel in a fresh
            Triton cache (TRITON_CACHE_DIR is a new temporary folder): JIT
            compilation of every configuration plus its benchmarking;
  warm      the autotuner's result cache cleared, the first call again: the
            kernels are compiled, so this is benchmarking alone (median of N);
  quality   every configuration timed alone with triton.testing.do_bench
            (median), and the autotuner's choice against the best of them.
autotune's side of the table comes from bench/tuning_cost.cu (the same
problems: saxpy on 2^24 floats in place, 1024 x 1024 fp32 matmul). Every line
starting with "BENCH " is for bench/summarize.py.
"""

import argparse
import os
import statistics
import tempfile
import time

# Before triton is imported: a fresh on-disk kernel cache, so that "cold" is.
os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="triton-cache-")

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402


@triton.jit
def saxpy_kernel(x_ptr, y_ptr, n, a, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, a * x + y, mask=mask)


SAXPY_CONFIGS = [triton.Config({"BLOCK_SIZE": b}, num_warps=4)
                 for b in (256, 512, 1024, 2048, 4096, 8192)]


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    # The Triton tutorial's grouped-order matmul, in exact fp32 ("ieee"):
    # the same function as autotune's example, not a tf32 one.
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BLOCK_M)
    num_n = tl.cdiv(N, BLOCK_N)
    group = GROUP_M * num_n
    first_m = (pid // group) * GROUP_M
    size_m = min(num_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % group) % size_m)
    pid_n = (pid % group) // size_m
    rm = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    rn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + cm[:, None] * stride_cm + cn[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(cm[:, None] < M) & (cn[None, :] < N))


MATMUL_CONFIGS = [
    triton.Config({"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": k, "GROUP_M": 8},
                  num_warps=w, num_stages=s)
    for m, n, k, w, s in [
        (128, 128, 32, 8, 3), (128, 64, 32, 4, 4), (64, 128, 32, 4, 4),
        (64, 64, 32, 4, 4), (128, 32, 32, 4, 4), (32, 128, 32, 4, 4),
        (64, 32, 32, 2, 5), (32, 64, 32, 2, 5), (32, 32, 32, 2, 4),
        (64, 64, 16, 4, 3),
    ]]


def config_name(c):
    kw = ",".join(f"{k}={v}" for k, v in c.kwargs.items() if k != "GROUP_M")
    return f"{kw},w{c.num_warps},s{c.num_stages}"


def first_call_ms(call):
    torch.cuda.synchronize()
    start = time.perf_counter()
    call()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) * 1e3


def compare(name, tuner, configs, call_tuned, call_raw, check, repeats):
    cold_ms = first_call_ms(call_tuned)
    cold_bench_ms = getattr(tuner, "bench_time", float("nan")) * 1e3
    err = check()
    warm = []
    for _ in range(repeats if hasattr(tuner, "cache") else 0):
        tuner.cache.clear()  # the autotuner's key -> best config memo
        warm.append(first_call_ms(call_tuned))
    warm_ms = statistics.median(warm) if warm else float("nan")
    chosen = config_name(tuner.best_config)

    times = {}
    for c in configs:
        times[config_name(c)] = triton.testing.do_bench(
            lambda c=c: call_raw(c), warmup=50, rep=300, return_mode="median")
    best = min(times, key=times.get)
    gap = (times[chosen] / times[best] - 1) * 100
    print(f"-- {name}: do_bench medians (ms): "
          + ", ".join(f"{k}: {v:.4f}" for k, v in times.items()))
    print(f"BENCH triton {name} configs={len(configs)} cold_ms={cold_ms:.1f} "
          f"cold_bench_ms={cold_bench_ms:.1f} warm_ms={warm_ms:.1f} "
          f"warm_per_config_ms={warm_ms / len(configs):.2f} "
          f"cold_per_config_ms={cold_ms / len(configs):.2f} chosen={chosen} "
          f"chosen_us={times[chosen] * 1e3:.2f} best={best} "
          f"best_us={times[best] * 1e3:.2f} gap_pct={gap:.2f} rel_err={err:.2e}",
          flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--warm-repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"triton {triton.__version__}, torch {torch.__version__}, "
          f"device {torch.cuda.get_device_name()}", flush=True)
    gen = torch.Generator(device="cuda").manual_seed(1)

    # saxpy: y = a x + y on 2^24 floats, in place (restore_value, like the
    # example's restore(y[n])).
    n = 1 << 24
    x = torch.rand(n, device="cuda", generator=gen)
    y = torch.rand(n, device="cuda", generator=gen)
    y0 = y.clone()
    tuned = triton.autotune(configs=SAXPY_CONFIGS, key=["n"],
                            restore_value=["y_ptr"])(saxpy_kernel)

    def saxpy_tuned():
        tuned[lambda m: (triton.cdiv(n, m["BLOCK_SIZE"]),)](x, y, n, 2.5)

    def saxpy_raw(c):
        saxpy_kernel[(triton.cdiv(n, c.kwargs["BLOCK_SIZE"]),)](
            x, y, n, 2.5, num_warps=c.num_warps, num_stages=c.num_stages,
            **c.kwargs)

    def saxpy_check():
        want = 2.5 * x.double() + y0.double()
        return ((y.double() - want).norm() / want.norm()).item()

    compare("saxpy", tuned, SAXPY_CONFIGS, saxpy_tuned,
            saxpy_raw, saxpy_check, args.warm_repeats)

    # matmul: 1024 x 1024 fp32.
    m = 1024
    a = torch.rand(m, m, device="cuda", generator=gen) - 0.5
    b = torch.rand(m, m, device="cuda", generator=gen) - 0.5
    c = torch.empty(m, m, device="cuda")
    tuned_mm = triton.autotune(configs=MATMUL_CONFIGS,
                               key=["M", "N", "K"])(matmul_kernel)

    def grid(meta):
        return (triton.cdiv(m, meta["BLOCK_M"]) * triton.cdiv(m, meta["BLOCK_N"]),)

    def mm_args():
        return (a, b, c, m, m, m, a.stride(0), a.stride(1), b.stride(0),
                b.stride(1), c.stride(0), c.stride(1))

    def mm_tuned():
        tuned_mm[grid](*mm_args())

    def mm_raw(cfg):
        matmul_kernel[grid(cfg.kwargs)](*mm_args(), num_warps=cfg.num_warps,
                                        num_stages=cfg.num_stages, **cfg.kwargs)

    def mm_check():
        want = a.double() @ b.double()
        return ((c.double() - want).norm() / want.norm()).item()

    compare("matmul", tuned_mm, MATMUL_CONFIGS, mm_tuned, mm_raw,
            mm_check, args.warm_repeats)


if __name__ == "__main__":
    main()
