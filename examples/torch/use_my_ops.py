# Calls my_ops.scale twice and compares it with torch's own a * x:
#   python3 use_my_ops.py          the module setup.py built here
#   python3 use_my_ops.py load     autotune_torch.load, just in time
import sys

import torch

if sys.argv[1:] == ["load"]:
    import autotune_torch
    my_ops = autotune_torch.load(name="my_ops", sources=["my_ops.cpp"])
else:
    import my_ops

x = torch.randn(1 << 20)
for _ in range(2):  # the first call tunes, the second uses the winner
    assert torch.equal(my_ops.scale(x, 2.5), x * 2.5)
print("my_ops.scale equals x * 2.5")
