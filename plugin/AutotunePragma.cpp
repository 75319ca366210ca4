//===- AutotunePragma.cpp - The '#pragma autotune' handler ----------------===//

#include "AutotunePragma.h"
#include "ClauseReader.h"
#include "Diagnostics.h"
#include "HiddenVariables.h"
#include "LeftOutPoints.h"
#include "MissingKey.h"
#include "PluginState.h"
#include "PragmaParser.h"
#include "PragmaPlacement.h"
#include "PragmaWatcher.h"
#include "Rewrite.h"
#include "SiteContext.h"
#include "SiteFingerprint.h"
#include "SiteList.h"
#include "SiteName.h"
#include "Space.h"
#include "StatementForm.h"
#include "StatementReader.h"
#include "TokenInjection.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace autotune {

/// A '#pragma autotune' met while another one runs, read and dropped: in
/// its clauses (from a macro; the outer one reports it there) or in its
/// statement. Running it would read on from the lexer the outer one reads.
static void refuseNested(Preprocessor &PP, SourceLocation PragmaLoc) {
  if (!pluginState().ReadingClauses)
    report(PP, PP.getSourceManager().getExpansionLoc(PragmaLoc),
           Diag::NestedPragma);
  PP.DiscardUntilEndOfDirective();
}

/// The site's analysis, the points it compiles (all but those the build
/// left out) and its rewrite, put in place of the statement; a site that
/// cannot be rewritten is dropped, its label kept.
static void rewriteSite(Preprocessor &PP, PragmaIntroducer Introducer,
                        SourceLocation PragmaLoc, SourceLocation EndOfLine,
                        const SiteSpec &Spec, const StatementTokens &Stmt) {
  PluginState &State = pluginState();
  std::optional<Statement> Analysis = analyzeStatement(PP, Spec, Stmt.Tokens);
  std::optional<Space> Points;
  if (Analysis)
    Points = enumerateSpace(PP, Spec);
  if (!Analysis || !Points || checkHiddenVariables(PP, Spec)) {
    dropStatementKeepingLabel(PP, Stmt.Tokens);
    return;
  }
  warnMissingKey(PP, Spec, Analysis->LaunchConfig);

  SiteName Name = nameSite(PP, Spec, Analysis->Callee);
  std::optional<Space> Compiled = *Points;
  if (usesLeftOutPoints()) {
    uint64_t Key = siteKey(PP, Spec, *Points, Stmt.Tokens);
    listSite(PP, Spec, *Points, Name, Key);
    Compiled = compiledPoints(PP, Spec, *Points, Name, Key);
    if (!Compiled) {
      dropStatementKeepingLabel(PP, Stmt.Tokens);
      return;
    }
  }
  // A site a probe leaves out compiles none of its points.
  uint64_t Fingerprint =
      Compiled->size() ? siteFingerprint(PP, Spec, *Compiled, Stmt.Tokens) : 0;
  SiteRewrite R = buildRewrite(PP, Spec, *Compiled, *Analysis, Stmt.Tokens,
                               Name, Fingerprint);
  injectSite(PP, Introducer.Loc, R, Stmt.Tokens);
  if (State.WritesSource)
    State.Source.addSite(PP, Introducer, PragmaLoc, EndOfLine, Stmt.Tokens, R);
}

void AutotunePragmaHandler::HandlePragma(Preprocessor &PP,
                                         PragmaIntroducer Introducer,
                                         Token &FirstToken) {
  PluginState &State = pluginState();
  SourceLocation PragmaLoc = FirstToken.getLocation();
  if (!State.PragmaWatcher)
    watchPragmas(PP); // 'clang -E' runs no action
  if (State.InHandler) {
    refuseNested(PP, PragmaLoc);
    return;
  }
  llvm::SaveAndRestore<bool> Running(State.InHandler, true);

  // Open until its end is known: a pragma run in the clauses reports there.
  const SourceManager &SM = PP.getSourceManager();
  State.Sites.push_back({SM.getExpansionLoc(Introducer.Loc), SourceLocation()});
  ClauseTokens Clauses = readClauses(PP, PragmaLoc);
  State.Sites.back().setEnd(SM.getExpansionLoc(Clauses.EndOfLine));
  std::optional<SiteSpec> Spec;
  if (Clauses.OtherPragma)
    report(PP, *Clauses.OtherPragma, Diag::OtherPragmaInClauses);
  else
    Spec = parsePragma(PP, PragmaLoc, Clauses.Tokens, Clauses.EndOfLine);

  Placement Where = checkPlacement(PP, PragmaLoc, Clauses.EndOfLine);
  // What the compiler reads next is a statement (or the definition).
  State.PrecedingToken = tok::semi;
  if (Where == Placement::AboveDefinition)
    return; // the definition is the compiler's, untouched
  bool Misplaced = Where != Placement::InHostFunction ||
                   rejectSiteContext(PP, State.CurrentSema, PragmaLoc);

  // The statement is read even when the site is refused, so that it is
  // dropped whole and one error is reported.
  std::optional<StatementTokens> Stmt = readStatement(PP, Clauses.EndOfLine);
  if (!Stmt) {
    report(PP, Clauses.EndOfLine, Diag::ExpectedStatement);
    return;
  }
  if (!Stmt->Tokens.empty())
    State.Sites.back().setEnd(
        SM.getExpansionLoc(Stmt->Tokens.back().getLocation()));
  if (!Stmt->Complete) {
    reportIncompleteStatement(PP, *Stmt, PragmaLoc);
    if (!Stmt->Tokens.empty())
      injectEmptyStatement(PP, Stmt->Tokens.back().getLocation());
    return;
  }
  if (Where == Placement::InsideExpression) {
    injectZero(PP, Stmt->Tokens.back().getLocation());
    return;
  }
  if (!Spec || Misplaced) {
    injectEmptyStatement(PP, Stmt->Tokens.back().getLocation());
    return;
  }

  rewriteSite(PP, Introducer, PragmaLoc, Clauses.EndOfLine, *Spec, *Stmt);
}

} // namespace autotune
