//===- TokenText.cpp - Small utilities over token runs --------------------===//

#include "TokenText.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

bool isOpeningBracket(const Token &T) {
  return T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace);
}

bool isClosingBracket(const Token &T) {
  return T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace);
}

tok::TokenKind closingBracketFor(tok::TokenKind Open) {
  return Open == tok::l_paren    ? tok::r_paren
         : Open == tok::l_square ? tok::r_square
                                 : tok::r_brace;
}

std::optional<size_t> closingAngleOf(ArrayRef<Token> Tokens, size_t Open) {
  int Angles = 0;
  for (size_t I = Open; I < Tokens.size(); ++I) {
    const Token &T = Tokens[I];
    if (isOpeningBracket(T)) {
      I = closingOf(Tokens, I);
      continue;
    }
    if (isClosingBracket(T) || T.isOneOf(tok::semi, tok::lesslessless))
      return std::nullopt;
    if (T.is(tok::less))
      ++Angles;
    else if (T.is(tok::greater))
      Angles -= 1;
    else if (T.is(tok::greatergreater))
      Angles -= 2;
    else if (T.is(tok::greatergreatergreater))
      Angles -= 3;
    if (Angles < 0)
      return std::nullopt;
    if (Angles == 0)
      return I + 1;
  }
  return std::nullopt;
}

SmallVector<ArrayRef<Token>, 8> splitTopLevel(ArrayRef<Token> Tokens) {
  SmallVector<ArrayRef<Token>, 8> Items;
  size_t Begin = 0;
  BracketDepth Depth;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (Depth.step(Tokens[I]) == 0 && Tokens[I].is(tok::comma)) {
      Items.push_back(Tokens.slice(Begin, I - Begin));
      Begin = I + 1;
    }
  }
  Items.push_back(Tokens.slice(Begin));
  return Items;
}

size_t closingOf(ArrayRef<Token> Tokens, size_t Open) {
  BracketDepth Depth;
  for (size_t I = Open; I < Tokens.size(); ++I)
    if (Depth.step(Tokens[I]) == 0 && isClosingBracket(Tokens[I]))
      return I;
  return Tokens.size();
}

size_t openingOf(ArrayRef<Token> Tokens, size_t Close) {
  BracketDepth Depth;
  for (size_t I = Close + 1; I-- > 0;)
    if (Depth.stepBack(Tokens[I]) == 0 && isOpeningBracket(Tokens[I]))
      return I;
  return Close;
}

tok::TokenKind directiveEndOf(const Token &T) {
  if (T.is(tok::annot_pragma_openmp))
    return tok::annot_pragma_openmp_end;
  if (T.is(tok::annot_pragma_openacc))
    return tok::annot_pragma_openacc_end;
  return tok::unknown;
}

std::string joinSpellings(Preprocessor &PP, ArrayRef<Token> Tokens) {
  std::string Text;
  for (const Token &T : Tokens) {
    // Another pragma's annotation has no spelling; its source is elsewhere.
    if (T.isAnnotation())
      continue;
    if (!Text.empty() && (T.hasLeadingSpace() || T.isAtStartOfLine()))
      Text += ' ';
    Text += PP.getSpelling(T);
  }
  return Text;
}

std::string sourceText(Preprocessor &PP, ArrayRef<Token> Tokens) {
  if (Tokens.empty())
    return "";
  const SourceManager &SM = PP.getSourceManager();
  SourceLocation Begin = SM.getExpansionLoc(Tokens.front().getLocation());
  SourceLocation End =
      SM.getExpansionRange(Tokens.back().getLocation()).getEnd();
  if (Begin.isValid() && End.isValid() && SM.isWrittenInSameFile(Begin, End) &&
      !SM.isBeforeInTranslationUnit(End, Begin)) {
    bool Invalid = false;
    StringRef Text =
        Lexer::getSourceText(CharSourceRange::getTokenRange(Begin, End), SM,
                             PP.getLangOpts(), &Invalid);
    if (!Invalid)
      return Text.str();
  }
  return joinSpellings(PP, Tokens);
}

} // namespace autotune
