//===- SourceOutput.h - The rewritten source text -------------------------===//
//
// Collects, per translation unit, what each site in the main file becomes as
// text, and writes the main file with only those ranges replaced: includes,
// macros and line numbers stay as they were (the input of nvcc).
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_SOURCEOUTPUT_H
#define AUTOTUNE_PLUGIN_SOURCEOUTPUT_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace clang {
class SourceManager;
class DiagnosticsEngine;
} // namespace clang

namespace autotune {

class SourceOutput {
public:
  /// Replaces [Begin, End) of the main file with Text.
  void replace(unsigned Begin, unsigned End, std::string Text);
  void clear() { Replacements.clear(); }

  /// The main file with every replacement applied.
  std::string render(const clang::SourceManager &SM) const;

  /// Writes render() to Path ('-' for stdout); reports failures.
  bool write(const clang::SourceManager &SM, llvm::StringRef Path,
             clang::DiagnosticsEngine &Diags) const;

private:
  struct Replacement {
    unsigned Begin, End;
    std::string Text;
  };
  std::vector<Replacement> Replacements;
};

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SOURCEOUTPUT_H
