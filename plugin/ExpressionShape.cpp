//===- ExpressionShape.cpp - Run-time expressions of the pragma -----------===//

#include "ExpressionShape.h"
#include "Diagnostics.h"
#include "TokenText.h"

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace autotune {

/// Operators that need an expression after them. Not '*', '&', '&&' (they
/// may end pointer and reference types) nor '>', '>>' (they end template
/// argument lists).
static bool needsRightOperand(const Token &T) {
  return T.isOneOf(
      tok::plus, tok::minus, tok::slash, tok::percent, tok::pipe, tok::caret,
      tok::tilde, tok::exclaim, tok::equal, tok::less, tok::lessequal,
      tok::greaterequal, tok::equalequal, tok::exclaimequal, tok::pipepipe,
      tok::lessless, tok::plusequal, tok::minusequal, tok::starequal,
      tok::slashequal, tok::percentequal, tok::ampequal, tok::pipeequal,
      tok::caretequal, tok::lesslessequal, tok::greatergreaterequal,
      tok::question, tok::colon, tok::period, tok::arrow, tok::periodstar,
      tok::arrowstar, tok::spaceship, tok::coloncolon, tok::comma);
}

/// Operators that need an expression before them (none of them prefix).
static bool needsLeftOperand(const Token &T) {
  return T.isOneOf(
      tok::slash, tok::percent, tok::pipe, tok::caret, tok::equal, tok::less,
      tok::greater, tok::lessequal, tok::greaterequal, tok::equalequal,
      tok::exclaimequal, tok::pipepipe, tok::lessless, tok::greatergreater,
      tok::plusequal, tok::minusequal, tok::starequal, tok::slashequal,
      tok::percentequal, tok::ampequal, tok::pipeequal, tok::caretequal,
      tok::lesslessequal, tok::greatergreaterequal, tok::question, tok::colon,
      tok::period, tok::arrow, tok::periodstar, tok::arrowstar, tok::spaceship,
      tok::comma);
}

bool checkExpressionShape(Preprocessor &PP, ArrayRef<Token> Tokens,
                          SourceLocation EndLoc, StringRef Clause) {
  if (Tokens.empty()) {
    report(PP, EndLoc, Diag::EmptyExpr) << Clause;
    return false;
  }
  auto Unexpected = [&](const Token &T) {
    report(PP, T.getLocation(), Diag::UnexpectedToken)
        << PP.getSpelling(T) << Clause;
    return false;
  };
  SmallVector<const Token *, 8> Open;
  // Brackets and runs of prefix operators nest in clang's parser, which the
  // expression reaches; deeper than its bracket depth could exhaust its stack.
  unsigned MaxDepth = PP.getLangOpts().BracketDepth;
  unsigned PrefixRun = 0;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    const Token &T = Tokens[I];
    PrefixRun = T.isOneOf(tok::plus, tok::minus, tok::exclaim, tok::tilde,
                          tok::star, tok::amp, tok::plusplus, tok::minusminus)
                    ? PrefixRun + 1
                    : 0;
    if (Open.size() + PrefixRun > MaxDepth) {
      report(PP, T.getLocation(), Diag::NestedTooDeeply) << Clause << MaxDepth;
      report(PP, T.getLocation(), Diag::BracketDepthNote);
      return false;
    }
    // What encloses T: in braces (a lambda body, an initializer list) a ';'
    // or a leading '.' is C++; in parentheses or at the top a ',' may be.
    tok::TokenKind In = Open.empty() ? tok::unknown : Open.back()->getKind();
    bool StartsOperand = I == 0 ||
                         Tokens[I - 1].isOneOf(tok::l_paren, tok::l_square) ||
                         (Tokens[I - 1].is(tok::comma) && In != tok::l_brace);
    if (StartsOperand && needsLeftOperand(T) &&
        !(T.is(tok::equal) && I > 0 && Tokens[I - 1].is(tok::l_square)))
      return Unexpected(T);
    if (T.is(tok::semi) && In != tok::l_brace)
      return Unexpected(T);
    if (T.is(tok::comma) && In == tok::unknown)
      return Unexpected(T);
    if (isOpeningBracket(T)) {
      Open.push_back(&T);
      continue;
    }
    if (isClosingBracket(T)) {
      if (Open.empty() ||
          closingBracketFor(Open.back()->getKind()) != T.getKind())
        return Unexpected(T);
      Open.pop_back();
    }
    // '[=]' and '[=, &x]' capture; a '*' or '&' before ')' ends a type.
    bool Capture = T.isOneOf(tok::equal, tok::amp) && I > 0 &&
                   Tokens[I - 1].is(tok::l_square);
    bool Last = I + 1 == Tokens.size();
    bool Dangling =
        Last || Tokens[I + 1].isOneOf(tok::r_paren, tok::r_square, tok::comma);
    bool DanglingDeclarator = Last || Tokens[I + 1].is(tok::r_square);
    if ((needsRightOperand(T) && Dangling && !Capture) ||
        (T.isOneOf(tok::star, tok::amp, tok::ampamp) && DanglingDeclarator &&
         !Capture)) {
      report(PP, T.getLocation(), Diag::ExpectedOperand)
          << PP.getSpelling(T) << Clause;
      return false;
    }
  }
  if (!Open.empty()) {
    report(PP, Open.back()->getLocation(), Diag::UnclosedInClause)
        << PP.getSpelling(*Open.back()) << Clause;
    return false;
  }
  return true;
}

} // namespace autotune
