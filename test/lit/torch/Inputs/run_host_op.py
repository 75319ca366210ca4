"""Runs HostOperatorBothRoutes.cpp's operators twice each against torch's
own arithmetic and says whether they equal it.

    run_host_op.py setup                 the module setup.py built here
    run_host_op.py load SOURCE BUILD     autotune_torch.load(SOURCE)
"""
import sys

import torch

if sys.argv[1] == "setup":
    sys.path.insert(0, ".")
    import host_op
else:
    import autotune_torch
    host_op = autotune_torch.load("host_op", [sys.argv[2]],
                                  build_directory=sys.argv[3])
    # Its build messages are not the test's; its tunings are.
    sys.stdout.flush()

x = torch.arange(-30000, 35536, dtype=torch.int64)
# Every call first, then the verdicts: the tunings' log lines come before.
results = [
    ("scale_shift",
     [torch.equal(host_op.scale_shift(x, 3, -7), x * 3 - 7) for _ in range(2)]),
    ("increment_",
     [torch.equal(host_op.increment_(x.clone()), x + 1) for _ in range(2)])]
for name, equal in results:
    print("%s %s the reference (2 calls)" %
          (name, "equals" if all(equal) else "DIFFERS FROM"), flush=True)
sys.exit(0 if all(all(e) for _, e in results) else 1)
