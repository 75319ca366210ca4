"""The ahead-of-time build of the GPU check's extension (docs/torch.md, "The
GPU check"): docs/torch.md's setup.py for a CUDAExtension. kernels.cu was
rewritten by test/torch/gpu/prepare, where autotune-rewrite is: the GPU
machine has no clang, so BuildExtension compiles the sources as they are
(rewrite_sources=False) and adds autotune's include directory and runtime.

    cd FOLDER && python setup.py build_ext --inplace
"""
from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension

from autotune_torch import BuildExtension

setup(
    name="autotune_torch_gpu_setup",
    ext_modules=[CUDAExtension(
        "autotune_torch_gpu_setup", ["src/kernels.cu", "ops.cpp"],
        extra_compile_args={"cxx": ["-O2"], "nvcc": ["-O2"]})],
    cmdclass={"build_ext": BuildExtension.with_options(rewrite_sources=False)},
)
