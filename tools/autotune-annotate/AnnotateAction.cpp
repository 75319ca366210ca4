//===- AnnotateAction.cpp - Parse one input and judge its launches --------===//

#include "AnnotateAction.h"
#include "LaunchEdits.h"
#include "LaunchPlan.h"

#include "AutotunePragma.h"
#include "ParserJob.h"
#include "PluginState.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/SemaConsumer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace autotune {

namespace {

class LaunchCallback : public MatchFinder::MatchCallback {
public:
  LaunchCallback(Findings &Found, DiagnosticsEngine &Diags)
      : Found(Found), Diags(Diags) {}

  void run(const MatchFinder::MatchResult &Result) override {
    const auto *Launch = Result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch");
    const auto *Function = Result.Nodes.getNodeAs<FunctionDecl>("function");
    const SourceManager &SM = *Result.SourceManager;
    SourceLocation Loc = Launch->getBeginLoc();
    // System headers are not the user's; a site is annotated already.
    if (SM.isInSystemHeader(Loc) || !Function->hasBody() ||
        !Found.firstTime(Loc, SM))
      return;
    if (pluginState().isInSite(SM, Loc)) {
      ++Found.AlreadyAnnotated;
      return;
    }
    LaunchPlan Plan = planLaunch(Launch, Function, *Result.Context);
    if (Plan.Outcome == LaunchPlan::NothingHandPicked) {
      ++Found.NothingHandPicked;
      return;
    }
    std::vector<FixItHint> Fixes;
    if (Plan.Outcome == LaunchPlan::Annotate)
      Fixes = launchFixes(Plan, Launch, *Result.Context);
    Found.report(Plan, Launch, Fixes, Diags);
  }

private:
  Findings &Found;
  DiagnosticsEngine &Diags;
};

/// Hands the pragma handler Sema while parsing, then matches the launches.
class AnnotateConsumer : public SemaConsumer {
public:
  AnnotateConsumer(Findings &Found, DiagnosticsEngine &Diags)
      : Callback(Found, Diags) {
    // Instantiations are judged in their template, where their text is.
    Finder.addMatcher(
        cudaKernelCallExpr(unless(isInTemplateInstantiation()),
                           hasAncestor(functionDecl().bind("function")))
            .bind("launch"),
        &Callback);
  }

  void InitializeSema(Sema &S) override { pluginState().CurrentSema = &S; }
  void ForgetSema() override { pluginState().CurrentSema = nullptr; }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    pluginState().CurrentSema = nullptr;
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    Finder.matchAST(Ctx);
  }

private:
  LaunchCallback Callback;
  MatchFinder Finder;
};

} // namespace

std::unique_ptr<ASTConsumer>
AnnotateAction::CreateASTConsumer(CompilerInstance &CI, StringRef) {
  prepareParserJob(CI, /*WritesSource=*/false);
  CI.getPreprocessor().AddPragmaHandler(new AutotunePragmaHandler);
  return std::make_unique<AnnotateConsumer>(Found, CI.getDiagnostics());
}

void AnnotateAction::EndSourceFileAction() {
  // clang-tidy's rule: no fixes from code that does not compile.
  if (getCompilerInstance().getDiagnostics().hasErrorOccurred())
    llvm::errs() << "autotune-annotate: error: '" << getCurrentFile()
                 << "' does not compile: its launches are not judged\n";
}

} // namespace autotune
