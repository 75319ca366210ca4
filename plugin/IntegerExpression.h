//===- IntegerExpression.h - Integer expressions of the pragma ------------===//
//
// Values in 'space', 'configs', 'default' and 'budget' are integer constant
// expressions, and 'where' is one over the parameters. The plugin evaluates
// them itself, on tokens, so that it knows every point before Sema runs.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_INTEGEREXPRESSION_H
#define AUTOTUNE_PLUGIN_INTEGEREXPRESSION_H

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// The parameters a 'where' expression may name, each with its index in the
/// point it is evaluated at.
using ParamIndex = llvm::StringMap<unsigned>;

/// A C integer expression (literals, parentheses, unary and binary
/// arithmetic, comparisons, logic, '?:') in 64-bit signed arithmetic, parsed
/// once into a postfix program that is evaluated without recursion, so that a
/// 'where' costs one parse however many points it tests.
class IntegerExpression {
public:
  /// Parses Tokens; identifiers must name one of Params when it is given. On
  /// error (also nesting deeper than the language's bracket depth), reports
  /// at the offending token, naming Clause, and returns nothing.
  static std::optional<IntegerExpression>
  parse(clang::Preprocessor &PP, llvm::ArrayRef<clang::Token> Tokens,
        clang::SourceLocation EndLoc, llvm::StringRef Clause,
        const ParamIndex *Params = nullptr);

  /// The value at Point (the parameters' values, by index). Division by zero
  /// and results outside 64 bits are reported at their operator, naming
  /// Clause; they give nothing. Only the operands that C would evaluate are:
  /// 'B != 0 && 64 / B > 2' is fine at B = 0.
  std::optional<int64_t> evaluate(clang::Preprocessor &PP,
                                  llvm::ArrayRef<int64_t> Point = {}) const;

  /// The number of steps of one evaluation, at most.
  size_t size() const { return Steps.size(); }

  enum class Op : uint8_t {
    Push,  // Operand
    Param, // Point[Operand]
    Neg,   // unary operators
    Not,
    BitNot,
    Binary,     // Token: the operator
    ToBool,     // the right operand of '&&' and '||'
    AndThen,    // top == 0: top = 0 and jump to Operand; else pop
    OrElse,     // top != 0: top = 1 and jump to Operand; else pop
    JumpIfZero, // pop; jump to Operand when it was 0
    Jump,       // to Operand
  };
  struct Step {
    Op Kind;
    clang::tok::TokenKind Binary = clang::tok::unknown;
    int64_t Operand = 0;
    clang::SourceLocation Loc;
  };

private:
  llvm::SmallVector<Step, 16> Steps;
  std::string Clause;
};

/// Parses and evaluates a constant expression (no parameters).
std::optional<int64_t>
evaluateIntegerConstant(clang::Preprocessor &PP,
                        llvm::ArrayRef<clang::Token> Tokens,
                        clang::SourceLocation EndLoc, llvm::StringRef Clause);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_INTEGEREXPRESSION_H
