//===- IntegerExpression.cpp - Integer expressions of the pragma ----------===//

#include "IntegerExpression.h"
#include "Diagnostics.h"

#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace autotune {

namespace {

/// Precedence climbing over C's binary operators, emitting postfix steps.
/// Every parenthesis, unary operator and '?:' nests one level; a level more
/// than the language's bracket depth (-fbracket-depth, 256 by default) is an
/// error, so that no input can exhaust the stack.
class IntegerExpressionParser {
public:
  IntegerExpressionParser(Preprocessor &PP, ArrayRef<Token> Tokens,
                          SourceLocation EndLoc, StringRef Clause,
                          const ParamIndex *Params,
                          SmallVectorImpl<IntegerExpression::Step> &Out)
      : PP(PP), Tokens(Tokens), EndLoc(EndLoc), Clause(Clause), Params(Params),
        Out(Out), MaxDepth(PP.getLangOpts().BracketDepth) {}

  bool parseAll() {
    if (Tokens.empty()) {
      report(PP, EndLoc, Diag::ExpectedExpr) << Clause;
      return false;
    }
    if (!parseConditional())
      return false;
    if (Pos != Tokens.size()) {
      report(PP, Tokens[Pos].getLocation(), Diag::UnexpectedToken)
          << PP.getSpelling(Tokens[Pos]) << Clause;
      return false;
    }
    return true;
  }

private:
  using Op = IntegerExpression::Op;

  Preprocessor &PP;
  ArrayRef<Token> Tokens;
  SourceLocation EndLoc;
  StringRef Clause;
  const ParamIndex *Params;
  SmallVectorImpl<IntegerExpression::Step> &Out;
  unsigned MaxDepth;
  unsigned Depth = 0;
  size_t Pos = 0;

  const Token *peek() const {
    return Pos < Tokens.size() ? &Tokens[Pos] : nullptr;
  }
  bool peekIs(tok::TokenKind K) const { return peek() && peek()->is(K); }
  SourceLocation here() const {
    return peek() ? peek()->getLocation() : EndLoc;
  }

  size_t emit(Op Kind, int64_t Operand = 0, SourceLocation Loc = {},
              tok::TokenKind Binary = tok::unknown) {
    Out.push_back({Kind, Binary, Operand, Loc});
    return Out.size() - 1;
  }
  void patchToHere(size_t Jump) { Out[Jump].Operand = Out.size(); }

  /// Enters one nesting level at Loc; false after reporting when too deep.
  bool enter(SourceLocation Loc) {
    if (++Depth <= MaxDepth)
      return true;
    report(PP, Loc, Diag::NestedTooDeeply) << Clause << MaxDepth;
    report(PP, Loc, Diag::BracketDepthNote);
    return false;
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

  bool parseConditional() {
    if (!parseBinary(1))
      return false;
    if (!peekIs(tok::question))
      return true;
    if (!enter(peek()->getLocation()))
      return false;
    ++Pos;
    size_t ToElse = emit(Op::JumpIfZero);
    if (!parseConditional())
      return false;
    if (!peekIs(tok::colon)) {
      report(PP, here(), Diag::ExpectedExpr) << Clause;
      return false;
    }
    ++Pos;
    size_t ToEnd = emit(Op::Jump);
    patchToHere(ToElse);
    if (!parseConditional())
      return false;
    patchToHere(ToEnd);
    --Depth;
    return true;
  }

  bool parseBinary(int MinPrec) {
    if (!parseUnary())
      return false;
    while (peek()) {
      const Token &OpTok = *peek();
      int Prec = precedence(OpTok.getKind());
      if (Prec < MinPrec || Prec == 0)
        break;
      ++Pos;
      std::optional<size_t> ShortCircuit;
      if (OpTok.is(tok::ampamp))
        ShortCircuit = emit(Op::AndThen);
      else if (OpTok.is(tok::pipepipe))
        ShortCircuit = emit(Op::OrElse);
      if (!parseBinary(Prec + 1))
        return false;
      if (ShortCircuit) {
        emit(Op::ToBool);
        patchToHere(*ShortCircuit);
      } else {
        emit(Op::Binary, 0, OpTok.getLocation(), OpTok.getKind());
      }
    }
    return true;
  }

  bool parseUnary() {
    const Token *T = peek();
    if (!T) {
      report(PP, EndLoc, Diag::ExpectedExpr) << Clause;
      return false;
    }
    if (!T->isOneOf(tok::plus, tok::minus, tok::exclaim, tok::tilde))
      return parsePrimary();
    if (!enter(T->getLocation()))
      return false;
    ++Pos;
    // '-9223372036854775808' is INT64_MIN, as the user means it, although
    // its literal alone does not fit.
    if (T->is(tok::minus) && peekIs(tok::numeric_constant)) {
      std::optional<uint64_t> V = parseNumber(*peek(), /*Negated=*/true);
      if (!V)
        return false;
      ++Pos;
      emit(Op::Push, static_cast<int64_t>(0 - *V));
      --Depth;
      return true;
    }
    if (!parseUnary())
      return false;
    if (T->is(tok::minus))
      emit(Op::Neg, 0, T->getLocation());
    else if (T->is(tok::exclaim))
      emit(Op::Not);
    else if (T->is(tok::tilde))
      emit(Op::BitNot);
    --Depth;
    return true;
  }

  bool parsePrimary() {
    const Token &T = *peek();
    if (T.is(tok::l_paren)) {
      if (!enter(T.getLocation()))
        return false;
      ++Pos;
      if (!parseConditional())
        return false;
      if (!peekIs(tok::r_paren)) {
        report(PP, here(), Diag::ExpectedRParen) << "(";
        return false;
      }
      ++Pos;
      --Depth;
      return true;
    }
    if (T.is(tok::numeric_constant)) {
      std::optional<uint64_t> V = parseNumber(T, /*Negated=*/false);
      if (!V)
        return false;
      ++Pos;
      emit(Op::Push, static_cast<int64_t>(*V));
      return true;
    }
    if (T.is(tok::kw_true) || T.is(tok::kw_false)) {
      ++Pos;
      emit(Op::Push, T.is(tok::kw_true) ? 1 : 0);
      return true;
    }
    if (T.is(tok::identifier)) {
      StringRef Name = T.getIdentifierInfo()->getName();
      if (!Params) {
        report(PP, T.getLocation(), Diag::NotConstant) << Name << Clause;
        return false;
      }
      auto It = Params->find(Name);
      if (It == Params->end()) {
        report(PP, T.getLocation(), Diag::NotParameter) << Name << Clause;
        return false;
      }
      ++Pos;
      emit(Op::Param, It->second);
      return true;
    }
    report(PP, T.getLocation(), Diag::ExpectedExpr) << Clause;
    return false;
  }

  /// The literal's magnitude: at most INT64_MAX, or 2^63 when Negated.
  std::optional<uint64_t> parseNumber(const Token &T, bool Negated) {
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
    if (!Literal.isIntegerLiteral()) {
      report(PP, T.getLocation(), Diag::BadNumber) << Clause;
      return std::nullopt;
    }
    llvm::APInt Value(64, 0);
    uint64_t Limit = Negated ? uint64_t(1) << 63 : uint64_t(INT64_MAX);
    if (Literal.GetIntegerValue(Value) || Value.getZExtValue() > Limit) {
      report(PP, T.getLocation(), Diag::LiteralTooLarge) << Clause;
      return std::nullopt;
    }
    return Value.getZExtValue();
  }
};

} // namespace

/// The exact result of L Op R, or nothing when it does not fit in 64 bits
/// (for a shift, also when the count is outside [0, 63]).
static std::optional<int64_t> applyBinary(tok::TokenKind Op, int64_t L,
                                          int64_t R) {
  int64_t V = 0;
  switch (Op) {
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
    // L * 2^R, which must fit as any other product.
    if (R < 0 || R > 63 || L > (INT64_MAX >> R) || L < (INT64_MIN >> R))
      return std::nullopt;
    return static_cast<int64_t>(static_cast<uint64_t>(L) << R);
  case tok::greatergreater:
    if (R < 0 || R > 63)
      return std::nullopt;
    return L >> R;
  case tok::plus:
    if (llvm::AddOverflow(L, R, V))
      return std::nullopt;
    return V;
  case tok::minus:
    if (llvm::SubOverflow(L, R, V))
      return std::nullopt;
    return V;
  case tok::star:
    if (llvm::MulOverflow(L, R, V))
      return std::nullopt;
    return V;
  case tok::slash:
    if (L == INT64_MIN && R == -1)
      return std::nullopt;
    return L / R;
  case tok::percent:
    return R == -1 ? 0 : L % R;
  default:
    llvm_unreachable("not a binary operator");
  }
}

std::optional<IntegerExpression>
IntegerExpression::parse(Preprocessor &PP, ArrayRef<Token> Tokens,
                         SourceLocation EndLoc, StringRef Clause,
                         const ParamIndex *Params) {
  IntegerExpression E;
  E.Clause = Clause.str();
  if (!IntegerExpressionParser(PP, Tokens, EndLoc, Clause, Params, E.Steps)
           .parseAll())
    return std::nullopt;
  return E;
}

std::optional<int64_t>
IntegerExpression::evaluate(Preprocessor &PP, ArrayRef<int64_t> Point) const {
  SmallVector<int64_t, 16> Stack;
  for (size_t I = 0; I < Steps.size();) {
    const Step &S = Steps[I++];
    switch (S.Kind) {
    case Op::Push:
      Stack.push_back(S.Operand);
      break;
    case Op::Param:
      Stack.push_back(Point[S.Operand]);
      break;
    case Op::Neg:
      if (Stack.back() == INT64_MIN) {
        report(PP, S.Loc, Diag::IntegerOverflow)
            << Clause << ("-(" + std::to_string(Stack.back()) + ")");
        return std::nullopt;
      }
      Stack.back() = -Stack.back();
      break;
    case Op::Not:
      Stack.back() = !Stack.back();
      break;
    case Op::BitNot:
      Stack.back() = ~Stack.back();
      break;
    case Op::ToBool:
      Stack.back() = Stack.back() != 0;
      break;
    case Op::AndThen:
    case Op::OrElse: {
      bool Decided =
          S.Kind == Op::AndThen ? Stack.back() == 0 : Stack.back() != 0;
      if (!Decided) {
        Stack.pop_back();
        break;
      }
      Stack.back() = S.Kind == Op::OrElse;
      I = S.Operand;
      break;
    }
    case Op::JumpIfZero:
      if (Stack.pop_back_val() == 0)
        I = S.Operand;
      break;
    case Op::Jump:
      I = S.Operand;
      break;
    case Op::Binary: {
      int64_t R = Stack.pop_back_val();
      int64_t L = Stack.back();
      if ((S.Binary == tok::slash || S.Binary == tok::percent) && R == 0) {
        report(PP, S.Loc, Diag::DivisionByZero) << Clause;
        return std::nullopt;
      }
      std::optional<int64_t> V = applyBinary(S.Binary, L, R);
      if (!V) {
        report(PP, S.Loc, Diag::IntegerOverflow)
            << Clause
            << (std::to_string(L) + " " + tok::getPunctuatorSpelling(S.Binary) +
                " " + std::to_string(R));
        return std::nullopt;
      }
      Stack.back() = *V;
      break;
    }
    }
  }
  assert(Stack.size() == 1 && "a parsed expression leaves one value");
  return Stack.back();
}

std::optional<int64_t> evaluateIntegerConstant(Preprocessor &PP,
                                               ArrayRef<Token> Tokens,
                                               SourceLocation EndLoc,
                                               StringRef Clause) {
  std::optional<IntegerExpression> E =
      IntegerExpression::parse(PP, Tokens, EndLoc, Clause);
  if (!E)
    return std::nullopt;
  return E->evaluate(PP);
}

} // namespace autotune
