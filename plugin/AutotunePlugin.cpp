//===- AutotunePlugin.cpp - Registration and plugin arguments -------------===//
//
// Registers the '#pragma autotune' handler for every preprocessor and a plugin
// action, 'autotune', that prepares each job for it (defines '__AUTOTUNE__'
// and the header's '__autotune_mangled_name', hashes the job's options, hands
// it Sema, puts the diagnostic deduplicator in front) and takes the plugin's
// arguments:
//   -fplugin-arg-autotune-rewrite-source=FILE   write the rewritten main file
//                                               ('-' for standard output)
//   -fplugin-arg-autotune-excluded=FILE         the points the build leaves
//   -fplugin-arg-autotune-probe=WHAT            out, the probe and the list of
//   -fplugin-arg-autotune-sites=FILE            sites of the build loop
//                                               (LeftOutPoints.h)
//   -fplugin-arg-autotune-points=default        each site compiles its
//                                               default point alone ('all':
//                                               every point, the default)
//
//===----------------------------------------------------------------------===//

#include "AutotunePragma.h"
#include "LeftOutPoints.h"
#include "ParserJob.h"
#include "PluginState.h"
#include "SiteFingerprint.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;

namespace autotune {

namespace {

class AutotuneConsumer : public SemaConsumer {
public:
  AutotuneConsumer(CompilerInstance &CI, std::string SourceOutputPath)
      : CI(CI), SourceOutputPath(std::move(SourceOutputPath)) {}

  void InitializeSema(Sema &S) override { pluginState().CurrentSema = &S; }
  void ForgetSema() override { pluginState().CurrentSema = nullptr; }

  void HandleTranslationUnit(ASTContext &) override {
    pluginState().CurrentSema = nullptr;
    warnFilesOutsideFingerprints(CI.getPreprocessor());
    // Every job of a CUDA compile runs the plugin; one writes the file.
    if (SourceOutputPath.empty() || CI.getLangOpts().CUDAIsDevice)
      return;
    pluginState().Source.write(CI.getSourceManager(), SourceOutputPath,
                               CI.getDiagnostics());
  }

private:
  CompilerInstance &CI;
  std::string SourceOutputPath;
};

class AutotuneAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    prepareParserJob(CI, !SourceOutputPath.empty() &&
                             !CI.getLangOpts().CUDAIsDevice);
    return std::make_unique<AutotuneConsumer>(CI, SourceOutputPath);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      StringRef A(Arg);
      if (A.consume_front("rewrite-source=")) {
        SourceOutputPath = A.str();
        continue;
      }
      LeaveOutOptions &LeaveOut = leaveOutOptions();
      if (A.consume_front("excluded=")) {
        LeaveOut.ExcludedFile = A.str();
        continue;
      }
      if (A.consume_front("sites=")) {
        LeaveOut.SitesFile = A.str();
        continue;
      }
      if (A.consume_front("probe=") && isProbe(A)) {
        LeaveOut.Probe = A.str();
        continue;
      }
      if (A.consume_front("points=") && (A == "all" || A == "default")) {
        LeaveOut.DefaultOnly = A == "default";
        continue;
      }
      unsigned ID = Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "unknown autotune plugin argument '%0'; expected "
          "'rewrite-source=FILE', 'excluded=FILE', 'sites=FILE', "
          "'probe=none|KEY|KEY:INDEX' or 'points=all|default'");
      Diags.Report(ID) << Arg;
      return false;
    }
    return !writesOverInput(CI);
  }

  /// Reports a rewrite-source file that is an input of the compile, however
  /// it is spelled (a link, './'): the rewrite would replace the user's
  /// source, every pragma gone. Only the host job writes the file.
  bool writesOverInput(const CompilerInstance &CI) const {
    if (SourceOutputPath.empty() || SourceOutputPath == "-" ||
        CI.getLangOpts().CUDAIsDevice)
      return false;
    for (const FrontendInputFile &Input : CI.getFrontendOpts().Inputs) {
      bool Same = false;
      if (!Input.isFile() ||
          llvm::sys::fs::equivalent(Input.getFile(), SourceOutputPath, Same) ||
          !Same)
        continue;
      DiagnosticsEngine &Diags = CI.getDiagnostics();
      unsigned ID = Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "'rewrite-source=%0' names the input file '%1': the rewritten "
          "source would replace it; write it to another file");
      Diags.Report(ID) << SourceOutputPath << Input.getFile();
      return true;
    }
    return false;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  std::string SourceOutputPath;
};

} // namespace

} // namespace autotune

static clang::FrontendPluginRegistry::Add<autotune::AutotuneAction>
    Action("autotune", "autotune GPU kernel launches");
static clang::PragmaHandlerRegistry::Add<autotune::AutotunePragmaHandler>
    Pragma("autotune", "#pragma autotune");
