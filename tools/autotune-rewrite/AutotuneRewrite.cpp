//===- AutotuneRewrite.cpp - Rewrite '#pragma autotune' sites for nvcc ----===//
//
// The command line: options, inputs and outputs. Each input's compile command
// (CompileCommands.h) runs the rewrite (RewriteAction.h).
//
//   autotune-rewrite saxpy.cu -o saxpy.at.cu -- -I include
//   autotune-rewrite -p build/ --out-dir gen/ a.cu b.cu
//
//===----------------------------------------------------------------------===//

#include "RewriteAction.h"
#include "ToolCommandLine.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace clang;
namespace cl = llvm::cl;

static cl::OptionCategory Category("autotune-rewrite options");
static cl::opt<std::string>
    OutputFile("o", cl::desc("Write the rewritten file here (one input only)"),
               cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    OutputDir("out-dir",
              cl::desc("Write each rewritten input into this directory, "
                       "under its own file name"),
              cl::value_desc("dir"), cl::cat(Category));
static autotune::ToolCommandLine CommandLine(Category, "autotune-rewrite");

static bool sameFile(StringRef A, StringRef B) {
  bool Result = false;
  return !llvm::sys::fs::equivalent(A, B, Result) && Result;
}

/// A path as the user meant it: relative to the directory the tool runs in,
/// not to the compile command's.
static std::string fromWorkingDirectory(StringRef Path) {
  if (Path == "-")
    return Path.str();
  SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  return std::string(Absolute);
}

/// Rewrites File into Out with its compile command; false on failure, with
/// the reason printed.
static bool rewrite(StringRef File, StringRef Out) {
  std::optional<autotune::PreprocessCommand> Command =
      CommandLine.command(File);
  if (!Command)
    return false;
  std::vector<std::string> CodeOptions = std::move(Command->CodeOptions);
  return autotune::runCommand(std::move(*Command),
                              std::make_unique<autotune::RewriteAction>(
                                  Out.str(), std::move(CodeOptions)),
                              "autotune-rewrite");
}

int main(int Argc, const char **Argv) {
  if (!CommandLine.parse(
          Argc, Argv,
          "Rewrites the '#pragma autotune' sites of each input for compilers "
          "without the plugin (nvcc). Compile flags come from a compilation "
          "database (-p, nvcc's commands included) or follow '--'.\n"))
    return 2;
  const std::vector<std::string> &Files = CommandLine.files();
  if (!OutputFile.empty() && !OutputDir.empty()) {
    llvm::errs() << "autotune-rewrite: use either -o or --out-dir, not both\n";
    return 2;
  }
  if (!OutputFile.empty() && Files.size() != 1) {
    llvm::errs() << "autotune-rewrite: -o takes one input; use --out-dir for "
                 << Files.size() << " inputs\n";
    return 2;
  }
  if (OutputFile.empty() && OutputDir.empty() && Files.size() != 1) {
    llvm::errs() << "autotune-rewrite: several inputs need --out-dir\n";
    return 2;
  }
  if (!OutputDir.empty()) {
    if (std::error_code EC = llvm::sys::fs::create_directories(OutputDir)) {
      llvm::errs() << "autotune-rewrite: cannot create '" << OutputDir
                   << "': " << EC.message() << "\n";
      return 2;
    }
    llvm::StringSet<> Names;
    for (const std::string &File : Files)
      if (!Names.insert(llvm::sys::path::filename(File)).second) {
        llvm::errs() << "autotune-rewrite: two inputs are named '"
                     << llvm::sys::path::filename(File)
                     << "'; --out-dir would write both to one file\n";
        return 2;
      }
  }

  int Status = 0;
  for (const std::string &File : Files) {
    std::string Out = "-";
    if (!OutputFile.empty())
      Out = fromWorkingDirectory(OutputFile);
    else if (!OutputDir.empty()) {
      SmallString<256> Path(fromWorkingDirectory(OutputDir));
      llvm::sys::path::append(Path, llvm::sys::path::filename(File));
      Out = std::string(Path);
    }
    if (Out != "-" && sameFile(File, Out)) {
      llvm::errs() << "autotune-rewrite: refusing to overwrite the input '"
                   << File << "'\n";
      Status = 1;
      continue;
    }
    if (!rewrite(File, Out))
      Status = 1;
  }
  return Status;
}
