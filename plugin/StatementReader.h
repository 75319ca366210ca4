//===- StatementReader.h - The tokens of the statement after a pragma -----===//
//
// Reads the statement after '#pragma autotune' from the preprocessor, whole
// whatever its kind, so that a statement that cannot be rewritten is dropped
// entirely and nothing after it is taken. It looks ahead rather than lexes
// where a token may not be its own: a '}' or the end of a file that ends the
// enclosing block stays for the parser.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_STATEMENTREADER_H
#define AUTOTUNE_PLUGIN_STATEMENTREADER_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// The statement after the pragma, as read.
struct StatementTokens {
  llvm::SmallVector<clang::Token, 64> Tokens;
  bool Complete = false;          // a whole statement was read
  clang::SourceLocation StopLoc;  // where reading stopped early (a '}' or
                                  // the end)
  clang::SourceLocation Unclosed; // a bracket left open when it stopped
};

/// Reads the statement that follows the pragma line ending at EndOfLine, no
/// further than the last token of the pragma's file: the end of the file,
/// met inside a directive, would free the lexer that is running the
/// directive. Nothing when no token follows in that file.
std::optional<StatementTokens> readStatement(clang::Preprocessor &PP,
                                             clang::SourceLocation EndOfLine);

/// Reports why Stmt, read after the pragma at PragmaLoc, is not a whole
/// statement: nothing, an unclosed bracket or a missing ';'.
void reportIncompleteStatement(clang::Preprocessor &PP,
                               const StatementTokens &Stmt,
                               clang::SourceLocation PragmaLoc);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_STATEMENTREADER_H
