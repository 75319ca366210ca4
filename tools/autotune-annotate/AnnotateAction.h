//===- AnnotateAction.h - Parse one input and judge its launches ----------===//
//
// A syntax-only action with the plugin's pragma handler (so that launches
// already annotated parse, and are skipped), which matches every kernel
// launch of a host function, plans it (LaunchPlan.h) and reports it
// (Findings.h) with its fix-its (LaunchEdits.h).
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_ANNOTATE_ANNOTATEACTION_H
#define AUTOTUNE_ANNOTATE_ANNOTATEACTION_H

#include "Findings.h"

#include "clang/Frontend/FrontendAction.h"

namespace autotune {

class AnnotateAction : public clang::ASTFrontendAction {
public:
  explicit AnnotateAction(Findings &Found) : Found(Found) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override;
  void EndSourceFileAction() override;

private:
  Findings &Found;
};

} // namespace autotune

#endif // AUTOTUNE_ANNOTATE_ANNOTATEACTION_H
