//===- ConstantExpr.cpp - Integer expressions of the pragma ---------------===//

#include "ConstantExpr.h"
#include "Diagnostics.h"

#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/APInt.h"

using namespace clang;

namespace autotune {

namespace {

/// Precedence climbing over C's binary operators.
class IntExprParser {
public:
  IntExprParser(Preprocessor &PP, ArrayRef<Token> Tokens, SourceLocation EndLoc,
                StringRef Clause, const Bindings *Env)
      : PP(PP), Tokens(Tokens), EndLoc(EndLoc), Clause(Clause), Env(Env) {}

  std::optional<int64_t> parseAll() {
    if (Tokens.empty()) {
      report(PP, EndLoc, Diag::ExpectedExpr) << Clause;
      return std::nullopt;
    }
    std::optional<int64_t> V = parseConditional();
    if (!V)
      return std::nullopt;
    if (Pos != Tokens.size()) {
      report(PP, Tokens[Pos].getLocation(), Diag::UnexpectedToken)
          << PP.getSpelling(Tokens[Pos]) << Clause;
      return std::nullopt;
    }
    return V;
  }

private:
  Preprocessor &PP;
  ArrayRef<Token> Tokens;
  SourceLocation EndLoc;
  StringRef Clause;
  const Bindings *Env;
  size_t Pos = 0;

  const Token *peek() const {
    return Pos < Tokens.size() ? &Tokens[Pos] : nullptr;
  }
  bool peekIs(tok::TokenKind K) const { return peek() && peek()->is(K); }
  SourceLocation here() const {
    return peek() ? peek()->getLocation() : EndLoc;
  }

  static int precedence(tok::TokenKind K) {
    switch (K) {
    case tok::pipepipe:
      return 1;
    case tok::ampamp:
      return 2;
    case tok::pipe:
      return 3;
    case tok::caret:
      return 4;
    case tok::amp:
      return 5;
    case tok::equalequal:
    case tok::exclaimequal:
      return 6;
    case tok::less:
    case tok::lessequal:
    case tok::greater:
    case tok::greaterequal:
      return 7;
    case tok::lessless:
    case tok::greatergreater:
      return 8;
    case tok::plus:
    case tok::minus:
      return 9;
    case tok::star:
    case tok::slash:
    case tok::percent:
      return 10;
    default:
      return 0;
    }
  }

  std::optional<int64_t> parseConditional() {
    std::optional<int64_t> Cond = parseBinary(1);
    if (!Cond || !peekIs(tok::question))
      return Cond;
    ++Pos;
    std::optional<int64_t> Then = parseConditional();
    if (!Then)
      return std::nullopt;
    if (!peekIs(tok::colon)) {
      report(PP, here(), Diag::ExpectedExpr) << Clause;
      return std::nullopt;
    }
    ++Pos;
    std::optional<int64_t> Else = parseConditional();
    if (!Else)
      return std::nullopt;
    return *Cond ? Then : Else;
  }

  std::optional<int64_t> parseBinary(int MinPrec) {
    std::optional<int64_t> LHS = parseUnary();
    while (LHS && peek()) {
      const Token &Op = *peek();
      int Prec = precedence(Op.getKind());
      if (Prec < MinPrec || Prec == 0)
        break;
      ++Pos;
      std::optional<int64_t> RHS = parseBinary(Prec + 1);
      if (!RHS)
        return std::nullopt;
      LHS = apply(Op, *LHS, *RHS);
    }
    return LHS;
  }

  std::optional<int64_t> apply(const Token &Op, int64_t L, int64_t R) {
    // Wrap like unsigned arithmetic rather than invoke undefined behaviour.
    auto U = [](int64_t V) { return static_cast<uint64_t>(V); };
    switch (Op.getKind()) {
    case tok::pipepipe:
      return (L || R) ? 1 : 0;
    case tok::ampamp:
      return (L && R) ? 1 : 0;
    case tok::pipe:
      return L | R;
    case tok::caret:
      return L ^ R;
    case tok::amp:
      return L & R;
    case tok::equalequal:
      return L == R;
    case tok::exclaimequal:
      return L != R;
    case tok::less:
      return L < R;
    case tok::lessequal:
      return L <= R;
    case tok::greater:
      return L > R;
    case tok::greaterequal:
      return L >= R;
    case tok::lessless:
      return static_cast<int64_t>(U(L) << (U(R) & 63));
    case tok::greatergreater:
      return L >> (R & 63);
    case tok::plus:
      return static_cast<int64_t>(U(L) + U(R));
    case tok::minus:
      return static_cast<int64_t>(U(L) - U(R));
    case tok::star:
      return static_cast<int64_t>(U(L) * U(R));
    case tok::slash:
    case tok::percent:
      if (R == 0) {
        report(PP, Op.getLocation(), Diag::DivisionByZero) << Clause;
        return std::nullopt;
      }
      if (L == INT64_MIN && R == -1)
        return Op.is(tok::slash) ? L : 0;
      return Op.is(tok::slash) ? L / R : L % R;
    default:
      llvm_unreachable("not a binary operator");
    }
  }

  std::optional<int64_t> parseUnary() {
    const Token *T = peek();
    if (!T) {
      report(PP, EndLoc, Diag::ExpectedExpr) << Clause;
      return std::nullopt;
    }
    switch (T->getKind()) {
    case tok::plus:
    case tok::minus:
    case tok::exclaim:
    case tok::tilde: {
      ++Pos;
      std::optional<int64_t> V = parseUnary();
      if (!V)
        return std::nullopt;
      if (T->is(tok::minus))
        return static_cast<int64_t>(0 - static_cast<uint64_t>(*V));
      if (T->is(tok::exclaim))
        return *V ? 0 : 1;
      if (T->is(tok::tilde))
        return ~*V;
      return V;
    }
    default:
      return parsePrimary();
    }
  }

  std::optional<int64_t> parsePrimary() {
    const Token &T = *peek();
    if (T.is(tok::l_paren)) {
      ++Pos;
      std::optional<int64_t> V = parseConditional();
      if (!V)
        return std::nullopt;
      if (!peekIs(tok::r_paren)) {
        report(PP, here(), Diag::ExpectedRParen) << "(";
        return std::nullopt;
      }
      ++Pos;
      return V;
    }
    if (T.is(tok::numeric_constant)) {
      ++Pos;
      return parseNumber(T);
    }
    if (T.is(tok::kw_true) || T.is(tok::kw_false)) {
      ++Pos;
      return T.is(tok::kw_true) ? 1 : 0;
    }
    if (T.is(tok::identifier)) {
      StringRef Name = T.getIdentifierInfo()->getName();
      if (Env) {
        auto It = Env->find(Name);
        if (It != Env->end()) {
          ++Pos;
          return It->second;
        }
        report(PP, T.getLocation(), Diag::NotParameter) << Name << Clause;
        return std::nullopt;
      }
      report(PP, T.getLocation(), Diag::NotConstant) << Name << Clause;
      return std::nullopt;
    }
    report(PP, T.getLocation(), Diag::ExpectedExpr) << Clause;
    return std::nullopt;
  }

  std::optional<int64_t> parseNumber(const Token &T) {
    SmallString<32> Buffer;
    bool Invalid = false;
    StringRef Spelling = PP.getSpelling(T, Buffer, &Invalid);
    if (Invalid)
      return std::nullopt;
    NumericLiteralParser Literal(Spelling, T.getLocation(),
                                 PP.getSourceManager(), PP.getLangOpts(),
                                 PP.getTargetInfo(), PP.getDiagnostics());
    if (Literal.hadError)
      return std::nullopt;
    llvm::APInt Value(64, 0);
    if (!Literal.isIntegerLiteral() || Literal.GetIntegerValue(Value) ||
        Value.getActiveBits() > 63) {
      report(PP, T.getLocation(), Diag::BadNumber) << Clause;
      return std::nullopt;
    }
    return static_cast<int64_t>(Value.getZExtValue());
  }
};

} // namespace

std::optional<int64_t> evaluateIntExpr(Preprocessor &PP, ArrayRef<Token> Tokens,
                                       SourceLocation EndLoc, StringRef Clause,
                                       const Bindings *Env) {
  return IntExprParser(PP, Tokens, EndLoc, Clause, Env).parseAll();
}

} // namespace autotune
