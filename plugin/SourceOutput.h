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
#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class Preprocessor;
struct PragmaIntroducer;
class SourceManager;
} // namespace clang

namespace autotune {

struct SiteRewrite;

class SourceOutput {
public:
  /// Records the text of a site of the main file: R's declarations replace
  /// the lines of the pragma (introduced by Introducer, its 'autotune' token
  /// at PragmaLoc, its line ending at EndOfLine), the statement and anything
  /// between (comments, directives) stay, and R's call follows the statement's
  /// ';'. Warns about a site that the text cannot hold, which stays a pragma
  /// there.
  void addSite(clang::Preprocessor &PP,
               const clang::PragmaIntroducer &Introducer,
               clang::SourceLocation PragmaLoc, clang::SourceLocation EndOfLine,
               llvm::ArrayRef<clang::Token> Statement, const SiteRewrite &R);
  void clear() { Replacements.clear(); }

  /// The main file with every replacement applied.
  std::string render(const clang::SourceManager &SM) const;

  /// Writes render() to Path ('-' for stdout); reports failures.
  bool write(const clang::SourceManager &SM, llvm::StringRef Path,
             clang::DiagnosticsEngine &Diags) const;

private:
  /// Replaces [Begin, End) of the main file with Text.
  void replace(unsigned Begin, unsigned End, std::string Text);

  struct Replacement {
    unsigned Begin, End;
    std::string Text;
  };
  std::vector<Replacement> Replacements;
};

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SOURCEOUTPUT_H
