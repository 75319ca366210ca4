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

#include "LeftOutPoints.h"
#include "ProjectOutput.h"
#include "RewriteAction.h"
#include "ToolCommandLine.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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
static cl::opt<std::string> ExcludedFile(
    "excluded",
    cl::desc("Leave out the points this file lists (written by the build "
             "loop: autotune-nvcc)"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    Probe("probe",
          cl::desc("For the build loop: rewrite only this site's points "
                   "(KEY), one point (KEY:INDEX) or none"),
          cl::value_desc("what"), cl::cat(Category));
static cl::opt<std::string>
    SitesFile("sites",
              cl::desc("For the build loop: append each site's key and "
                       "points to this file"),
              cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    Points("points",
           cl::desc("'default': each site compiles its default point alone, "
                    "for a build that costs about what the program without "
                    "sites does; 'all' (the default): every point"),
           cl::value_desc("all|default"), cl::init("all"), cl::cat(Category));
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
static bool rewrite(StringRef File, StringRef Out,
                    autotune::ProjectOutput *Project = nullptr) {
  std::optional<autotune::PreprocessCommand> Command =
      CommandLine.command(File);
  if (!Command)
    return false;
  std::vector<std::string> CodeOptions = std::move(Command->CodeOptions);
  std::unique_ptr<autotune::RewriteAction> Action =
      Project
          ? std::make_unique<autotune::RewriteAction>(*Project, File.str(),
                                                      std::move(CodeOptions))
          : std::make_unique<autotune::RewriteAction>(Out.str(),
                                                      std::move(CodeOptions));
  return autotune::runCommand(std::move(*Command), std::move(Action),
                              "autotune-rewrite");
}

/// Path from the directory the tool runs in, absolute and without dots.
static std::string normalPath(StringRef Path) {
  SmallString<256> Normal(fromWorkingDirectory(Path));
  llvm::sys::path::remove_dots(Normal, /*remove_dot_dot=*/true);
  return std::string(Normal);
}

/// --out-dir: the inputs as one project, written as a mirror tree only when
/// every input was rewritten and every file agrees. The exit status.
static int rewriteProject(const std::vector<std::string> &Files) {
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
      Ok &= rewrite(File, "", &Project);
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
  if ((!RootDir.empty() || !DepFile.empty()) && OutputDir.empty()) {
    llvm::errs() << "autotune-rewrite: --root and --depfile go with "
                    "--out-dir\n";
    return 2;
  }
  if (!Probe.empty() && !autotune::isProbe(Probe)) {
    llvm::errs() << "autotune-rewrite: --probe='" << Probe
                 << "': expected 'none', 'KEY' or 'KEY:INDEX'\n";
    return 2;
  }
  if (Points != "all" && Points != "default") {
    llvm::errs() << "autotune-rewrite: --points='" << Points
                 << "': expected 'all' or 'default'\n";
    return 2;
  }
  autotune::leaveOutOptions() = {ExcludedFile, Probe, SitesFile,
                                 Points == "default"};
  if (!OutputDir.empty())
    return rewriteProject(Files);
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
    if (!rewrite(File, Out))
      Status = 1;
  }
  return Status;
}
