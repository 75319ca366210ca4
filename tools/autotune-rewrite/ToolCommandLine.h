//===- ToolCommandLine.h - The command line autotune's clang tools share --===//
//
// autotune-rewrite and autotune-annotate read their command line alike, in
// clang-tidy's convention: the inputs, their compile flags from a
// compilation database ('-p') or after '--' (nvcc's included), '--version'
// naming the tool and the Clang it parses with, '--cuda-gpu-arch' and
// '--cuda-path' for CUDA inputs. Each input's compile command is then
// looked up, its notes said on stderr under the tool's name.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_TOOLS_TOOLCOMMANDLINE_H
#define AUTOTUNE_TOOLS_TOOLCOMMANDLINE_H

#include "CompileCommands.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>
#include <vector>

namespace autotune {

class ToolCommandLine {
public:
  /// Adds the CUDA options to Category, the tool's own, beside its other
  /// options. Tool ('autotune-rewrite') starts the tool's messages.
  ToolCommandLine(llvm::cl::OptionCategory &Category, const char *Tool);

  /// Parses the command line; false on a usage error, said on stderr.
  bool parse(int Argc, const char **Argv, const char *Overview);

  const std::vector<std::string> &files() const {
    return Parser->getSourcePathList();
  }

  /// Where clang finds CUDA (parse first).
  const CudaSetup &cuda() const { return Cuda; }

  /// The command that preprocesses File; none when it has none, said on
  /// stderr (parse first).
  std::optional<PreprocessCommand> command(llvm::StringRef File);

private:
  llvm::cl::OptionCategory &Category;
  const char *Tool;
  llvm::cl::opt<std::string> CudaArch, CudaPath;
  std::optional<clang::tooling::CommonOptionsParser> Parser;
  CudaSetup Cuda;
};

} // namespace autotune

#endif // AUTOTUNE_TOOLS_TOOLCOMMANDLINE_H
