"""Prints what autotune_torch.BuildExtension does to an extension before
torch compiles it (BuildExtensionRewriteOptional.cpp), with the options
given as KEY=VALUE arguments (rewrite_sources=False).

    build_ext_sources.py SOURCE BUILD_TEMP [rewrite_sources=False]
"""
import sys

from setuptools import Distribution
from torch.utils.cpp_extension import CppExtension

from autotune_torch import BuildExtension

source, build_temp = sys.argv[1], sys.argv[2]
options = {k: v == "True" for k, v in (a.split("=") for a in sys.argv[3:])}
ext = CppExtension("ext", [source], extra_compile_args={"cxx": ["-O2"]})
command = BuildExtension.with_options(**options)(Distribution())
command.build_temp = build_temp
command._autotune(ext)
print("sources:", " ".join(ext.sources))
print("cxx:", " ".join(ext.extra_compile_args["cxx"]))
print("links runtime:", any(a.endswith("libautotune_runtime.a")
                            for a in ext.extra_link_args))
