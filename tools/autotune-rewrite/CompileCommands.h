//===- CompileCommands.h - The command that preprocesses one input --------===//
//
// Finds an input's compile command (in the compilation database, or the flags
// after '--') and makes it the command of clang's preprocessor in CUDA host
// mode: nvcc command lines are translated (NvccArguments.h), outputs and
// dependency files dropped, and the CUDA toolkit, its CCCL headers and the
// autotune shims added.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_TOOLS_COMPILECOMMANDS_H
#define AUTOTUNE_TOOLS_COMPILECOMMANDS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

#include <memory>

namespace clang {
class FrontendAction;
namespace tooling {
class CompilationDatabase;
} // namespace tooling
} // namespace clang

namespace autotune {

/// Where clang finds CUDA for the preprocessor.
struct CudaSetup {
  std::string GpuArch;     // assumed when the command names none
  std::string CudaPath;    // assumed when the command names none
  std::string ShimDir;     // autotune's CUDA 13 shims ("" for none)
  std::string ResourceDir; // clang's own headers
};

struct PreprocessCommand {
  std::vector<std::string> Args;  // argv[0] first, the input included
  std::string Directory;          // where relative paths in Args start
  std::vector<std::string> Notes; // options dropped that matter, for the user
  std::vector<std::string> CodeOptions; // ClangArguments::CodeOptions
};

/// The command that preprocesses File as its compile command compiles it.
/// Fails when the database has no command for File (a command that the
/// database only infers from a neighbour does not count) or cannot be read.
llvm::Expected<PreprocessCommand>
preprocessCommand(const clang::tooling::CompilationDatabase &Database,
                  llvm::StringRef File, const CudaSetup &Cuda);

/// Runs Action on Command's input, in Command's directory (relative paths in
/// it start there; the process stays where it is). False on failure, said
/// on stderr by Tool.
bool runCommand(PreprocessCommand Command,
                std::unique_ptr<clang::FrontendAction> Action,
                llvm::StringRef Tool);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_COMPILECOMMANDS_H
