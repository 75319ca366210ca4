//===- NvccArguments.h - An nvcc command line, as clang reads it ----------===//
//
// Compilation databases of nvcc projects hold nvcc command lines. The rewrite
// runs clang's preprocessor on the same file, so each nvcc option becomes what
// it means to the preprocessor: an '--options-file' becomes its contents,
// options that make nvcc define a macro become that definition, '-Xcompiler'
// passes on what the host preprocessor reads, and the rest is dropped. Options
// that clang (or GCC) and nvcc share pass unchanged, so a clang command line
// comes through as it was.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_TOOLS_NVCCARGUMENTS_H
#define AUTOTUNE_TOOLS_NVCCARGUMENTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace autotune {

struct ClangArguments {
  /// The command line for clang: argv[0] is "clang++".
  std::vector<std::string> Args;
  /// One line for each option that was dropped although it can change what
  /// the compiler makes of the file, to be shown to the user.
  std::vector<std::string> Notes;
  /// The nvcc options dropped that change the device code nvcc makes
  /// ('-arch', '-gencode', '--use_fast_math', '-Xptxas', ...) or the host
  /// code ('-Xcompiler' options but warnings and debug information), in
  /// order: a site's fingerprint must tell builds with other ones apart.
  std::vector<std::string> CodeOptions;
  /// Set when the command cannot be read (an unreadable '--options-file').
  std::string Error;
};

/// Translates an nvcc (or clang) command line (argv[0] first) for clang's
/// preprocessor. Relative '--options-file' names are read from Directory, the
/// command's working directory.
ClangArguments nvccToClang(llvm::ArrayRef<std::string> Args,
                           llvm::StringRef Directory);

/// Args as clang's driver can read them: nvcc's options that clang does not
/// know written as one argument each ('-gencode arch=compute_90,code=sm_90'
/// as '-gencode=arch=...'), '-x cu' as '-x cuda', and those nvcc drops
/// ('-E', '-M', '--help', ...) left out. clang's tooling reads the flags after
/// '--' with clang's driver, which takes a lone value for an input file and
/// stops at some of nvcc's options.
std::vector<std::string> joinNvccOptionValues(llvm::ArrayRef<std::string> Args);

/// A tool's command line with the compile flags after '--' as clang's driver
/// can read them (joinNvccOptionValues).
std::vector<std::string> toolArguments(int Argc, const char **Argv);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_NVCCARGUMENTS_H
