#!/usr/bin/env python3
"""Runs the plugin's fuzzer for ctest and fails only on the plugin's crashes.

The fuzzer compiles each input with clang 19 and the plugin in one process,
so most of the code it explores is clang's, and clang 19 has crashes of its
own on odd pragma sequences. The fuzzer runs in libFuzzer's fork mode, which
records each crash and goes on; afterwards every crashing input is compiled
again by clang++-19 without the plugin, with the fuzzer's own source and
flags. A crash that clang shows without the plugin is clang's and is reported
as such; any other crash, timeout or memory blow-up fails the test, with the
input and how to reproduce it.

  run-pragma-fuzzer.py --fuzzer F --clang C --seconds S --dict D \\
      --seeds DIR --work DIR
  run-pragma-fuzzer.py --fuzzer F --clang C --work DIR --classify INPUT...
"""

import argparse
import base64
import pathlib
import shutil
import subprocess
import sys

CLANG_CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump:")
CLANG_SECONDS = 120


def source_of(fuzzer, artifact, scratch):
    """The compiled source and clang's flags for one input, as the fuzzer
    builds them (it writes both when AUTOTUNE_FUZZ_SOURCE_OUT is set)."""
    source = scratch / "input.cpp"
    flags = scratch / "input.cpp.flags"
    for stale in (source, flags):
        stale.unlink(missing_ok=True)
    env = {"AUTOTUNE_FUZZ_SOURCE_OUT": str(source), "ASAN_OPTIONS": "detect_leaks=0"}
    run = subprocess.run([str(fuzzer), str(artifact)], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, errors="replace", timeout=CLANG_SECONDS)
    if not source.exists():
        raise RuntimeError(f"the fuzzer wrote no source for {artifact}:\n"
                           + run.stdout[-4000:])
    return source, flags.read_text().split(), run


def crashes_clang_alone(clang, source, flags):
    """Whether clang without the plugin crashes (or hangs) on the source."""
    try:
        run = subprocess.run([clang, *flags, str(source)],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, errors="replace", timeout=CLANG_SECONDS)
    except subprocess.TimeoutExpired:
        return True, f"clang alone ran past {CLANG_SECONDS} s"
    crashed = run.returncode < 0 or any(m in run.stdout for m in CLANG_CRASH_MARKERS)
    return crashed, run.stdout[-3000:]


def classify(args, artifacts):
    """Prints a verdict per input; returns the inputs that are the plugin's:
    those clang alone compiles without crashing. An input that the fuzzer no
    longer crashes on is the plugin's too when it came from a crash (a crash
    that needed the inputs before it is still a crash)."""
    scratch = args.work / "classify"
    scratch.mkdir(parents=True, exist_ok=True)
    ours = []
    for artifact in artifacts:
        data = pathlib.Path(artifact).read_bytes()
        source, flags, with_plugin = source_of(args.fuzzer, artifact, scratch)
        clang_crashed, clang_output = crashes_clang_alone(args.clang, source, flags)
        if clang_crashed:
            print(f"clang's own crash (also without the plugin): {artifact}")
            print(f"  input (base64): {base64.b64encode(data).decode()}")
            continue
        if with_plugin.returncode == 0:
            print(f"no crash, with or without the plugin: {artifact}")
            if not args.classify:
                ours.append(artifact)
            continue
        ours.append(artifact)
        print(f"the plugin's crash: {artifact}")
        print(f"  input (base64): {base64.b64encode(data).decode()}")
        print(f"  reproduce: {args.fuzzer} {artifact}")
        print(with_plugin.stdout[-6000:])
    return ours


def fuzz(args):
    crashes = args.work / "pragma-crashes"
    corpus = args.work / "pragma-corpus"
    # Crashes of an earlier run are that run's; the corpus keeps growing.
    shutil.rmtree(crashes, ignore_errors=True)
    crashes.mkdir(parents=True)
    corpus.mkdir(parents=True, exist_ok=True)
    # Leaks are not checked: the clang libraries keep some memory on purpose.
    command = [str(args.fuzzer), "-fork=1", "-ignore_crashes=1",
               "-ignore_timeouts=1", "-ignore_ooms=1", f"-seed={args.seed}",
               f"-max_total_time={args.seconds}", "-max_len=512",
               "-rss_limit_mb=4096", "-timeout=20", "-detect_leaks=0",
               f"-dict={args.dict}", f"-artifact_prefix={crashes}/",
               str(corpus), str(args.seeds)]
    print(" ".join(command), flush=True)
    log = args.work / "pragma-fuzzer.log"
    with open(log, "w") as out:
        run = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT)
    lines = log.read_text(errors="replace").splitlines()
    print("\n".join(line for line in lines if "generated." not in line)[-3000:])
    artifacts = sorted(p for p in crashes.iterdir()
                       if p.name.startswith(("crash-", "timeout-", "oom-", "leak-")))
    if run.returncode != 0 and not artifacts:
        print(f"the fuzzer failed (exit {run.returncode}) without an input; log: {log}")
        return 1
    ours = classify(args, artifacts)
    print(f"{len(artifacts)} crashing inputs, {len(ours)} of them the plugin's")
    return 1 if ours else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fuzzer", type=pathlib.Path, required=True)
    parser.add_argument("--clang", required=True)
    parser.add_argument("--work", type=pathlib.Path, required=True)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dict", type=pathlib.Path)
    parser.add_argument("--seeds", type=pathlib.Path)
    parser.add_argument("--classify", nargs="+", metavar="INPUT",
                        help="only classify these inputs; exit 1 if one is the plugin's")
    args = parser.parse_args()
    if args.classify:
        return 1 if classify(args, args.classify) else 0
    if not (args.dict and args.seeds):
        parser.error("--dict and --seeds are needed to fuzz")
    return fuzz(args)


if __name__ == "__main__":
    sys.exit(main())
