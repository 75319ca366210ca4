//===- TokenInjection.cpp - What the compiler reads instead of a site -----===//

#include "TokenInjection.h"
#include "PluginState.h"
#include "Rewrite.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

#include <memory>

using namespace clang;

namespace autotune {

/// Hands Toks to the preprocessor, which reads them next; it keeps a copy.
static void inject(Preprocessor &PP, ArrayRef<Token> Toks) {
  auto Copy = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Copy.get());
  PP.EnterTokenStream(std::move(Copy), Toks.size(),
                      /*DisableMacroExpansion=*/true, /*IsReinject=*/true);
}

void injectSite(Preprocessor &PP, SourceLocation PragmaStart,
                const SiteRewrite &R, ArrayRef<Token> Statement) {
  const SourceManager &SM = PP.getSourceManager();
  SmallVector<Token, 256> Out;
  SourceLocation StartLoc = SM.getExpansionLoc(PragmaStart);
  SourceLocation EndLoc = SM.getExpansionLoc(Statement.back().getLocation());
  pluginState().SiteStatements.push_back(
      {SM.getExpansionLoc(Statement.front().getLocation()), EndLoc});
  appendTokens(PP, R.Prologue, StartLoc, Out);
  Out.append(Statement.begin(), Statement.end());
  appendTokens(PP, R.Epilogue, EndLoc, Out);
  // The first token of the block takes the statement's place in the line.
  Out.front().setFlagValue(Token::StartOfLine,
                           Statement.front().isAtStartOfLine());
  Out.front().setFlagValue(Token::LeadingSpace, true);
  inject(PP, Out);
}

static Token semicolonAt(SourceLocation Loc) {
  Token Semi;
  Semi.startToken();
  Semi.setKind(tok::semi);
  Semi.setLocation(Loc);
  Semi.setLength(1);
  return Semi;
}

void injectEmptyStatement(Preprocessor &PP, SourceLocation Loc) {
  inject(PP, semicolonAt(Loc));
}

void injectZero(Preprocessor &PP, SourceLocation Loc) {
  Token Zero;
  Zero.startToken();
  Zero.setKind(tok::numeric_constant);
  Zero.setLength(1);
  PP.CreateString("0", Zero, Loc, Loc);
  inject(PP, {Zero, semicolonAt(Loc)});
}

void dropStatementKeepingLabel(Preprocessor &PP, ArrayRef<Token> Statement) {
  SourceLocation End = Statement.back().getLocation();
  if (Statement.size() > 2 && Statement[0].is(tok::identifier) &&
      Statement[1].is(tok::colon)) {
    inject(PP, {Statement[0], Statement[1], semicolonAt(End)});
    return;
  }
  injectEmptyStatement(PP, End);
}

} // namespace autotune
