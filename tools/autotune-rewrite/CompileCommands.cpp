//===- CompileCommands.cpp - The command that preprocesses one input ------===//

#include "CompileCommands.h"
#include "NvccArguments.h"

#include "clang/Basic/FileManager.h"
#include "clang/Driver/Options.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>

using namespace clang::tooling;
using namespace llvm;

namespace autotune {

static bool hasLanguage(const CommandLineArguments &Args) {
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == "-x")
      return true;
  return false;
}

/// True for a header that is CUDA: '.cuh' and '.cu.h' always, which clang's
/// driver knows not (it would take them for linker inputs and run no compile
/// job), and a header named like C++'s ('.h', '.hpp', '.hh', '.hxx') that
/// holds a kernel, device code or a launch.
static bool isCudaHeader(StringRef File) {
  if (File.ends_with(".cuh") || File.ends_with(".cu.h"))
    return true;
  StringRef Ext = sys::path::extension(File);
  if (Ext != ".h" && Ext != ".hpp" && Ext != ".hh" && Ext != ".hxx")
    return false;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(File);
  if (!Text)
    return false; // the preprocessor says why it cannot read it
  StringRef Body = (*Text)->getBuffer();
  return Body.contains("__global__") || Body.contains("__device__") ||
         Body.contains("<<<");
}

static bool isCudaInput(StringRef File, const CommandLineArguments &Args) {
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == "-x" && Args[I + 1] == "cuda")
      return true;
  return sys::path::extension(File) == ".cu";
}

/// clang's CUDA host mode, with what nvcc finds by itself.
static void addCudaOptions(CommandLineArguments &Args, const CudaSetup &Cuda) {
  bool HasArch = false, HasCudaPath = false;
  for (StringRef A : Args) {
    HasArch |=
        A.starts_with("--cuda-gpu-arch") || A.starts_with("--offload-arch");
    HasCudaPath |= A.starts_with("--cuda-path");
  }
  Args.push_back("--cuda-host-only");
  Args.push_back("-Wno-unknown-cuda-version");
  if (!HasArch)
    Args.push_back("--cuda-gpu-arch=" + Cuda.GpuArch);
  if (!HasCudaPath)
    Args.push_back("--cuda-path=" + Cuda.CudaPath);
  // nvcc adds CUDA 13's CCCL headers (cuda/std, cub, thrust) by itself.
  std::string Cccl = Cuda.CudaPath + "/include/cccl";
  if (sys::fs::is_directory(Cccl)) {
    Args.push_back("-isystem");
    Args.push_back(Cccl);
  }
  if (!Cuda.ShimDir.empty()) {
    Args.push_back("-isystem");
    Args.push_back(Cuda.ShimDir);
  }
}

/// Drops the options clang does not know (nvcc options that the translation
/// does not list, host options of another compiler), each with a note: clang
/// would stop at them.
static void dropUnknownOptions(CommandLineArguments &Args,
                               std::vector<std::string> &Notes) {
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Args.size(); ++I)
    Argv.push_back(Args[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList Parsed = clang::driver::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount,
      opt::Visibility(clang::driver::options::ClangOption));
  std::vector<bool> Unknown(Args.size(), false);
  for (const opt::Arg *A : Parsed.filtered(clang::driver::options::OPT_UNKNOWN))
    Unknown[A->getIndex() + 1] = true;
  CommandLineArguments Known;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (!Unknown[I]) {
      Known.push_back(std::move(Args[I]));
      continue;
    }
    Notes.push_back("'" + Args[I] +
                    "' is dropped: clang's preprocessor does not know it; if "
                    "it changes which code is compiled, pass its effect after "
                    "'--'");
  }
  Args = std::move(Known);
}

Expected<PreprocessCommand>
preprocessCommand(const CompilationDatabase &Database, StringRef File,
                  const CudaSetup &Cuda) {
  // Made absolute without normalising: a backslash is part of a POSIX name.
  SmallString<256> Path(File);
  sys::fs::make_absolute(Path);
  std::vector<CompileCommand> Commands = Database.getCompileCommands(Path);
  if (Commands.empty())
    return createStringError(inconvertibleErrorCode(),
                             "'" + File +
                                 "' is not in the compilation database");
  CompileCommand &Command = Commands.front();
  // A JSON database answers for any file with the command of a neighbour
  // ("inferred from ..."), whose flags may be wrong for this one.
  if (!Command.Heuristic.empty()) {
    StringRef Neighbour = Command.Heuristic;
    Neighbour.consume_front("inferred from ");
    return createStringError(
        inconvertibleErrorCode(),
        "'" + File +
            "' is not in the compilation database (its nearest entry is for '" +
            Neighbour +
            "'); rewrite it with its own flags after '--', or build it once "
            "so that the database lists it");
  }

  PreprocessCommand Result;
  Result.Directory = Command.Directory;
  CommandLineArguments Args = Command.CommandLine;
  // Every command goes through the nvcc translation: clang's and GCC's
  // options that nvcc also knows mean the same to both.
  ClangArguments Clang = nvccToClang(Args, Command.Directory);
  if (!Clang.Error.empty())
    return createStringError(inconvertibleErrorCode(),
                             "the compile command of '" + File +
                                 "': " + Clang.Error);
  Args = std::move(Clang.Args);
  Result.Notes = std::move(Clang.Notes);
  Result.CodeOptions = std::move(Clang.CodeOptions);
  dropUnknownOptions(Args, Result.Notes);
  ArgumentsAdjuster Adjust =
      combineAdjusters(getClangSyntaxOnlyAdjuster(),
                       combineAdjusters(getClangStripOutputAdjuster(),
                                        getClangStripDependencyFileAdjuster()));
  Args = Adjust(Args, Command.Filename);
  Args.push_back("-resource-dir=" + Cuda.ResourceDir);
  // A CUDA header given as an input is read as CUDA, as nvcc reads it.
  if (!hasLanguage(Args) && isCudaHeader(Path)) {
    // Before the input: -x names the language of the inputs after it.
    auto Input = std::find(Args.begin(), Args.end(), Command.Filename);
    Args.insert(Input, {"-x", "cuda"});
  }
  if (isCudaInput(Command.Filename, Args))
    addCudaOptions(Args, Cuda);
  Result.Args = std::move(Args);
  return Result;
}

bool runCommand(PreprocessCommand Command,
                std::unique_ptr<clang::FrontendAction> Action, StringRef Tool) {
  IntrusiveRefCntPtr<vfs::FileSystem> FS(
      vfs::createPhysicalFileSystem().release());
  if (std::error_code EC = FS->setCurrentWorkingDirectory(Command.Directory)) {
    errs() << Tool << ": error: cannot enter '" << Command.Directory
           << "', the directory of the compile command: " << EC.message()
           << "\n";
    return false;
  }
  // Reference-counted: the compiler instance holds on to it.
  IntrusiveRefCntPtr<clang::FileManager> Files(
      new clang::FileManager(clang::FileSystemOptions(), FS));
  ToolInvocation Invocation(std::move(Command.Args), std::move(Action),
                            Files.get());
  return Invocation.run();
}

} // namespace autotune
