# autotune_enable(<target> [CUDA_ARCH sm_90 ...])
#
# Compiles <target>'s sources with the autotune plugin and links the autotune
# runtime. .cu sources are compiled by the C++ compiler in CUDA mode
# (`-x cuda`) with the CUDA 13 shims, and then the CUDA backend and runtime are
# linked too. Needs clang 19 as CMAKE_CXX_COMPILER; CMake's own CUDA language
# is not used, because clang 19 cannot pass its checks against CUDA 13 without
# the shims.
#
# Inside the autotune build the targets Autotune, autotune_runtime and
# autotune_cuda are used. Elsewhere set AUTOTUNE_PLUGIN (libAutotune.so),
# AUTOTUNE_INCLUDE_DIR, AUTOTUNE_LIBRARY_DIRS and AUTOTUNE_SHIM_DIR.
include_guard(GLOBAL)

set(AUTOTUNE_CUDA_ARCH sm_90 CACHE STRING
    "GPU architectures for .cu sources of autotune_enable() targets")

function(autotune_enable target)
  cmake_parse_arguments(PARSE_ARGV 1 AT "" "" "CUDA_ARCH")
  if(NOT AT_CUDA_ARCH)
    set(AT_CUDA_ARCH ${AUTOTUNE_CUDA_ARCH})
  endif()
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR
     NOT CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 19 OR
     CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 20)
    message(FATAL_ERROR "autotune_enable(${target}): the plugin needs clang 19 "
      "as the C++ compiler (-DCMAKE_CXX_COMPILER=clang++-19), not "
      "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
  endif()

  # The plugin. (OBJECT_DEPENDS takes no generator expression, so an edited
  # plugin does not by itself recompile the target's sources.)
  if(TARGET Autotune)
    set(plugin $<TARGET_FILE:Autotune>)
    add_dependencies(${target} Autotune)
  elseif(AUTOTUNE_PLUGIN)
    set(plugin ${AUTOTUNE_PLUGIN})
  else()
    message(FATAL_ERROR "autotune_enable(${target}): set AUTOTUNE_PLUGIN")
  endif()
  target_compile_options(${target} PRIVATE "-fplugin=${plugin}")

  if(TARGET autotune_runtime)
    set(runtime autotune_runtime)
  else()
    target_include_directories(${target} PRIVATE ${AUTOTUNE_INCLUDE_DIR})
    target_link_directories(${target} PRIVATE ${AUTOTUNE_LIBRARY_DIRS})
    set(runtime autotune_runtime Threads::Threads)
  endif()

  get_target_property(sources ${target} SOURCES)
  set(has_cuda OFF)
  foreach(source IN LISTS sources)
    if(NOT source MATCHES "\\.cu$")
      continue()
    endif()
    set(has_cuda ON)
    if(NOT AUTOTUNE_SHIM_DIR OR NOT CUDAToolkit_FOUND)
      message(FATAL_ERROR "autotune_enable(${target}): ${source} is CUDA, "
        "but the CUDA toolkit or the cuda-shims are missing")
    endif()
    # The toolkit root: CUDAToolkit_LIBRARY_ROOT is not always set.
    get_filename_component(cuda_root "${CUDAToolkit_BIN_DIR}" DIRECTORY)
    set(options -x cuda "--cuda-path=${cuda_root}"
      -Wno-unknown-cuda-version
      -isystem "${AUTOTUNE_SHIM_DIR}" "-B${AUTOTUNE_SHIM_DIR}"
      -isystem "${cuda_root}/include/cccl"
      -include "${AUTOTUNE_SHIM_DIR}/autotune_cuda_intrinsics.h")
    foreach(arch IN LISTS AT_CUDA_ARCH)
      list(APPEND options "--cuda-gpu-arch=${arch}")
    endforeach()
    set_property(SOURCE "${source}" TARGET_DIRECTORY ${target}
      PROPERTY LANGUAGE CXX)
    set_property(SOURCE "${source}" TARGET_DIRECTORY ${target} APPEND
      PROPERTY COMPILE_OPTIONS ${options})
  endforeach()

  if(has_cuda)
    if(TARGET autotune_cuda)
      target_link_libraries(${target} PRIVATE autotune_cuda ${runtime})
    else()
      target_link_libraries(${target} PRIVATE autotune_cuda ${runtime}
        CUDA::cudart)
    endif()
  else()
    target_link_libraries(${target} PRIVATE ${runtime})
  endif()
endfunction()
