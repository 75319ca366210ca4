//===- RewriteAction.cpp - Preprocess one input and write its rewrite -----===//

#include "RewriteAction.h"

#include "AutotunePragma.h"
#include "DiagnosticRelocator.h"
#include "PluginState.h"
#include "PragmaWatcher.h"
#include "ProjectOutput.h"
#include "SiteFingerprint.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"

using namespace clang;

namespace autotune {

bool RewriteAction::BeginInvocation(CompilerInstance &CI) {
  CI.getPreprocessorOpts().addMacroDef("__AUTOTUNE__=1");
  return true;
}

bool RewriteAction::BeginSourceFileAction(CompilerInstance &CI) {
  pluginState().reset();
  pluginState().CompileOptionsHash =
      withOptions(compileOptionsHash(CI), CodeOptions);
  pluginState().WritesSource = true;
  pluginState().Source.setAllUserFiles(Project != nullptr);
  CI.getPreprocessor().AddPragmaHandler(new AutotunePragmaHandler);
  watchPragmas(CI.getPreprocessor());
  // -verify's consumer must stay the engine's client to see what it checks.
  if (!CI.getDiagnosticOpts().VerifyDiagnostics)
    installRelocator(CI.getDiagnostics());
  return true;
}

void RewriteAction::ExecuteAction() {
  CompilerInstance &CI = getCompilerInstance();
  Preprocessor &PP = CI.getPreprocessor();
  PP.EnterMainSourceFile();
  // Tells the pragma handler which function each pragma is in and which
  // names are visible there (autotune-rewrite runs no parser).
  EnclosingFunctionTracker Tracker;
  pluginState().Tokens = &Tracker;
  Token Tok;
  do {
    PP.Lex(Tok);
    Tracker.observe(Tok);
  } while (Tok.isNot(tok::eof));
  pluginState().Tokens = nullptr;
  warnFilesOutsideFingerprints(PP);
  if (CI.getDiagnostics().hasErrorOccurred())
    return;
  if (Project) {
    Project->collect(CI.getSourceManager(), pluginState().Source, OutPath);
    return;
  }
  pluginState().Source.write(CI.getSourceManager(), OutPath,
                             CI.getDiagnostics());
}

} // namespace autotune
