//===- ClauseReader.h - The tokens of a '#pragma autotune' line -----------===//
//
// Reads the clause tokens of the pragma up to the end of its line. Another
// pragma written on that line ('_Pragma(...)', which the preprocessor turns
// into an annotation token without text) is noted, not read as clauses.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_CLAUSEREADER_H
#define AUTOTUNE_PLUGIN_CLAUSEREADER_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

struct ClauseTokens {
  llvm::SmallVector<clang::Token, 32> Tokens;
  /// The end of the pragma's line (its 'eod' token).
  clang::SourceLocation EndOfLine;
  /// Another pragma on the pragma's line, if there is one.
  std::optional<clang::SourceLocation> OtherPragma;
};

/// Reads the rest of the line of the pragma whose 'autotune' token is at
/// PragmaLoc.
ClauseTokens readClauses(clang::Preprocessor &PP,
                         clang::SourceLocation PragmaLoc);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_CLAUSEREADER_H
