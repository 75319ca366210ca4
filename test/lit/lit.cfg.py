# lit configuration for autotune's plugin, tools (autotune-rewrite,
# autotune-cache), the compiler wrapper and end-to-end tests.
import os
import shutil
import subprocess
import lit.formats

config.name = 'autotune'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.cpp', '.cu', '.c']
config.test_source_root = os.path.dirname(__file__)
config.excludes = ['Inputs']

include = os.path.join(config.autotune_source_root, 'runtime', 'include')
autotune = '-std=c++17 -fplugin=%s -I%s' % (config.autotune_plugin, include)
config.substitutions.append(('%clangxx', config.clangxx))
config.substitutions.append(('%autotune', autotune))
config.substitutions.append(('%rewrite-source', '-fplugin-arg-autotune-rewrite-source'))
config.substitutions.append(('%runtime', '%s -lpthread' % config.autotune_runtime_lib))
for tool in ['FileCheck', 'not', 'count', 'split-file']:
    config.substitutions.append(('%' + tool, os.path.join(config.llvm_tools, tool)))
config.substitutions.append(('%python', 'python3'))
# The wrappers and their loop over points that cannot compile, on the build
# tree under test (first, so that '%autotune' does not eat their names).
scripts = os.path.join(config.autotune_source_root, 'scripts')
build_dir = os.path.dirname(os.path.dirname(config.autotune_plugin))
config.substitutions.insert(0, ('%autotune-leave-out', 'bash %s' % os.path.join(scripts, 'autotune-leave-out')))
config.substitutions.insert(0, ('%autotune-nvcc', 'env AUTOTUNE_BUILD_DIR=%s bash %s' % (build_dir, os.path.join(scripts, 'autotune-nvcc'))))
config.substitutions.insert(0, ('%autotune-clang\\+\\+', 'env AUTOTUNE_BUILD_DIR=%s AUTOTUNE_CLANGXX=%s bash %s' % (build_dir, config.clangxx, os.path.join(scripts, 'autotune-clang++'))))
if config.autotune_rewrite_tool and os.path.exists(config.autotune_rewrite_tool):
    config.available_features.add('rewrite-tool')
    config.substitutions.insert(0, ('%autotune-rewrite', config.autotune_rewrite_tool))
annotate_tool = getattr(config, 'autotune_annotate_tool', '')
if annotate_tool and os.path.exists(annotate_tool):
    config.available_features.add('annotate-tool')
    config.substitutions.insert(0, ('%autotune-annotate', annotate_tool))
# First too, so that '%autotune' does not eat the start of '%autotune-cache'.
if config.autotune_cache_tool and os.path.exists(config.autotune_cache_tool):
    config.available_features.add('cache-tool')
    config.substitutions.insert(0, ('%autotune-cache', config.autotune_cache_tool))
# The rendering check of 'autotune-cache plot' takes a screenshot of its SVG
# with Debian's chromium, where it is installed (scripts/install-deps
# installs it, so CI runs the check).
chromium = shutil.which('chromium')
if chromium:
    config.available_features.add('chromium')
    config.substitutions.append(('%chromium', chromium))

# PyTorch extensions (test/lit/torch): a Python that has torch (Debian's
# python3-torch, which scripts/install-deps test installs, is /usr/bin's)
# and the build's autotune_torch module. Looked up, not imported: importing
# torch takes seconds. Not in the working directory, whose torch/ (this
# suite's output) is a namespace package to Python, not torch.
# It prints where torch is: its headers are beside it.
has_torch = ('import sys; sys.path.pop(0); import importlib.util as u; '
             's = u.find_spec("torch"); print(s and s.origin); '
             'sys.exit(not (s and s.origin))')
torch_python = None
for candidate in [os.environ.get('AUTOTUNE_TORCH_PYTHON'), 'python3',
                  '/usr/bin/python3']:
    path = candidate and shutil.which(candidate)
    found = path and subprocess.run([path, '-c', has_torch],
                                    stdout=subprocess.PIPE,
                                    universal_newlines=True)
    if found and found.returncode == 0:
        torch_python = path
        torch_include = os.path.join(
            os.path.dirname(found.stdout.strip()), 'include')
        break
if torch_python and config.autotune_python_dir:
    config.available_features.add('torch')
    config.substitutions.insert(0, ('%torch-python', torch_python))
    config.substitutions.insert(0, ('%torch-include',
                                    '-isystem ' + torch_include))
    config.environment['PYTHONPATH'] = config.autotune_python_dir
    # torch builds extensions into ~/.cache unless told otherwise.
    config.environment['TORCH_EXTENSIONS_DIR'] = os.path.join(
        config.test_exec_root, 'torch-extensions')

# MPI: processes that tune together (autotune_mpi), started by mpirun with
# more processes than cores where needed, and as root in CI.
if config.autotune_mpi_lib and os.path.exists(config.autotune_mpi_lib):
    config.available_features.add('mpi')
    mpirun = config.mpirun + ' --oversubscribe'
    if os.geteuid() == 0:
        mpirun += ' --allow-run-as-root'
    # Longest first: '%mpi' must not eat the start of the others.
    config.substitutions.insert(0, ('%mpirun', mpirun))
    config.substitutions.insert(0, ('%mpi_compile', config.mpi_include))
    config.substitutions.insert(0, ('%mpi_link', '%s %s' % (
        config.autotune_mpi_lib, config.mpi_libraries)))
    # In a container, Open MPI's single-copy transfers between processes
    # (process_vm_readv) may be forbidden; the tests' messages are small.
    config.environment['OMPI_MCA_btl_vader_single_copy_mechanism'] = 'none'

# CUDA: clang 19 with the CUDA 13 shims (see cuda-shims/), and nvcc.
cuda_flags = ('-x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version '
              '--cuda-path=%s -isystem %s -isystem %s/include/cccl -B %s '
              '-include autotune_cuda_intrinsics.h' % (
                  config.cuda_path, config.autotune_shim_dir, config.cuda_path,
                  config.autotune_shim_dir))
if os.path.isdir(config.cuda_path) and config.autotune_shim_dir:
    config.available_features.add('cuda')
    # '-x none' ends '-x cuda', so that the archives are read as archives;
    # %cudalink goes first so that %cuda does not take its prefix.
    cuda_link = '-x none %s %s -L%s -lcudart -lpthread' % (
        config.autotune_cuda_lib, config.autotune_runtime_lib, config.cuda_lib_dir)
    config.substitutions.insert(0, ('%cudalink', cuda_link))
    # The toolkit's headers for a host compile (no -x cuda), as g++ sees
    # them in a PyTorch extension's .cpp files.
    config.substitutions.insert(0, ('%cuda-host-include', '-isystem %s' %
                                    os.path.join(config.cuda_path, 'include')))
    config.substitutions.append(('%cuda', cuda_flags))
if config.nvcc and os.path.exists(config.nvcc):
    config.available_features.add('nvcc')
    config.substitutions.append(('%nvcc', '%s -std=c++17 -arch=sm_90 -I%s' % (config.nvcc, include)))
    # nvcc without a GPU of its own: the test names it (first, so that
    # '%nvcc' does not eat the start of the name).
    config.substitutions.insert(0, ('%nvcc-any-arch', '%s -std=c++17 -I%s' % (config.nvcc, include)))

# Environment knobs must not leak in from the user running the tests.
for var in ['AUTOTUNE', 'AUTOTUNE_LOG', 'AUTOTUNE_RETUNE', 'AUTOTUNE_CACHE',
            'AUTOTUNE_CACHE_DIR', 'AUTOTUNE_RESULTS', 'AUTOTUNE_STRICT',
            'AUTOTUNE_HOST_MODEL', 'AUTOTUNE_POINTS', 'AUTOTUNE_LEAVE_OUT']:
    config.environment.pop(var, None)
config.environment['HOME'] = os.environ.get('HOME', '/tmp')
# Programs run by the tests keep their tuning cache inside the build tree.
config.environment['AUTOTUNE_CACHE_DIR'] = os.path.join(config.test_exec_root, 'cache')
