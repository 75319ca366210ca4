# pkg-config files (docs/cuda.md, "pkg-config"): autotune (the runtime),
# autotune-cuda (the CUDA backend, where built) and autotune-mpi (where
# built), twice: for the build tree in BUILD/pkgconfig, naming the build's
# own files, and for an install in PREFIX/lib/pkgconfig.
set(pc_cudalibdir "")
if(TARGET autotune_cuda)
  set(pc_cudalibdir ${CUDAToolkit_LIBRARY_DIR})
endif()
set(pc_mpi_cflags "")
set(pc_mpi_libs "")
if(TARGET autotune_mpi)
  foreach(dir IN LISTS MPI_CXX_INCLUDE_DIRS)
    string(APPEND pc_mpi_cflags " -I${dir}")
  endforeach()
  list(JOIN MPI_CXX_LIBRARIES " " pc_mpi_libs)
  string(STRIP "${pc_mpi_cflags}" pc_mpi_cflags)
endif()

# Writes the files for one layout into Dir.
function(autotune_write_pkgconfig Dir)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/pkgconfig/autotune.pc.in
    ${Dir}/autotune.pc @ONLY)
  if(TARGET autotune_cuda)
    configure_file(${CMAKE_CURRENT_LIST_DIR}/pkgconfig/autotune-cuda.pc.in
      ${Dir}/autotune-cuda.pc @ONLY)
  endif()
  if(TARGET autotune_mpi)
    configure_file(${CMAKE_CURRENT_LIST_DIR}/pkgconfig/autotune-mpi.pc.in
      ${Dir}/autotune-mpi.pc @ONLY)
  endif()
endfunction()

# The build tree: headers from the sources, archives from BUILD/runtime.
set(pc_prefix ${CMAKE_BINARY_DIR})
set(pc_includedir ${PROJECT_SOURCE_DIR}/runtime/include)
set(pc_libdir ${CMAKE_BINARY_DIR}/runtime)
set(pc_plugin "")
if(TARGET autotune_plugin)
  set(pc_plugin ${CMAKE_BINARY_DIR}/plugin/libAutotune.so)
endif()
set(pc_rewrite ${CMAKE_BINARY_DIR}/tools/autotune-rewrite/autotune-rewrite)
autotune_write_pkgconfig(${CMAKE_BINARY_DIR}/pkgconfig)

# An install: relative to where pkg-config finds the file.
file(RELATIVE_PATH pc_up /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
set(pc_prefix "\${pcfiledir}/${pc_up}")
set(pc_includedir "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
set(pc_libdir "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
set(pc_plugin "")
if(AUTOTUNE_INSTALLED_PLUGIN)
  set(pc_plugin "\${prefix}/${AUTOTUNE_INSTALLED_PLUGIN}")
endif()
set(pc_rewrite "\${prefix}/${CMAKE_INSTALL_BINDIR}/autotune-rewrite")
autotune_write_pkgconfig(${CMAKE_BINARY_DIR}/install/pkgconfig)
install(DIRECTORY ${CMAKE_BINARY_DIR}/install/pkgconfig/
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
  FILES_MATCHING PATTERN "*.pc")
