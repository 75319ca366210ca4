# autotune_enable(<target> [REWRITE] [ROOT <dir>] [CUDA_ARCH <arch>...])
#
# Turns autotuning on for <target>: its '#pragma autotune' sites become tuned
# sites, and it links Autotune::runtime (and Autotune::cuda when it has .cu
# sources). Each C++ or CUDA source is compiled one of two ways:
#
# - the plugin, where clang 19 compiles it: C++ sources get -fplugin; .cu
#   sources that CMake's CUDA language does not claim are compiled by clang 19
#   as CUDA (-x cuda --cuda-gpu-arch=...), with the CUDA 13 shims where the
#   toolkit needs them.
# - the rewrite, for every other compiler (nvcc through CMake's CUDA language,
#   GCC for C++ sources), or for all sources with REWRITE: autotune-rewrite
#   writes the sources as a project (docs/cuda.md, "A project"): each source
#   and every file under ROOT (default: CMAKE_SOURCE_DIR) it includes, headers
#   with sites rewritten, into a mirror under <binary dir>/autotune/ at their
#   paths relative to ROOT, and the target compiles the sources' copies
#   instead: each copy is added to its sources (as protobuf_generate adds
#   what it generates) and the original stays listed, HEADER_FILE_ONLY in the
#   target's directory. Another target of that directory that lists the same
#   source and is not autotuned is an error: it would lose the file.
#   The CUDA sources share one mirror, <target>/, and the C++ sources
#   another, <target>.cxx/; a source with include directories or definitions
#   of its own, or outside ROOT (then rooted at the deepest directory that
#   holds both), has a mirror of its own, <target>.<hash>/, rewritten with
#   its flags.
#   Every source is rewritten, with or without a pragma: the first pragma
#   added to a file then needs no new CMake run.
#
# Points that cannot compile are left out (docs/cuda.md): the plugin's compiles
# get scripts/autotune-leave-out as their compiler launcher; those of the
# rewritten copies get scripts/autotune-nvcc --project, which puts the
# mirror's copy of each include directory under ROOT first, and rewrites a
# source again, without its left-out points, when it has some.
#
# CUDA_ARCH (default: the AUTOTUNE_CUDA_ARCH cache variable, sm_90) applies to
# .cu sources compiled by clang; nvcc takes CUDA_ARCHITECTURES as usual.
#
# The AUTOTUNE_POINTS cache variable set to 'default' makes each site compile
# its default point alone, in every autotuned target: a build for when build
# time matters more than tuning (docs/user-guide.md, "What a site costs to
# build").
#
# Call it once per target, in the directory that creates <target>. It does
# its work when that directory's CMakeLists.txt ends (cmake_language(DEFER)),
# so that sources and source properties given after the call count too.
# It works inside the autotune build (targets autotune_plugin, autotune-rewrite,
# autotune_runtime) and from an install through find_package(Autotune)
# (Autotune::plugin, Autotune::rewrite, Autotune::runtime).
include_guard(GLOBAL)

# The depfile of a rewrite is written relative to the current binary dir.
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 NEW)
endif()

# The wrappers that leave out the points that cannot compile
# (scripts/autotune-leave-out, scripts/autotune-nvcc): beside this file's
# scripts/ in the source tree, beside autotune-rewrite in an install.
if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../scripts/autotune-leave-out")
  get_filename_component(_autotune_scripts "${CMAKE_CURRENT_LIST_DIR}/../scripts" ABSOLUTE)
  set_property(GLOBAL PROPERTY AUTOTUNE_SCRIPT_DIR "${_autotune_scripts}")
endif()

# The directory of autotune-leave-out and autotune-nvcc.
function(_autotune_script_dir out rewrite_tool)
  get_property(dir GLOBAL PROPERTY AUTOTUNE_SCRIPT_DIR)
  if(NOT dir AND TARGET "${rewrite_tool}")
    get_target_property(location ${rewrite_tool} LOCATION)
    get_filename_component(dir "${location}" DIRECTORY)
  endif()
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()

# <target>'s <language> compiles go through <launcher...>, before the
# launcher it had (ccache, say).
function(_autotune_launch target language)
  get_target_property(launcher ${target} ${language}_COMPILER_LAUNCHER)
  if(NOT launcher)
    set(launcher)
  endif()
  set_property(TARGET ${target} PROPERTY ${language}_COMPILER_LAUNCHER
    ${ARGN} ${launcher})
endfunction()

set(AUTOTUNE_CUDA_ARCH sm_90 CACHE STRING
    "GPU architectures for .cu sources that clang compiles in autotune_enable() targets")
set(AUTOTUNE_POINTS all CACHE STRING
    "'default': each site of autotune_enable() targets compiles its default point alone (a build that costs about what the program without sites does, untuned); 'all': every point")
set_property(CACHE AUTOTUNE_POINTS PROPERTY STRINGS all default)

# The first of the given targets that exists, else "".
function(_autotune_first_target out)
  foreach(candidate IN LISTS ARGN)
    if(TARGET ${candidate})
      set(${out} ${candidate} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

function(_autotune_is_clang19 out compiler_id compiler_version)
  if(compiler_id STREQUAL "Clang" AND
     compiler_version VERSION_GREATER_EQUAL 19 AND
     compiler_version VERSION_LESS 20)
    set(${out} ON PARENT_SCOPE)
  else()
    set(${out} OFF PARENT_SCOPE)
  endif()
endfunction()

# Compile options for a .cu source that clang 19 compiles as CUDA.
function(_autotune_clang_cuda_options out archs)
  if(NOT CUDAToolkit_BIN_DIR)
    find_package(CUDAToolkit REQUIRED)
  endif()
  # The toolkit root: CUDAToolkit_LIBRARY_ROOT is not always set.
  get_filename_component(cuda_root "${CUDAToolkit_BIN_DIR}" DIRECTORY)
  get_property(shims GLOBAL PROPERTY AUTOTUNE_SHIM_DIR)
  if(NOT shims)
    set(shims "${AUTOTUNE_SHIM_DIR}")
  endif()
  if(NOT shims OR NOT EXISTS "${shims}/autotune_cuda_intrinsics.h")
    message(FATAL_ERROR "autotune_enable: the CUDA shims are missing "
      "(autotune was built without the plugin?)")
  endif()
  set(options -x cuda "--cuda-path=${cuda_root}" -Wno-unknown-cuda-version)
  # CUDA 13 removed texture_fetch_functions.h and changed fatbinary's options;
  # the shims stand in for both. Older toolkits have the real ones.
  if(CUDAToolkit_VERSION VERSION_GREATER_EQUAL 13)
    list(APPEND options -isystem "${shims}" "-B${shims}")
  endif()
  # nvcc adds the CCCL headers (cuda/std, cub, thrust) by itself; clang does not.
  if(IS_DIRECTORY "${cuda_root}/include/cccl")
    list(APPEND options -isystem "${cuda_root}/include/cccl")
  endif()
  list(APPEND options -include "${shims}/autotune_cuda_intrinsics.h")
  foreach(arch IN LISTS archs)
    list(APPEND options "--cuda-gpu-arch=${arch}")
  endforeach()
  set(${out} "${options}" PARENT_SCOPE)
endfunction()

# The preprocessor flags autotune-rewrite needs for <target>'s <language>
# sources (<input> is one of them): the target's include directories and
# definitions, its standard, and the CUDA toolkit's headers.
function(_autotune_rewrite_flags out target language input)
  # The target's include directories and definitions (its dependencies'
  # included), so the preprocessor sees what the compiler will.
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  if(language STREQUAL "CUDA")
    set(standard "$<TARGET_PROPERTY:${target},CUDA_STANDARD>")
  else()
    set(standard "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  endif()
  set(flags
    "$<$<BOOL:${includes}>:-I$<JOIN:${includes},$<SEMICOLON>-I>>"
    "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},$<SEMICOLON>-D>>"
    "-std=c++$<IF:$<OR:$<STREQUAL:${standard},20>,$<STREQUAL:${standard},23>,$<STREQUAL:${standard},26>>,${standard},17>")
  # clang's preprocessor reads the CUDA headers of the toolkit nvcc uses, and
  # the CCCL headers nvcc finds by itself (cub, thrust, cuda/std).
  set(cuda_bin "")
  if(language STREQUAL "CUDA" AND CMAKE_CUDA_COMPILER)
    get_filename_component(cuda_bin "${CMAKE_CUDA_COMPILER}" DIRECTORY)
  elseif(input MATCHES "\\.cu$" AND CUDAToolkit_BIN_DIR)
    set(cuda_bin "${CUDAToolkit_BIN_DIR}")
  endif()
  if(cuda_bin)
    get_filename_component(cuda_root "${cuda_bin}" DIRECTORY)
    if(EXISTS "${cuda_root}/include/cuda_runtime.h")
      list(APPEND flags "--cuda-path=${cuda_root}")
    endif()
    if(IS_DIRECTORY "${cuda_root}/include/cccl")
      list(APPEND flags -isystem "${cuda_root}/include/cccl")
    endif()
  endif()
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

# <target> compiles <output>, the rewritten copy of <input>, in its place.
function(_autotune_compile_copy target input output)
  # The copy compiles like the original: its language and options, and
  # __AUTOTUNE__ as under the plugin. (A quoted include finds the mirror's
  # file beside the copy; one of a file outside the root, beside the
  # original: autotune-nvcc puts its directory after the command's.)
  set_property(SOURCE "${output}" APPEND PROPERTY COMPILE_DEFINITIONS __AUTOTUNE__=1)
  foreach(property LANGUAGE COMPILE_OPTIONS COMPILE_DEFINITIONS INCLUDE_DIRECTORIES)
    get_source_file_property(value "${input}" TARGET_DIRECTORY ${target} ${property})
    if(value)
      set_property(SOURCE "${output}" APPEND PROPERTY ${property} "${value}")
    endif()
  endforeach()

  set_property(SOURCE "${input}" TARGET_DIRECTORY ${target}
    PROPERTY HEADER_FILE_ONLY ON)
  target_sources(${target} PRIVATE "${output}")
endfunction()

# The flags of <input> alone, its source properties: "" when it has none.
function(_autotune_own_flags out target input)
  set(flags)
  foreach(property INCLUDE_DIRECTORIES COMPILE_DEFINITIONS)
    get_source_file_property(values "${input}" TARGET_DIRECTORY ${target} ${property})
    if(NOT values)
      continue()
    endif()
    foreach(value IN LISTS values)
      if(property STREQUAL "INCLUDE_DIRECTORIES")
        list(APPEND flags "-I${value}")
      else()
        list(APPEND flags "-D${value}")
      endif()
    endforeach()
  endforeach()
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

# The rewrite of a group of <target>'s <language> sources (absolute paths)
# that share their flags, as one project (autotune-rewrite --out-dir): every user file under
# <root> they read is written to <out_dir> at its path relative to <root>,
# headers with sites included, each once, and the target compiles the
# sources' copies. The depfile lists every file read, so editing a header
# reruns the rewrite. Sets <lines> to the group's lines in the file its
# compiler launcher reads (scripts/autotune-nvcc, --project): its mirror, its
# root and the rewrite's flags, whose include directories under the root the
# launcher puts the mirror's copies of first.
function(_autotune_rewrite_group lines target language rewrite_tool root out_dir)
  set(inputs ${ARGN})
  set(outputs)
  foreach(input IN LISTS inputs)
    file(RELATIVE_PATH relative "${root}" "${input}")
    list(APPEND outputs "${out_dir}/${relative}")
  endforeach()
  list(GET inputs 0 first)
  # A group with flags of its own is one source.
  _autotune_rewrite_flags(flags ${target} ${language} "${first}")
  _autotune_own_flags(own ${target} "${first}")
  list(APPEND flags ${own})
  list(GET outputs 0 first_output)
  file(RELATIVE_PATH shown "${CMAKE_BINARY_DIR}" "${out_dir}")
  # Make runs the command for the first output, the depfile's target: one
  # that does not read an edited header would keep its old time, and make
  # would run the rewrite at every build. (Its other outputs are touched
  # after it, so the group's sources all compile again; ninja restats each.)
  set(settle)
  if(CMAKE_GENERATOR MATCHES "Makefiles")
    set(settle COMMAND "${CMAKE_COMMAND}" -E touch "${first_output}")
  endif()
  add_custom_command(OUTPUT ${outputs}
    COMMAND ${rewrite_tool} --out-dir "${out_dir}" --root "${root}"
            --depfile "${first_output}.d" --points=${AUTOTUNE_POINTS}
            ${inputs} -- ${flags}
    ${settle}
    DEPENDS ${inputs} "$<TARGET_FILE:${rewrite_tool}>"
    DEPFILE "${first_output}.d"
    COMMENT "autotune-rewrite into ${shown}"
    COMMAND_EXPAND_LISTS VERBATIM)
  foreach(input output IN ZIP_LISTS inputs outputs)
    _autotune_compile_copy(${target} "${input}" "${output}")
  endforeach()
  set(${lines} "mirror=${out_dir}\nroot=${root}\nflags=${flags}\n" PARENT_SCOPE)
endfunction()

# <target>'s <language> sources (absolute paths) that another compiler than
# clang 19 compiles: each is rewritten into a mirror
# (_autotune_rewrite_group), and the language's compiles run through autotune-nvcc --project, which puts the
# mirror's include directories first and leaves out the points that cannot
# compile: it rewrites a source again, into a mirror of its own, when one of
# its points is left out. The sources without flags of their own and under
# <root> are one group, in <binary dir>/autotune/<target> for CUDA and
# <target>.cxx for C++; a source with include directories or definitions of
# its own, or outside <root> (rooted at the deepest directory that holds both),
# is a group of its own, <target>.<hash>.
function(_autotune_rewrite_language target language rewrite_tool root)
  get_target_property(binary_dir ${target} BINARY_DIR)
  set(base "${binary_dir}/autotune/${target}")
  set(shared)
  set(project "rewrite=$<TARGET_FILE:${rewrite_tool}>\npoints=${AUTOTUNE_POINTS}\n")
  foreach(input IN LISTS ARGN)
    _autotune_own_flags(own ${target} "${input}")
    file(RELATIVE_PATH relative "${root}" "${input}")
    # clang compiles a .cu source as CUDA in CXX: flags of its own.
    if(NOT own AND NOT relative MATCHES "^\\.\\./" AND NOT IS_ABSOLUTE "${relative}"
       AND NOT (language STREQUAL "CXX" AND input MATCHES "\\.cu$"))
      list(APPEND shared "${input}")
      continue()
    endif()
    # Outside the root (generated into the build tree, say): the deepest
    # directory that holds both, so that the root's headers are mirrored.
    set(group_root "${root}")
    set(above "")
    while((relative MATCHES "^\\.\\./" OR IS_ABSOLUTE "${relative}")
          AND NOT above STREQUAL group_root)
      set(above "${group_root}")
      get_filename_component(group_root "${group_root}" DIRECTORY)
      file(RELATIVE_PATH relative "${group_root}" "${input}")
    endwhile()
    string(MD5 hash "${language}|${input}")
    string(SUBSTRING "${hash}" 0 8 hash)
    _autotune_rewrite_group(lines ${target} ${language} ${rewrite_tool}
      "${group_root}" "${base}.${hash}" "${input}")
    string(APPEND project "${lines}")
  endforeach()
  if(shared)
    set(out_dir "${base}")
    if(language STREQUAL "CXX")
      set(out_dir "${base}.cxx")
    endif()
    _autotune_rewrite_group(lines ${target} ${language} ${rewrite_tool}
      "${root}" "${out_dir}" ${shared})
    string(APPEND project "${lines}")
  endif()
  # The flags differ by language (the include directories may name it).
  file(GENERATE OUTPUT "${base}.${language}.autotune-nvcc" CONTENT "${project}"
    CONDITION "$<COMPILE_LANGUAGE:${language}>")
  # A launcher the target had (ccache) runs the compiler itself, inside: its
  # words go before --nvcc, so that autotune-nvcc can put its options after
  # the compiler.
  _autotune_script_dir(scripts ${rewrite_tool})
  get_target_property(launcher ${target} ${language}_COMPILER_LAUNCHER)
  set(command "${scripts}/autotune-nvcc" --project "${base}.${language}.autotune-nvcc")
  if(launcher)
    foreach(word IN LISTS launcher)
      list(APPEND command --launcher "${word}")
    endforeach()
  endif()
  set_property(TARGET ${target} PROPERTY ${language}_COMPILER_LAUNCHER ${command} --nvcc)
endfunction()

# FATAL_ERROR where a target of <target>'s directory other than the autotuned
# ones lists <input>: HEADER_FILE_ONLY is the directory's, not <target>'s.
function(_autotune_check_unshared target input)
  get_target_property(source_dir ${target} SOURCE_DIR)
  get_property(others DIRECTORY "${source_dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(other IN LISTS others)
    get_target_property(autotuned ${other} AUTOTUNE_ENABLED)
    if(autotuned)
      continue()
    endif()
    get_target_property(other_sources ${other} SOURCES)
    foreach(entry IN LISTS other_sources)
      get_filename_component(entry "${entry}" ABSOLUTE BASE_DIR "${source_dir}")
      if(entry STREQUAL input)
        message(FATAL_ERROR "autotune_enable(${target}): ${input} is also a "
          "source of ${other}, which is not autotuned; the rewrite compiles a "
          "copy in its place, so ${other} would lose it: autotune ${other} "
          "too, or give the two targets a library of their own")
      endif()
    endforeach()
  endforeach()
endfunction()

function(autotune_enable target)
  cmake_parse_arguments(PARSE_ARGV 1 AT "REWRITE" "ROOT" "CUDA_ARCH")
  if(AT_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "autotune_enable(${target}): unexpected arguments "
      "'${AT_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "autotune_enable(${target}): no such target")
  endif()
  get_target_property(autotuned ${target} AUTOTUNE_ENABLED)
  if(autotuned)
    message(FATAL_ERROR "autotune_enable(${target}): called twice")
  endif()
  set_property(TARGET ${target} PROPERTY AUTOTUNE_ENABLED ON)
  if(NOT AT_CUDA_ARCH)
    set(AT_CUDA_ARCH ${AUTOTUNE_CUDA_ARCH})
  endif()
  # A deferred call reads variables when it runs: the arguments go in as
  # bracket arguments, evaluated now.
  set(arguments "[==[${target}]==]")
  if(AT_REWRITE)
    string(APPEND arguments " REWRITE")
  endif()
  if(NOT AT_ROOT)
    set(AT_ROOT "${CMAKE_SOURCE_DIR}")
  endif()
  get_filename_component(AT_ROOT "${AT_ROOT}" ABSOLUTE)
  string(APPEND arguments " ROOT [==[${AT_ROOT}]==] CUDA_ARCH")
  foreach(arch IN LISTS AT_CUDA_ARCH)
    string(APPEND arguments " [==[${arch}]==]")
  endforeach()
  cmake_language(EVAL CODE
    "cmake_language(DEFER CALL _autotune_enable_now ${arguments})")
endfunction()

# autotune_enable()'s work, at the end of the caller's directory.
function(_autotune_enable_now target)
  cmake_parse_arguments(PARSE_ARGV 1 AT "REWRITE" "ROOT" "CUDA_ARCH")
  if(NOT AUTOTUNE_POINTS MATCHES "^(all|default)$")
    message(FATAL_ERROR "autotune_enable(${target}): AUTOTUNE_POINTS is "
      "'${AUTOTUNE_POINTS}'; expected 'all' or 'default'")
  endif()

  _autotune_first_target(plugin Autotune::plugin autotune_plugin)
  _autotune_first_target(rewrite_tool Autotune::rewrite autotune-rewrite)
  _autotune_first_target(runtime Autotune::runtime autotune_runtime)
  _autotune_first_target(cuda_runtime Autotune::cuda autotune_cuda)
  if(NOT runtime)
    message(FATAL_ERROR "autotune_enable(${target}): no autotune runtime; "
      "call find_package(Autotune) first")
  endif()

  _autotune_is_clang19(cxx_is_clang19
    "${CMAKE_CXX_COMPILER_ID}" "${CMAKE_CXX_COMPILER_VERSION}")
  _autotune_is_clang19(cuda_is_clang19
    "${CMAKE_CUDA_COMPILER_ID}" "${CMAKE_CUDA_COMPILER_VERSION}")
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)

  get_target_property(source_dir ${target} SOURCE_DIR)
  get_target_property(sources ${target} SOURCES)
  set(has_cuda OFF)
  set(plugin_languages)
  set(to_rewrite)
  foreach(source IN LISTS sources)
    if(source MATCHES "\\$<")
      continue() # generated lists ($<TARGET_OBJECTS:...>): nothing to read
    endif()
    get_source_file_property(header_only "${source}" TARGET_DIRECTORY ${target}
      HEADER_FILE_ONLY)
    if(header_only)
      continue() # not compiled
    endif()
    get_source_file_property(language "${source}" TARGET_DIRECTORY ${target} LANGUAGE)
    if(source MATCHES "\\.cu$" OR language STREQUAL "CUDA")
      set(kind CUDA)
      set(has_cuda ON)
    elseif(source MATCHES "\\.(cpp|cc|cxx|c\\+\\+|C)$" OR language STREQUAL "CXX")
      set(kind CXX)
    else()
      continue()
    endif()

    # Who compiles it: clang 19 (the plugin), or another compiler (rewrite).
    if(kind STREQUAL "CUDA" AND "CUDA" IN_LIST languages AND
       NOT language STREQUAL "CXX")
      set(compiler CUDA)
      set(with_plugin ${cuda_is_clang19})
    elseif(kind STREQUAL "CUDA")
      if(NOT cxx_is_clang19)
        message(FATAL_ERROR "autotune_enable(${target}): ${source} is CUDA, "
          "but nothing compiles it: enable CMake's CUDA language (nvcc) or "
          "use clang 19 as the C++ compiler")
      endif()
      set(compiler CXX_AS_CUDA)
      set(with_plugin ON)
    else()
      set(compiler CXX)
      set(with_plugin ${cxx_is_clang19})
    endif()
    if(AT_REWRITE)
      set(with_plugin OFF)
    endif()

    if(compiler STREQUAL "CXX_AS_CUDA")
      # clang compiles it as CUDA: it needs the CUDA mode options even when
      # it is rewritten (REWRITE), so it counts as a CUDA source for clang.
      _autotune_clang_cuda_options(options "${AT_CUDA_ARCH}")
      set_property(SOURCE "${source}" TARGET_DIRECTORY ${target}
        PROPERTY LANGUAGE CXX)
      set_property(SOURCE "${source}" TARGET_DIRECTORY ${target} APPEND
        PROPERTY COMPILE_OPTIONS ${options})
    endif()

    if(with_plugin)
      if(compiler STREQUAL "CUDA")
        list(APPEND plugin_languages CUDA)
      else()
        list(APPEND plugin_languages CXX)
      endif()
      continue()
    endif()
    if(compiler STREQUAL "CUDA")
      list(APPEND to_rewrite "CUDA|${source}")
    else()
      list(APPEND to_rewrite "CXX|${source}")
    endif()
  endforeach()

  # The plugin, for each language clang 19 compiles.
  list(REMOVE_DUPLICATES plugin_languages)
  if(plugin_languages)
    if(NOT plugin)
      message(FATAL_ERROR "autotune_enable(${target}): the autotune plugin "
        "is missing (autotune was built without AUTOTUNE_BUILD_PLUGIN)")
    endif()
    string(REPLACE ";" "," language_list "${plugin_languages}")
    target_compile_options(${target} PRIVATE
      "$<$<COMPILE_LANGUAGE:${language_list}>:-fplugin=$<TARGET_FILE:${plugin}>>")
    if(AUTOTUNE_POINTS STREQUAL "default")
      target_compile_options(${target} PRIVATE
        "$<$<COMPILE_LANGUAGE:${language_list}>:-fplugin-arg-autotune-points=default>")
    endif()
    # The compiles run through autotune-leave-out, which leaves out the
    # points that cannot compile (docs/cuda.md, "Points that cannot compile").
    _autotune_script_dir(scripts ${rewrite_tool})
    foreach(language IN LISTS plugin_languages)
      _autotune_launch(${target} ${language} "${scripts}/autotune-leave-out" --)
    endforeach()
    get_target_property(imported ${plugin} IMPORTED)
    if(imported)
      # An installed plugin that changes recompiles the sources (OBJECT_DEPENDS
      # takes no generator expression, hence the path).
      get_target_property(plugin_file ${plugin} LOCATION)
      foreach(source IN LISTS sources)
        if(NOT source MATCHES "\\$<")
          set_property(SOURCE "${source}" TARGET_DIRECTORY ${target} APPEND
            PROPERTY OBJECT_DEPENDS "${plugin_file}")
        endif()
      endforeach()
    else()
      add_dependencies(${target} ${plugin})
    endif()
  endif()

  # The rewrite, for the rest.
  if(to_rewrite)
    if(NOT rewrite_tool)
      message(FATAL_ERROR "autotune_enable(${target}): autotune-rewrite is "
        "missing (autotune was built without AUTOTUNE_BUILD_PLUGIN)")
    endif()
    get_target_property(target_source_dir ${target} SOURCE_DIR)
    if(NOT target_source_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
      message(FATAL_ERROR "autotune_enable(${target}): call it in the "
        "directory that creates the target (${target_source_dir})")
    endif()
    foreach(language IN ITEMS CUDA CXX)
      set(inputs)
      foreach(item IN LISTS to_rewrite)
        if(item MATCHES "^${language}\\|(.*)$")
          get_filename_component(input "${CMAKE_MATCH_1}" ABSOLUTE BASE_DIR "${source_dir}")
          _autotune_check_unshared(${target} "${input}")
          list(APPEND inputs "${input}")
        endif()
      endforeach()
      if(inputs)
        _autotune_rewrite_language(${target} ${language} ${rewrite_tool}
          "${AT_ROOT}" ${inputs})
      endif()
    endforeach()
  endif()

  # The generated code needs C++17.
  target_compile_features(${target} PRIVATE cxx_std_17)
  if(has_cuda AND "CUDA" IN_LIST languages)
    target_compile_features(${target} PRIVATE cuda_std_17)
  endif()

  if(has_cuda)
    if(NOT cuda_runtime)
      message(FATAL_ERROR "autotune_enable(${target}): it has CUDA sources, "
        "but autotune was built without its CUDA backend (Autotune::cuda)")
    endif()
    target_link_libraries(${target} PRIVATE ${cuda_runtime} ${runtime})
  else()
    target_link_libraries(${target} PRIVATE ${runtime})
  endif()
endfunction()
