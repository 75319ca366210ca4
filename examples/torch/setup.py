from setuptools import setup
from torch.utils.cpp_extension import CppExtension

from autotune_torch import BuildExtension  # instead of torch's

setup(
    name="my_ops",
    ext_modules=[CppExtension("my_ops", ["my_ops.cpp"])],
    cmdclass={"build_ext": BuildExtension},
)
