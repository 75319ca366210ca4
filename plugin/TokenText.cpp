//===- TokenText.cpp - Small utilities over token runs --------------------===//

#include "TokenText.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

static bool isOpen(const Token &T) {
  return T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace);
}
static bool isClose(const Token &T) {
  return T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace);
}

SmallVector<ArrayRef<Token>, 8> splitTopLevel(ArrayRef<Token> Tokens) {
  SmallVector<ArrayRef<Token>, 8> Items;
  size_t Begin = 0;
  int Depth = 0;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (isOpen(Tokens[I]))
      ++Depth;
    else if (isClose(Tokens[I]))
      --Depth;
    else if (Depth == 0 && Tokens[I].is(tok::comma)) {
      Items.push_back(Tokens.slice(Begin, I - Begin));
      Begin = I + 1;
    }
  }
  Items.push_back(Tokens.slice(Begin));
  return Items;
}

bool closesAt(ArrayRef<Token> Tokens, size_t Open, size_t Close) {
  int Depth = 0;
  for (size_t I = Open; I < Tokens.size(); ++I) {
    if (isOpen(Tokens[I]))
      ++Depth;
    else if (isClose(Tokens[I]) && --Depth == 0)
      return I == Close;
  }
  return false;
}

size_t openingOf(ArrayRef<Token> Tokens, size_t Close) {
  int Depth = 0;
  for (size_t I = Close + 1; I-- > 0;) {
    if (isClose(Tokens[I]))
      ++Depth;
    else if (isOpen(Tokens[I]) && --Depth == 0)
      return I;
  }
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
