# `cmake --install build --prefix P` lays out:
#   P/lib/libautotune_runtime.a, libautotune_cuda.a   Autotune::runtime, Autotune::cuda
#   P/lib/libautotune_mpi.a                           Autotune::mpi (where MPI was found)
#   P/include/autotune/*.h                            what rewritten code includes
#   P/lib/autotune/libAutotune.so                     the plugin (Autotune::plugin)
#   P/bin/autotune-rewrite, autotune-cache            (Autotune::rewrite, Autotune::cache)
#   P/bin/autotune-clang++                            the wrapper, finding all of the above
#   P/bin/autotune-nvcc                               the same for nvcc (autotune-rewrite, then nvcc)
#   P/bin/autotune-leave-out                          their loop over points that cannot compile
#   P/bin/autotune-options                            the options with values, which both source
#   P/share/autotune/cuda-shims/                      what clang 19 needs for CUDA 13
#   P/lib/cmake/Autotune/                             find_package(Autotune), autotune_enable()
#   P/lib/pkgconfig/autotune{,-cuda,-mpi}.pc          pkg-config (cmake/PkgConfig.cmake)
#   P/lib/python3.N/site-packages/autotune_torch.py   PyTorch extensions (python/)
# and registers test/external (a project built against such an install).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(AUTOTUNE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Autotune)
set(AUTOTUNE_INSTALL_PLUGINDIR ${CMAKE_INSTALL_LIBDIR}/autotune)
# autotune-rewrite looks for the shims at ../share/autotune/cuda-shims from its
# own directory, so this path is not CMAKE_INSTALL_DATADIR's to change.
set(AUTOTUNE_INSTALL_SHIMDIR share/autotune/cuda-shims)

# The runtime (nlohmann_json stays out of its exported interface: see
# runtime/CMakeLists.txt).
set_target_properties(autotune_runtime PROPERTIES EXPORT_NAME runtime)
install(TARGETS autotune_runtime EXPORT AutotuneTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/autotune
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")

# The CUDA backend: its own export set, loaded only where CUDA is found.
if(TARGET autotune_cuda)
  set_target_properties(autotune_cuda PROPERTIES EXPORT_NAME cuda)
  install(TARGETS autotune_cuda EXPORT AutotuneCudaTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT AutotuneCudaTargets NAMESPACE Autotune::
    DESTINATION ${AUTOTUNE_INSTALL_CMAKEDIR})
endif()

# Tuning together over MPI: its own export set, loaded only where MPI is found.
if(TARGET autotune_mpi)
  set_target_properties(autotune_mpi PROPERTIES EXPORT_NAME mpi)
  install(TARGETS autotune_mpi EXPORT AutotuneMpiTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT AutotuneMpiTargets NAMESPACE Autotune::
    DESTINATION ${AUTOTUNE_INSTALL_CMAKEDIR})
endif()

# The compiler side: they load clang's shared libraries from LLVM's own
# directory, so they keep that directory in their run path.
if(TARGET autotune_plugin)
  set_target_properties(autotune_plugin PROPERTIES
    EXPORT_NAME plugin INSTALL_RPATH_USE_LINK_PATH ON)
  install(TARGETS autotune_plugin EXPORT AutotuneTargets
    LIBRARY DESTINATION ${AUTOTUNE_INSTALL_PLUGINDIR})
endif()
if(TARGET autotune-rewrite)
  set_target_properties(autotune-rewrite PROPERTIES
    EXPORT_NAME rewrite INSTALL_RPATH_USE_LINK_PATH ON)
  install(TARGETS autotune-rewrite EXPORT AutotuneTargets
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET autotune-annotate)
  # A command for the user, not a target projects build with: not exported.
  set_target_properties(autotune-annotate PROPERTIES
    INSTALL_RPATH_USE_LINK_PATH ON)
  install(TARGETS autotune-annotate RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET autotune-cache)
  set_target_properties(autotune-cache PROPERTIES EXPORT_NAME cache)
  install(TARGETS autotune-cache EXPORT AutotuneTargets
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET autotune_plugin AND AUTOTUNE_SHIM_DIR)
  # The build tree's copies: its fatbinary knows the toolkit CMake found.
  install(FILES
      ${AUTOTUNE_SHIM_DIR}/texture_fetch_functions.h
      ${AUTOTUNE_SHIM_DIR}/autotune_cuda_intrinsics.h
      ${AUTOTUNE_SHIM_DIR}/autotune_cuda_host_math.h
    DESTINATION ${AUTOTUNE_INSTALL_SHIMDIR})
  install(PROGRAMS ${AUTOTUNE_SHIM_DIR}/fatbinary
    DESTINATION ${AUTOTUNE_INSTALL_SHIMDIR})
endif()

# The wrapper, told where the install keeps things (relative to its prefix).
if(TARGET autotune_plugin)
  file(RELATIVE_PATH AUTOTUNE_BIN_TO_PREFIX
    /prefix/${CMAKE_INSTALL_BINDIR} /prefix)
  get_target_property(plugin_name autotune_plugin OUTPUT_NAME)
  set(AUTOTUNE_INSTALLED_PLUGIN
    ${AUTOTUNE_INSTALL_PLUGINDIR}/lib${plugin_name}${CMAKE_SHARED_MODULE_SUFFIX})
  configure_file(${PROJECT_SOURCE_DIR}/scripts/autotune-clang++
    ${CMAKE_CURRENT_BINARY_DIR}/install/autotune-clang++ @ONLY)
  configure_file(${PROJECT_SOURCE_DIR}/scripts/autotune-nvcc
    ${CMAKE_CURRENT_BINARY_DIR}/install/autotune-nvcc @ONLY)
  install(PROGRAMS ${CMAKE_CURRENT_BINARY_DIR}/install/autotune-clang++
    ${CMAKE_CURRENT_BINARY_DIR}/install/autotune-nvcc
    ${PROJECT_SOURCE_DIR}/scripts/autotune-leave-out
    DESTINATION ${CMAKE_INSTALL_BINDIR})
  # What autotune-nvcc and autotune-leave-out source: not a program.
  install(FILES ${PROJECT_SOURCE_DIR}/scripts/autotune-options
    DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# find_package(Autotune)
install(EXPORT AutotuneTargets NAMESPACE Autotune::
  DESTINATION ${AUTOTUNE_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/AutotuneConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/install/AutotuneConfig.cmake
  INSTALL_DESTINATION ${AUTOTUNE_INSTALL_CMAKEDIR}
  PATH_VARS AUTOTUNE_INSTALL_SHIMDIR)
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/install/AutotuneConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
    ${CMAKE_CURRENT_BINARY_DIR}/install/AutotuneConfig.cmake
    ${CMAKE_CURRENT_BINARY_DIR}/install/AutotuneConfigVersion.cmake
    ${CMAKE_CURRENT_LIST_DIR}/Autotune.cmake
  DESTINATION ${AUTOTUNE_INSTALL_CMAKEDIR})

# pkg-config files, for the build tree and the install.
include(${CMAKE_CURRENT_LIST_DIR}/PkgConfig.cmake)

# autotune_torch, for PyTorch extensions (python/CMakeLists.txt).
add_subdirectory(${PROJECT_SOURCE_DIR}/python ${CMAKE_BINARY_DIR}/python-config)

# CI builds test/external against an install of this build tree.
if(AUTOTUNE_BUILD_TESTS AND TARGET autotune_plugin)
  add_test(NAME install.external
    COMMAND ${PROJECT_SOURCE_DIR}/test/external/run ${CMAKE_BINARY_DIR})
  set_tests_properties(install.external PROPERTIES TIMEOUT 900)
  # autotune_enable() leaves out the points that cannot compile.
  add_test(NAME install.PointsLeftOut
    COMMAND ${PROJECT_SOURCE_DIR}/test/external/leave-out/run ${CMAKE_BINARY_DIR})
  set_tests_properties(install.PointsLeftOut PROPERTIES TIMEOUT 900)
endif()
