//===- SourceOutput.h - The rewritten source text -------------------------===//
//
// Collects, per translation unit, what each site becomes as text, and renders
// a file with only those ranges replaced: includes, macros and line numbers
// stay as they were (the input of nvcc). By default only the main file's
// sites are kept (the plugin's source output, 'autotune-rewrite -o'); a
// project ('autotune-rewrite --out-dir') keeps those of every user file.
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
class FileEntry;
class Preprocessor;
struct PragmaIntroducer;
class SourceManager;
} // namespace clang

namespace autotune {

struct SiteRewrite;

class SourceOutput {
public:
  /// Keeps the sites of every file that is not a system header, not only
  /// those of the main file.
  void setAllUserFiles(bool On) { AllUserFiles = On; }

  /// Records the text of a site: R's declarations replace
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

  /// File (the main file by default) with every replacement applied, after
  /// a '#line' directive that names the original.
  std::string render(const clang::SourceManager &SM,
                     clang::FileID File = clang::FileID()) const;

  /// Whether a site of File was recorded.
  bool hasSites(const clang::SourceManager &SM, clang::FileID File) const;

  /// Writes render() to Path ('-' for stdout); reports failures.
  bool write(const clang::SourceManager &SM, llvm::StringRef Path,
             clang::DiagnosticsEngine &Diags) const;

private:
  /// Replaces [Begin, End) of File with Text.
  void replace(const clang::FileEntry *File, unsigned Begin, unsigned End,
               std::string Text);

  struct Replacement {
    const clang::FileEntry *File; // a header may have several FileIDs
    unsigned Begin, End;
    std::string Text;
  };
  std::vector<Replacement> Replacements;
  bool AllUserFiles = false;
};

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SOURCEOUTPUT_H
