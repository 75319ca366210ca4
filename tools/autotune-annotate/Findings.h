//===- Findings.h - What autotune-annotate found, over all its inputs -----===//
//
// Every launch is judged once, however many inputs include its header. The
// findings are reported through the compiler's diagnostics (with fix-its),
// kept in clang-tidy's YAML form for --export-fixes, and their replacements
// applied to the files for --fix.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_ANNOTATE_FINDINGS_H
#define AUTOTUNE_ANNOTATE_FINDINGS_H

#include "LaunchPlan.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace autotune {

class Findings {
public:
  /// False for a launch already judged (a header read again).
  bool firstTime(clang::SourceLocation Loc, const clang::SourceManager &SM);

  /// Reports Plan for Launch through Diags, with Fixes for an annotation.
  void report(const LaunchPlan &Plan, const clang::CUDAKernelCallExpr *Launch,
              const std::vector<clang::FixItHint> &Fixes,
              clang::DiagnosticsEngine &Diags);

  /// Writes the replacements into the files; false (said) on a failure.
  bool apply() const;
  /// Writes clang-tidy's YAML (clang-apply-replacements reads it).
  bool exportFixes(llvm::StringRef Path) const;

  unsigned Annotated = 0, LeftAlone = 0, NothingHandPicked = 0,
           AlreadyAnnotated = 0;

private:
  using Edit = std::tuple<std::string, unsigned, unsigned, std::string>;
  void note(clang::DiagnosticsEngine &Diags, clang::SourceLocation Loc,
            llvm::StringRef Text, clang::tooling::Diagnostic &Yaml);

  llvm::StringSet<> Seen;
  std::vector<clang::tooling::Diagnostic> Diagnostics;
  /// Per translation unit's main file, the replacements of its launches.
  std::map<std::string, std::set<Edit>> Edits;
  std::string CurrentMainFile;
};

} // namespace autotune

#endif // AUTOTUNE_ANNOTATE_FINDINGS_H
