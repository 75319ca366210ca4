//===- AutotuneRewrite.cpp - Rewrite '#pragma autotune' sites for nvcc ----===//
//
// Runs the plugin's pragma handler in a preprocessor-only action and writes
// each input with its sites rewritten. Only the preprocessor runs, so files
// that clang cannot type-check (CUDA code written for nvcc) are rewritten as
// long as they preprocess.
//
//   autotune-rewrite saxpy.cu -o saxpy.at.cu -- -I include
//   autotune-rewrite -p build/ --out-dir gen/ a.cu b.cu
//
//===----------------------------------------------------------------------===//

#include "AutotunePragma.h"
#include "SiteFingerprint.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

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

namespace {

class RewriteAction : public PreprocessorFrontendAction {
public:
  explicit RewriteAction(std::string OutPath) : OutPath(std::move(OutPath)) {}

protected:
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getPreprocessorOpts().addMacroDef("__AUTOTUNE__=1");
    return true;
  }

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    autotune::pluginState().reset();
    autotune::pluginState().CompileOptionsHash =
        autotune::compileOptionsHash(CI);
    autotune::pluginState().WritesSource = true;
    CI.getPreprocessor().AddPragmaHandler(new autotune::AutotunePragmaHandler);
    return true;
  }

  void ExecuteAction() override {
    CompilerInstance &CI = getCompilerInstance();
    Preprocessor &PP = CI.getPreprocessor();
    PP.EnterMainSourceFile();
    Token Tok;
    do
      PP.Lex(Tok);
    while (Tok.isNot(tok::eof));
    if (CI.getDiagnostics().hasErrorOccurred())
      return;
    autotune::pluginState().Source.write(CI.getSourceManager(), OutPath,
                                         CI.getDiagnostics());
  }

private:
  std::string OutPath;
};

class RewriteActionFactory : public FrontendActionFactory {
public:
  explicit RewriteActionFactory(std::string OutPath)
      : OutPath(std::move(OutPath)) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<RewriteAction>(OutPath);
  }

private:
  std::string OutPath;
};

bool isCudaInput(StringRef File, const CommandLineArguments &Args) {
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == "-x" && (Args[I + 1] == "cuda" || Args[I + 1] == "cu"))
      return true;
  return llvm::sys::path::extension(File) == ".cu";
}

/// Makes a compile command written for nvcc or clang usable by clang's
/// preprocessor: nvcc-only options go, CUDA inputs get clang's CUDA options.
ArgumentsAdjuster adjustForPreprocessing(std::string ShimDir) {
  return [ShimDir](const CommandLineArguments &Args, StringRef File) {
    CommandLineArguments Out;
    bool SkipNext = false;
    bool HasArch = false, HasCudaPath = false;
    for (size_t I = 0; I < Args.size(); ++I) {
      StringRef A = Args[I];
      if (SkipNext) {
        SkipNext = false;
        continue;
      }
      if (I == 0) {
        Out.push_back("clang++"); // nvcc as argv[0] would select no mode
        continue;
      }
      if (A == "-ccbin" || A == "-gencode" || A == "--generate-code" ||
          A == "-Xcompiler" || A == "-Xptxas" || A == "-Xnvlink" ||
          A == "--options-file" || A == "-arch" || A == "-code") {
        SkipNext = true;
        continue;
      }
      if (A.starts_with("--generate-code") || A.starts_with("-gencode") ||
          A.starts_with("-arch=") || A.starts_with("--gpu-architecture") ||
          A.starts_with("-code=") || A.starts_with("--expt-") ||
          A.starts_with("-Xcompiler") || A.starts_with("-Xptxas") ||
          A.starts_with("-rdc") || A.starts_with("--relocatable-device-code") ||
          A == "-forward-unknown-to-host-compiler" || A == "--use_fast_math" ||
          A == "-use_fast_math" || A.starts_with("--diag-suppress") ||
          A.starts_with("-Werror=") || A == "--extended-lambda" ||
          A == "-extended-lambda")
        continue;
      if (A == "-x" && I + 1 < Args.size() && Args[I + 1] == "cu") {
        Out.push_back("-x");
        Out.push_back("cuda");
        SkipNext = true;
        continue;
      }
      HasArch |=
          A.starts_with("--cuda-gpu-arch") || A.starts_with("--offload-arch");
      HasCudaPath |= A.starts_with("--cuda-path");
      Out.push_back(Args[I]);
    }
    Out.push_back("-resource-dir=" AUTOTUNE_CLANG_RESOURCE_DIR);
    if (isCudaInput(File, Args)) {
      Out.push_back("--cuda-host-only");
      Out.push_back("-Wno-unknown-cuda-version");
      if (!HasArch)
        Out.push_back("--cuda-gpu-arch=" + CudaArch);
      if (!HasCudaPath)
        Out.push_back("--cuda-path=" + CudaPath);
      // nvcc adds CUDA 13's CCCL headers (cuda/std, cub, thrust) by itself.
      std::string Cccl = CudaPath + "/include/cccl";
      if (llvm::sys::fs::is_directory(Cccl)) {
        Out.push_back("-isystem");
        Out.push_back(Cccl);
      }
      if (!ShimDir.empty()) {
        Out.push_back("-isystem");
        Out.push_back(ShimDir);
      }
    }
    return Out;
  };
}

/// The CUDA shims beside the tool: installed, or in the build tree.
std::string findShimDir(const char *Argv0) {
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

bool sameFile(StringRef A, StringRef B) {
  bool Result = false;
  return !llvm::sys::fs::equivalent(A, B, Result) && Result;
}

} // namespace

int main(int Argc, const char **Argv) {
  auto Parser = CommonOptionsParser::create(
      Argc, Argv, Category, cl::OneOrMore,
      "Rewrites the '#pragma autotune' sites of each input for compilers "
      "without the plugin (nvcc). Compile flags come from a compilation "
      "database (-p) or follow '--'.\n");
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
  }

  if (!OutputDir.empty()) {
    llvm::StringSet<> Names;
    for (const std::string &File : Files)
      if (!Names.insert(llvm::sys::path::filename(File)).second) {
        llvm::errs() << "autotune-rewrite: two inputs are named '"
                     << llvm::sys::path::filename(File)
                     << "'; --out-dir would write both to one file\n";
        return 2;
      }
  }

  std::string ShimDir = findShimDir(Argv[0]);
  int Status = 0;
  for (const std::string &File : Files) {
    std::string Out = "-";
    if (!OutputFile.empty())
      Out = OutputFile;
    else if (!OutputDir.empty()) {
      SmallString<256> Path(OutputDir);
      llvm::sys::path::append(Path, llvm::sys::path::filename(File));
      Out = std::string(Path);
    }
    if (Out != "-" && sameFile(File, Out)) {
      llvm::errs() << "autotune-rewrite: refusing to overwrite the input '"
                   << File << "'\n";
      Status = 1;
      continue;
    }
    ClangTool Tool(Parser->getCompilations(), {File});
    Tool.appendArgumentsAdjuster(adjustForPreprocessing(ShimDir));
    RewriteActionFactory Factory(Out);
    if (Tool.run(&Factory) != 0)
      Status = 1;
  }
  return Status;
}
