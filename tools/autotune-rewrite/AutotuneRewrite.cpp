//===- AutotuneRewrite.cpp - Rewrite '#pragma autotune' sites for nvcc ----===//
//
// The command line: options, inputs and outputs. Each input's compile command
// (CompileCommands.h) runs the rewrite (RewriteAction.h).
//
//   autotune-rewrite saxpy.cu -o saxpy.at.cu -- -I include
//   autotune-rewrite -p build/ --out-dir gen/ a.cu b.cu
//
//===----------------------------------------------------------------------===//

#include "CompileCommands.h"
#include "NvccArguments.h"
#include "RewriteAction.h"
#include "ToolFiles.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace clang;
using namespace clang::tooling;
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
static cl::opt<std::string>
    CudaArch("cuda-gpu-arch",
             cl::desc("GPU architecture assumed for CUDA inputs (sm_90)"),
             cl::init("sm_90"), cl::cat(Category));
static cl::opt<std::string> CudaPath("cuda-path", cl::desc("The CUDA toolkit"),
                                     cl::init("/usr/local/cuda"),
                                     cl::cat(Category));

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
static bool rewrite(const CompilationDatabase &Database, StringRef File,
                    StringRef Out, const autotune::CudaSetup &Cuda) {
  llvm::Expected<autotune::PreprocessCommand> Command =
      autotune::preprocessCommand(Database, File, Cuda);
  if (!Command) {
    llvm::errs() << "autotune-rewrite: error: "
                 << llvm::toString(Command.takeError()) << "\n";
    return false;
  }
  for (const std::string &Note : Command->Notes)
    llvm::errs() << "autotune-rewrite: note: " << File << ": " << Note << "\n";
  std::vector<std::string> CodeOptions = std::move(Command->CodeOptions);
  return autotune::runCommand(std::move(*Command),
                              std::make_unique<autotune::RewriteAction>(
                                  Out.str(), std::move(CodeOptions)),
                              "autotune-rewrite");
}

int main(int Argc, const char **Argv) {
  std::vector<std::string> Arguments = autotune::toolArguments(Argc, Argv);
  std::vector<const char *> ArgumentPointers;
  for (const std::string &A : Arguments)
    ArgumentPointers.push_back(A.c_str());
  Argc = static_cast<int>(ArgumentPointers.size());
  // --version says which autotune this is, and the Clang it parses with.
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "autotune-rewrite (autotune " AUTOTUNE_VERSION ")\n"
       << "  with Clang " LLVM_VERSION_STRING "\n";
  });
  auto Parser = CommonOptionsParser::create(
      Argc, ArgumentPointers.data(), Category, cl::OneOrMore,
      "Rewrites the '#pragma autotune' sites of each input for compilers "
      "without the plugin (nvcc). Compile flags come from a compilation "
      "database (-p, nvcc's commands included) or follow '--'.\n");
  if (!Parser) {
    llvm::errs() << Parser.takeError();
    return 2;
  }
  const std::vector<std::string> &Files = Parser->getSourcePathList();
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

  autotune::CudaSetup Cuda{
      CudaArch, CudaPath,
      autotune::findShimDir(Argv[0], AUTOTUNE_BUILD_SHIM_DIR),
      AUTOTUNE_CLANG_RESOURCE_DIR};
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
    if (!rewrite(Parser->getCompilations(), File, Out, Cuda))
      Status = 1;
  }
  return Status;
}
