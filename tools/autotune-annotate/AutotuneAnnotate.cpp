//===- AutotuneAnnotate.cpp - Find hand-picked launch parameters ----------===//
//
// The command line, in clang-tidy's convention: each input's launches are
// reported with their fix-its; --fix applies them, --export-fixes writes
// them as YAML for clang-apply-replacements.
//
//   autotune-annotate scale.cu -- -I include
//   autotune-annotate --fix -p build/ a.cu b.cu
//
//===----------------------------------------------------------------------===//

#include "AnnotateAction.h"
#include "ToolCommandLine.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace clang;
namespace cl = llvm::cl;

static cl::OptionCategory Category("autotune-annotate options");
static cl::opt<bool> Fix("fix", cl::desc("Apply the fix-its to the files"),
                         cl::cat(Category));
static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the findings and their fixes as YAML (clang-tidy's "
             "format, which clang-apply-replacements reads)"),
    cl::value_desc("file"), cl::cat(Category));
static autotune::ToolCommandLine CommandLine(Category, "autotune-annotate");

/// The runtime's headers: an annotated file includes <autotune/autotune.h>.
static std::string findRuntimeInclude(const char *Argv0) {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&findRuntimeInclude));
  SmallString<256> Installed(llvm::sys::path::parent_path(Exe));
  llvm::sys::path::append(Installed, "..", "include");
  llvm::sys::path::remove_dots(Installed, true);
  if (llvm::sys::fs::exists(Installed + "/autotune/autotune.h"))
    return std::string(Installed);
  return AUTOTUNE_BUILD_INCLUDE_DIR;
}

/// Judges File's launches; false when it could not be read.
static bool annotate(StringRef File, StringRef Include,
                     autotune::Findings &Found) {
  std::optional<autotune::PreprocessCommand> Command =
      CommandLine.command(File);
  if (!Command)
    return false;
  Command->Args.push_back("-isystem");
  Command->Args.push_back(Include.str());
  // Host code type-checks with the math nvcc's headers give it.
  if (llvm::is_contained(Command->Args, "--cuda-host-only") &&
      !CommandLine.cuda().ShimDir.empty()) {
    Command->Args.push_back("-include");
    Command->Args.push_back("autotune_cuda_intrinsics.h");
  }
  return autotune::runCommand(std::move(*Command),
                              std::make_unique<autotune::AnnotateAction>(Found),
                              "autotune-annotate");
}

int main(int Argc, const char **Argv) {
  if (!CommandLine.parse(
          Argc, Argv,
          "Finds kernel launches whose block size, grid or template arguments "
          "are hand-picked constants, and proposes '#pragma autotune' for each "
          "(docs/user-guide.md, \"Annotating an existing code base\"). Compile "
          "flags come from a compilation database (-p) or follow '--'.\n"))
    return 2;
  std::string Include = findRuntimeInclude(Argv[0]);
  autotune::Findings Found;
  int Status = 0;
  for (const std::string &File : CommandLine.files())
    if (!annotate(File, Include, Found))
      Status = 1;
  llvm::errs() << "autotune-annotate: "
               << Found.Annotated + Found.LeftAlone + Found.NothingHandPicked +
                      Found.AlreadyAnnotated
               << " launches: " << Found.Annotated << " to annotate, "
               << Found.LeftAlone << " left alone, " << Found.NothingHandPicked
               << " with nothing hand-picked, " << Found.AlreadyAnnotated
               << " annotated already\n";
  if (!ExportFixes.empty() && !Found.exportFixes(ExportFixes))
    Status = 1;
  if (Fix && !Found.apply())
    Status = 1;
  return Status;
}
