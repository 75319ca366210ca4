//===- AutotuneRewrite.cpp - Rewrite '#pragma autotune' sites for nvcc ----===//
//
// The command line: options, inputs and outputs. Each input's compile command
// (CompileCommands.h) runs the rewrite (RewriteAction.h).
//
//   autotune-rewrite saxpy.cu -o saxpy.at.cu -- -I include
//   autotune-rewrite -p build/ --out-dir gen/ a.cu b.cu
//
// With --out-dir, the inputs are a project: every user file they read under
// the root is written to the mirror tree (ProjectOutput.h).
//
//===----------------------------------------------------------------------===//

#include "CompileCommands.h"
#include "NvccArguments.h"
#include "ProjectOutput.h"
#include "RewriteAction.h"

#include "clang/Basic/FileManager.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <set>
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
              cl::desc("Write the project into this directory: every user "
                       "file the inputs read under the root, at its path "
                       "relative to the root"),
              cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string>
    RootDir("root",
            cl::desc("The project's top directory, for --out-dir (default: "
                     "the deepest directory holding every input)"),
            cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string>
    DepFile("depfile",
            cl::desc("With --out-dir: write a make rule to this file, the "
                     "first input's mirror depending on every file read"),
            cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    CudaArch("cuda-gpu-arch",
             cl::desc("GPU architecture assumed for CUDA inputs (sm_90)"),
             cl::init("sm_90"), cl::cat(Category));
static cl::opt<std::string> CudaPath("cuda-path", cl::desc("The CUDA toolkit"),
                                     cl::init("/usr/local/cuda"),
                                     cl::cat(Category));

/// The CUDA shims beside the tool: installed, or in the build tree.
static std::string findShimDir(const char *Argv0) {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&findShimDir));
  SmallString<256> Dir(llvm::sys::path::parent_path(Exe));
  for (const char *Rel :
       {"../share/autotune/cuda-shims", "../../cuda-shims", "../cuda-shims"}) {
    SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, Rel);
    llvm::sys::path::remove_dots(Candidate, true);
    if (llvm::sys::fs::exists(Candidate + "/texture_fetch_functions.h"))
      return std::string(Candidate);
  }
  return AUTOTUNE_BUILD_SHIM_DIR;
}

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
                    StringRef Out, const autotune::CudaSetup &Cuda,
                    autotune::ProjectOutput *Project = nullptr) {
  llvm::Expected<autotune::PreprocessCommand> Command =
      autotune::preprocessCommand(Database, File, Cuda);
  if (!Command) {
    llvm::errs() << "autotune-rewrite: error: "
                 << llvm::toString(Command.takeError()) << "\n";
    return false;
  }
  for (const std::string &Note : Command->Notes)
    llvm::errs() << "autotune-rewrite: note: " << File << ": " << Note << "\n";
  // The compiler reads relative paths from the command's directory; the
  // process stays where it is, so that outputs are where the user said.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS(
      llvm::vfs::createPhysicalFileSystem().release());
  if (std::error_code EC = FS->setCurrentWorkingDirectory(Command->Directory)) {
    llvm::errs() << "autotune-rewrite: error: cannot enter '"
                 << Command->Directory << "', the directory of the compile "
                 << "command of '" << File << "': " << EC.message() << "\n";
    return false;
  }
  // Reference-counted: the compiler instance holds on to it.
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), FS));
  std::unique_ptr<autotune::RewriteAction> Action =
      Project ? std::make_unique<autotune::RewriteAction>(
                    *Project, File.str(), std::move(Command->CodeOptions))
              : std::make_unique<autotune::RewriteAction>(
                    Out.str(), std::move(Command->CodeOptions));
  ToolInvocation Invocation(std::move(Command->Args), std::move(Action),
                            Files.get());
  return Invocation.run();
}

/// Path from the directory the tool runs in, absolute and without dots.
static std::string normalPath(StringRef Path) {
  SmallString<256> Normal(fromWorkingDirectory(Path));
  llvm::sys::path::remove_dots(Normal, /*remove_dot_dot=*/true);
  return std::string(Normal);
}

/// --out-dir: the inputs as one project, written as a mirror tree only when
/// every input was rewritten and every file agrees. The exit status.
static int rewriteProject(const CompilationDatabase &Database,
                          const std::vector<std::string> &Files,
                          const autotune::CudaSetup &Cuda) {
  std::set<std::string> Inputs;
  for (const std::string &File : Files)
    Inputs.insert(normalPath(File));
  std::string Root =
      RootDir.empty() ? autotune::commonDirectory(Inputs) : normalPath(RootDir);
  std::string OutDir = normalPath(OutputDir);
  autotune::ProjectOutput Project(Root, OutDir);
  if (Project.mirrorOf(Root + "/x").empty()) {
    llvm::errs() << "autotune-rewrite: --out-dir '" << OutputDir
                 << "' holds the root of the project, '" << Root
                 << "': the mirror would overwrite the sources; write it "
                    "elsewhere, or name a smaller root with --root\n";
    return 2;
  }
  for (const std::string &Input : Inputs)
    if (Project.mirrorOf(Input).empty()) {
      llvm::errs() << "autotune-rewrite: the input '" << Input
                   << "' is outside the root of the project, '" << Root
                   << "'; name a directory that holds it with --root\n";
      return 2;
    }
  bool Ok = true;
  // In the order given: the first input to read a header names it in a
  // message about that header.
  std::set<std::string> Done;
  for (const std::string &File : Files)
    if (Done.insert(normalPath(File)).second)
      Ok &= rewrite(Database, File, "", Cuda, &Project);
  if (!Ok || Project.failed()) {
    llvm::errs() << "autotune-rewrite: nothing written to '" << OutputDir
                 << "'\n";
    return 1;
  }
  if (!Project.write())
    return 1;
  if (!DepFile.empty() &&
      !Project.writeDepfile(normalPath(DepFile),
                            Project.mirrorOf(normalPath(Files.front()))))
    return 1;
  return 0;
}

int main(int Argc, const char **Argv) {
  // The compile flags after '--' as clang's driver can read them.
  std::vector<std::string> Arguments(Argv, Argv + Argc);
  auto DashDash = std::find(Arguments.begin(), Arguments.end(), "--");
  if (DashDash != Arguments.end()) {
    std::vector<std::string> Flags = autotune::joinNvccOptionValues(
        std::vector<std::string>(DashDash + 1, Arguments.end()));
    Arguments.erase(DashDash + 1, Arguments.end());
    Arguments.insert(Arguments.end(), Flags.begin(), Flags.end());
  }
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
  if ((!RootDir.empty() || !DepFile.empty()) && OutputDir.empty()) {
    llvm::errs() << "autotune-rewrite: --root and --depfile go with "
                    "--out-dir\n";
    return 2;
  }
  autotune::CudaSetup Cuda{CudaArch, CudaPath, findShimDir(Argv[0]),
                           AUTOTUNE_CLANG_RESOURCE_DIR};
  if (!OutputDir.empty())
    return rewriteProject(Parser->getCompilations(), Files, Cuda);
  int Status = 0;
  for (const std::string &File : Files) {
    std::string Out = "-";
    if (!OutputFile.empty())
      Out = fromWorkingDirectory(OutputFile);
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
