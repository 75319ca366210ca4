//===- ConstantExpr.h - Integer expressions of the pragma -----------------===//
//
// Values in 'space', 'configs', 'default' and 'budget' are integer constant
// expressions, and 'where' is one over the parameters. The plugin evaluates
// them itself, on tokens, so that it knows every point before Sema runs.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_CONSTANTEXPR_H
#define AUTOTUNE_PLUGIN_CONSTANTEXPR_H

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// Parameter values visible to a 'where' expression.
using Bindings = llvm::StringMap<int64_t>;

/// Evaluates Tokens as a C integer expression (literals, parentheses, unary
/// and binary arithmetic, comparisons, logic, '?:'). Identifiers resolve
/// through Env when it is given. On error, reports at the offending token,
/// naming Clause, and returns nothing.
std::optional<int64_t> evaluateIntExpr(clang::Preprocessor &PP,
                                       llvm::ArrayRef<clang::Token> Tokens,
                                       clang::SourceLocation EndLoc,
                                       llvm::StringRef Clause,
                                       const Bindings *Env = nullptr);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_CONSTANTEXPR_H
