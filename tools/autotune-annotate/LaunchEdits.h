//===- LaunchEdits.h - The replacements that annotate one launch ----------===//
//
// Turns a plan into source replacements: the pragma on its own line above
// the launch (wrapped at 80 columns), the launch's expressions rewritten,
// the declarations it no longer needs removed with their lines, and the
// runtime header included where the file does not include it yet.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_ANNOTATE_LAUNCHEDITS_H
#define AUTOTUNE_ANNOTATE_LAUNCHEDITS_H

#include "LaunchPlan.h"

#include "clang/Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace autotune {

/// The pragma line(s) for Plan, indented by Indent.
std::string pragmaText(const LaunchPlan &Plan, llvm::StringRef Indent);

/// The fix-its that annotate Launch as Plan says.
std::vector<clang::FixItHint>
launchFixes(const LaunchPlan &Plan, const clang::CUDAKernelCallExpr *Launch,
            clang::ASTContext &Ctx);

} // namespace autotune

#endif // AUTOTUNE_ANNOTATE_LAUNCHEDITS_H
