# The setup.py of HostOperatorBothRoutes.cpp: docs/torch.md's, with the
# source from the test.
import os

from setuptools import setup
from torch.utils.cpp_extension import CppExtension

from autotune_torch import BuildExtension

setup(name="host_op",
      ext_modules=[CppExtension("host_op", [os.environ["HOST_OP_SOURCE"]])],
      cmdclass={"build_ext": BuildExtension})
