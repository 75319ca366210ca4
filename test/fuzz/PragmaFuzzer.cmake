# The plugin's fuzzer (libFuzzer + AddressSanitizer): '#pragma autotune'
# lines and statements compiled in process with the plugin linked in. The
# plugin's sources are built again by clang++-19 with coverage; the clang
# libraries are the installed ones. Run by ctest for
# AUTOTUNE_PRAGMA_FUZZ_SECONDS from the seeds in pragma-corpus/. NDEBUG as
# in the plugin: the statement reader peeks with Preprocessor::LookAhead
# inside a pragma handler, which clang's assertions forbid (a no-op check in
# the release clang-19 that loads the plugin).
set(AUTOTUNE_PRAGMA_FUZZ_SECONDS 60 CACHE STRING
    "how long ctest's fuzz.Pragma runs the plugin's fuzzer")
find_program(AUTOTUNE_FUZZ_CLANGXX_PATH NAMES ${AUTOTUNE_FUZZ_CLANGXX})
if(NOT TARGET autotune_plugin OR NOT AUTOTUNE_FUZZ_CLANGXX_PATH)
  add_test(NAME fuzz.Pragma
    COMMAND sh -c "echo 'skipped: no plugin or no ${AUTOTUNE_FUZZ_CLANGXX}'; exit 77")
  set_tests_properties(fuzz.Pragma PROPERTIES SKIP_RETURN_CODE 77)
  return()
endif()
set(plugin_src ${PROJECT_SOURCE_DIR}/plugin)
# The plugin's own source list, so that the fuzzer links what the plugin does.
get_target_property(plugin_core_sources autotune_plugin_core SOURCES)
set(pragma_fuzz_sources
  ${CMAKE_CURRENT_SOURCE_DIR}/PragmaFuzzer.cpp
  ${plugin_src}/AutotunePlugin.cpp)
foreach(source IN LISTS plugin_core_sources)
  list(APPEND pragma_fuzz_sources ${plugin_src}/${source})
endforeach()
separate_arguments(llvm_definitions UNIX_COMMAND "${LLVM_DEFINITIONS}")
set(llvm_includes)
foreach(dir IN LISTS LLVM_INCLUDE_DIRS CLANG_INCLUDE_DIRS)
  list(APPEND llvm_includes -isystem ${dir})
endforeach()
set(pragma_fuzz_objects)
foreach(source IN LISTS pragma_fuzz_sources)
  get_filename_component(name ${source} NAME_WE)
  set(object ${CMAKE_CURRENT_BINARY_DIR}/pragma-fuzzer/${name}.o)
  add_custom_command(OUTPUT ${object}
    COMMAND ${AUTOTUNE_FUZZ_CLANGXX_PATH} -std=c++17 -fno-rtti
            -fsanitize=fuzzer-no-link,address -fno-omit-frame-pointer -g -O1
            -DNDEBUG
            ${llvm_definitions} -I${plugin_src} ${llvm_includes}
            -MD -MF ${object}.d -c ${source} -o ${object}
    DEPENDS ${source}
    DEPFILE ${object}.d
    COMMENT "Building ${name}.cpp for the pragma fuzzer"
    VERBATIM)
  list(APPEND pragma_fuzz_objects ${object})
endforeach()
set(pragma_fuzzer ${CMAKE_CURRENT_BINARY_DIR}/PragmaFuzzer)
add_custom_command(OUTPUT ${pragma_fuzzer}
  COMMAND ${AUTOTUNE_FUZZ_CLANGXX_PATH} -fsanitize=fuzzer,address
          ${pragma_fuzz_objects} $<TARGET_FILE:clang-cpp> $<TARGET_FILE:LLVM>
          -Wl,-rpath,$<TARGET_FILE_DIR:clang-cpp> -o ${pragma_fuzzer}
  DEPENDS ${pragma_fuzz_objects}
  COMMENT "Linking the pragma fuzzer"
  VERBATIM)
add_custom_target(autotune_pragma_fuzzer ALL DEPENDS ${pragma_fuzzer})

# run-pragma-fuzzer.py runs it in libFuzzer's fork mode and fails on the
# plugin's crashes only: an input that crashes clang++-19 without the plugin is
# clang's (reported, not failed). Its classifier is tested on a known clang
# crash in clang-crashes/. docs/pragma.md says how to fuzz for longer.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(pragma_driver ${CMAKE_CURRENT_SOURCE_DIR}/run-pragma-fuzzer.py)
add_test(NAME fuzz.Pragma
  COMMAND ${Python3_EXECUTABLE} ${pragma_driver} --fuzzer ${pragma_fuzzer}
          --clang ${AUTOTUNE_FUZZ_CLANGXX_PATH}
          --seconds ${AUTOTUNE_PRAGMA_FUZZ_SECONDS}
          --dict ${CMAKE_CURRENT_SOURCE_DIR}/pragma.dict
          --seeds ${CMAKE_CURRENT_SOURCE_DIR}/pragma-corpus
          --work ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(fuzz.Pragma PROPERTIES TIMEOUT 600 LABELS fuzz)
add_test(NAME fuzz.PragmaTellsClangCrashesApart
  COMMAND ${Python3_EXECUTABLE} ${pragma_driver} --fuzzer ${pragma_fuzzer}
          --clang ${AUTOTUNE_FUZZ_CLANGXX_PATH}
          --work ${CMAKE_CURRENT_BINARY_DIR}/classifier
          --classify ${CMAKE_CURRENT_SOURCE_DIR}/clang-crashes/loop-hint-then-pack.txt)
set_tests_properties(fuzz.PragmaTellsClangCrashesApart PROPERTIES
  LABELS fuzz
  PASS_REGULAR_EXPRESSION "clang's own crash \\(also without the plugin\\)")
