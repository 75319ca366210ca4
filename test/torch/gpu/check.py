"""The PyTorch CUDA operator check (docs/torch.md, "The GPU check"), one
process of two on one cache directory:

    check.py first  FOLDER    tunes: each site on its first call
    check.py cached FOLDER    a second process: the cache, no tuning

FOLDER is what test/torch/gpu/prepare wrote: autotune's install, the
rewritten kernels.cu (src/) and ops.cpp. Each check prints "ok: ..." or
"FAIL: ..."; the exit status is the number of failures.
"""
import os
import re
import sys
import tempfile

import torch

import autotune_torch

MODE, FOLDER = sys.argv[1], os.path.abspath(sys.argv[2])
N, N_UNTUNED, A = 1 << 22, (1 << 22) + 1000, 3.0
failures = 0


def check(ok, what):
    global failures
    print(("ok: " if ok else "FAIL: ") + what, flush=True)
    failures += not ok


def logged(fn):
    """Runs fn (and waits for the GPU) with the process's stderr, where the
    runtime logs, caught; returns fn's result and the text."""
    with tempfile.TemporaryFile() as caught:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(caught.fileno(), 2)
        try:
            result = fn()
            torch.cuda.synchronize()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        caught.seek(0)
        text = caught.read().decode()
    sys.stderr.write(text)
    return result, text


def tuned_winner(text, site, n):
    """The BLOCK of the tuning line of (site, n) in text, or None."""
    m = re.search(r"autotune: %s key=\(%d\) .*winner BLOCK=(\d+)" % (site, n),
                  text)
    return int(m.group(1)) if m else None


def tuning_in(text):
    return re.search(r"autotune: .* variants.*winner", text) is not None


def captured(fn):
    """fn captured in a torch.cuda.graph: the graph, fn's output (the
    graph's static output) and the log of the capture."""
    graph = torch.cuda.CUDAGraph()
    holder = {}

    def capture():
        with torch.cuda.graph(graph):
            holder["out"] = fn()

    _, text = logged(capture)
    return graph, holder["out"], text


def replay_check(graph, static_in, out, winner, what):
    """Replays graph on new input: the output is a * input, and the
    variant that ran is the winner."""
    static_in.copy_(torch.randn_like(static_in))
    which.zero_()
    graph.replay()
    torch.cuda.synchronize()
    check(torch.equal(out, static_in * A), what + ": the replay equals x * a")
    check(which.item() == winner,
          what + ": the replay ran the winner (BLOCK=%d, ran %d)" %
          (winner, which.item()))


if not torch.cuda.is_available():
    print("skipped: no GPU visible to torch")
    sys.exit(77)

# Built once, by the first process; the second finds it built. kernels.cu
# was rewritten where autotune-rewrite is (prepare), so not again here.
ops = autotune_torch.load(
    "autotune_torch_gpu_check",
    [os.path.join(FOLDER, "src", "kernels.cu"), os.path.join(FOLDER, "ops.cpp")],
    build_directory=os.path.join(FOLDER, "build"), rewrite_sources=False)

x = torch.randn(N, device="cuda")
which = torch.zeros(1, dtype=torch.int32, device="cuda")
winner_file = os.path.join(os.environ["AUTOTUNE_CACHE_DIR"], "winner.txt")
static_x = torch.randn(N, device="cuda")

if MODE == "first":
    # Tuned on its first call, on PyTorch's current stream, with verify.
    out, text = logged(lambda: ops.scale(x, A, which))
    winner = tuned_winner(text, "torch_scale", N)
    check(winner is not None, "scale tuned on its first call (BLOCK=%s)" % winner)
    check(torch.equal(out, x * A), "scale equals x * a")
    check(which.item() == winner, "the call that tuned ended with the winner")
    out, text = logged(lambda: ops.scale(x, A, which))
    check(not tuning_in(text) and torch.equal(out, x * A),
          "second call: no tuning, equal")
    with open(winner_file, "w") as f:
        f.write(str(winner))
    # restore(...) on a tensor's memory: one increment, whatever was run.
    y0 = torch.randn(N, device="cuda")
    y = y0.clone()
    _, text = logged(lambda: ops.add_one_(y))
    check(tuned_winner(text, "torch_add_one_", N) is not None,
          "add_one_ tuned on its first call")
    check(torch.equal(y, y0 + 1), "add_one_ added one (restore undid the runs)")
    # The tuned key captured: its winner, no tuning inside the capture.
    graph, out, text = captured(lambda: ops.scale(static_x, A, which))
    check(not tuning_in(text), "no tuning inside the capture")
    replay_check(graph, static_x, out, winner, "tuned key")
    # A key first met inside a capture: not tuned there (the nearest tuned
    # key's winner runs), and the next ordinary call tunes it.
    static_u = torch.randn(N_UNTUNED, device="cuda")
    graph, out, text = captured(lambda: ops.scale(static_u, A, which))
    check(not tuning_in(text) and "met during stream capture" in text,
          "a new key inside a capture is not tuned (the log says so)")
    replay_check(graph, static_u, out, winner, "new key")
    _, text = logged(lambda: ops.scale(static_u, A, which))
    check(tuned_winner(text, "torch_scale", N_UNTUNED) is not None,
          "the new key's first ordinary call tunes it")
else:
    with open(winner_file) as f:
        winner = int(f.read())
    # The site's first call in this process is inside a capture: the
    # winner comes from the cache the first process wrote.
    graph, out, text = captured(lambda: ops.scale(static_x, A, which))
    check(not tuning_in(text), "no tuning inside the capture")
    replay_check(graph, static_x, out, winner, "cached key")
    out, text = logged(lambda: ops.scale(x, A, which))
    check(not tuning_in(text) and torch.equal(out, x * A) and
          which.item() == winner, "scale: from the cache, equal, the winner")
    y0 = torch.randn(N, device="cuda")
    y = y0.clone()
    _, text = logged(lambda: ops.add_one_(y))
    check(not tuning_in(text) and torch.equal(y, y0 + 1),
          "add_one_: from the cache, equal")

print("%s: %d failure(s)" % (MODE, failures))
sys.exit(failures)
