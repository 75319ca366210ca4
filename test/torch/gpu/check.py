"""The PyTorch CUDA operator check (docs/torch.md, "The GPU check"), one
process of two on one cache directory, for one of the two builds:

    check.py first  FOLDER ROUTE    tunes: each site on its first call
    check.py cached FOLDER ROUTE    a second process: the cache, no tuning

FOLDER is what test/torch/gpu/prepare wrote: autotune's install, the
rewritten kernels.cu (src/), ops.cpp and setup.py. ROUTE is how the
extension was built: "load" (autotune_torch.load, here, on the first
process's call) or "setup" (setup.py with autotune_torch.BuildExtension,
which run built into FOLDER before). Each check prints "ok: ..." or
"FAIL: ..."; the exit status is the number of failures.
"""
import os
import re
import sys
import tempfile

import torch

import autotune_torch

MODE, FOLDER = sys.argv[1], os.path.abspath(sys.argv[2])
ROUTE = sys.argv[3] if len(sys.argv) > 3 else "load"
N, N_UNTUNED, N_COMPILED, A = 1 << 22, (1 << 22) + 1000, (1 << 22) + 3000, 3.0
# torch.compile's CUDA graphs: the first call warms up (runs as is), the
# second records the graph, the later ones replay it.
COMPILED_CALLS = 4
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


def run_winner(text, n):
    """The BLOCK a call of key n runs after text: its tuning's winner, or,
    where it was first met inside a capture and not tuned, the nearest
    tuned key's winner the log names."""
    tuned = tuned_winner(text, "torch_scale", n)
    if tuned is not None:
        return tuned
    m = re.search(r"torch_scale key=\(%d\) .*met during stream capture\); "
                  r"using the winner of the nearest tuned key .*: BLOCK=(\d+)"
                  % n, text)
    return int(m.group(1)) if m else None


def compiled_calls(n):
    """torch.compile(mode="reduce-overhead") around autotune_check::scale
    (ops.cpp) on inputs of n elements, called COMPILED_CALLS times with new
    inputs: per call, the log and what the call did."""
    torch._dynamo.reset()
    compiled = torch.compile(lambda t: torch.ops.autotune_check.scale(t, A),
                             mode="reduce-overhead", fullgraph=True)
    calls = []
    for _ in range(COMPILED_CALLS):
        t = torch.randn(n, device="cuda")
        before = ops.counts()

        def call():
            # A new step for torch's CUDA graphs, so that this call's
            # replay may reuse the memory of the last one's outputs.
            torch.compiler.cudagraph_mark_step_begin()
            with torch.no_grad():
                out, which = compiled(t)
            # Copies: the next replay writes over the graph's outputs.
            return out.clone(), which.item()

        (out, which), text = logged(call)
        host, capture = [a - b for a, b in zip(ops.counts(), before)]
        calls.append({"text": text, "host": host, "captured": capture,
                      "equal": torch.equal(out, t * A), "which": which})
    return calls


def compiled_check(n, what):
    """Checks compiled_calls(n): the operator was captured into a CUDA
    graph, no call that captured it tuned, the last call replayed the graph
    (no host code ran) and it ran the winner; every call equals x * a.
    Returns the log of the calls."""
    try:
        calls = compiled_calls(n)
    except Exception as e:  # the check says why, the other checks still run
        check(False, "%s: torch.compile ran (%s: %s)" %
              (what, type(e).__name__, e))
        return ""
    text = "".join(c["text"] for c in calls)
    print("%s: per call (host runs, captured runs, which): %s" %
          (what, [(c["host"], c["captured"], c["which"]) for c in calls]))
    check(any(c["captured"] for c in calls),
          what + ": the operator was captured into a CUDA graph (if not, "
          "TORCH_LOGS=perf_hints says why torch left CUDA graphs out)")
    check(not any(c["captured"] and tuning_in(c["text"]) for c in calls),
          what + ": no tuning inside the capture")
    check(all(c["equal"] for c in calls), what + ": every call equals x * a")
    last = calls[-1]
    check(last["host"] == 0,
          what + ": the last call was a CUDA graph's replay (no host code)")
    winner = run_winner(text, n)
    if winner is None and n == N:  # tuned before these calls
        with open(winner_file) as f:
            winner = int(f.read())
    check(winner is not None and last["which"] == winner,
          what + ": the replay ran the winner (BLOCK=%s, ran %d)" %
          (winner, last["which"]))
    return text


if not torch.cuda.is_available():
    print("skipped: no GPU visible to torch")
    sys.exit(77)

if ROUTE == "setup":
    # Built ahead of time by run (setup.py build_ext --inplace in FOLDER).
    sys.path.insert(0, FOLDER)
    import autotune_torch_gpu_setup as ops
else:
    # Built once, by the first process; the second finds it built.
    # kernels.cu was rewritten where autotune-rewrite is (prepare), so not
    # again here.
    ops = autotune_torch.load(
        "autotune_torch_gpu_check",
        [os.path.join(FOLDER, "src", "kernels.cu"),
         os.path.join(FOLDER, "ops.cpp")],
        build_directory=os.path.join(FOLDER, "build-load"),
        rewrite_sources=False)
print("route: %s (%s)" % (ROUTE, ops.__file__), flush=True)

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
    # torch.compile with CUDA graphs: a tuned key replays its winner; a new
    # key is tuned by the warm-up call, before the capture, whose graph
    # then replays its winner.
    compiled_check(N, "torch.compile, tuned key")
    text = compiled_check(N_COMPILED, "torch.compile, new key")
    check(tuned_winner(text, "torch_scale", N_COMPILED) is not None,
          "torch.compile, new key: tuned by a call outside the capture")
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
    text = compiled_check(N, "torch.compile, cached key")
    check(not tuning_in(text), "torch.compile, cached key: no tuning")

print("%s: %d failure(s)" % (MODE, failures))
sys.exit(failures)
