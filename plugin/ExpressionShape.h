//===- ExpressionShape.h - Run-time expressions of the pragma -------------===//
//
// 'key', 'restore', 'verify' and 'stream' hold C++ expressions that the plugin
// splices into generated code without parsing them. Mistakes that would
// otherwise be reported in that code, away from the user's tokens (an
// unmatched bracket, a stray ';', an operator missing an operand), are caught
// here, at the token.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_EXPRESSIONSHAPE_H
#define AUTOTUNE_PLUGIN_EXPRESSIONSHAPE_H

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// Checks that Tokens can be one expression of Clause: not empty, brackets
/// matched, no ';' outside braces, no ',' outside brackets, no operator
/// missing an operand, nesting no deeper than -fbracket-depth. Reports at the
/// offending token (EndLoc when empty) and returns false.
bool checkExpressionShape(clang::Preprocessor &PP,
                          llvm::ArrayRef<clang::Token> Tokens,
                          clang::SourceLocation EndLoc, llvm::StringRef Clause);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_EXPRESSIONSHAPE_H
