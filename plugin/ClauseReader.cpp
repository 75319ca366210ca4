//===- ClauseReader.cpp - The tokens of a '#pragma autotune' line ---------===//

#include "ClauseReader.h"
#include "PluginState.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

/// The first '_Pragma' written on the line of the pragma whose 'autotune'
/// token is at PragmaLoc, after it (continued lines included).
static std::optional<SourceLocation>
pragmaOperatorOnLine(Preprocessor &PP, SourceLocation PragmaLoc) {
  if (!PragmaLoc.isFileID())
    return std::nullopt; // from a macro or a '_Pragma' string: one line
  const SourceManager &SM = PP.getSourceManager();
  std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(PragmaLoc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(Pos.first, &Invalid);
  if (Invalid)
    return std::nullopt;
  Lexer Raw(SM.getLocForStartOfFile(Pos.first), PP.getLangOpts(),
            Buffer.begin(), Buffer.begin() + Pos.second, Buffer.end());
  Token T;
  Raw.LexFromRawLexer(T); // 'autotune'
  while (!Raw.LexFromRawLexer(T) && !T.isAtStartOfLine()) {
    if (T.is(tok::raw_identifier) && T.getRawIdentifier() == "_Pragma")
      return T.getLocation();
  }
  if (!T.isAtStartOfLine() && T.is(tok::raw_identifier) &&
      T.getRawIdentifier() == "_Pragma")
    return T.getLocation();
  return std::nullopt;
}

ClauseTokens readClauses(Preprocessor &PP, SourceLocation PragmaLoc) {
  ClauseTokens Clauses;
  // '_Pragma' in the clauses leaves an annotation token, which has no text.
  Clauses.OtherPragma = pragmaOperatorOnLine(PP, PragmaLoc);
  // A macro may still expand to one: the watcher notes it as it starts.
  PluginState &State = pluginState();
  State.ReadingClauses = true;
  State.PragmaInClauses = SourceLocation();
  Token Tok;
  if (Clauses.OtherPragma) {
    // Written on the pragma's line, '_Pragma' is not run: a malformed one
    // takes the line's end with it, and the directives on the lines after
    // would then run inside this one.
    PP.DiscardUntilEndOfDirective(Tok);
  } else {
    PP.Lex(Tok);
  }
  const SourceManager &SM = PP.getSourceManager();
  SourceLocation Previous = PragmaLoc;
  while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof)) {
    // A malformed '_Pragma' in the clauses can take the end of the line with
    // it (clang reports it): the next line is not the pragma's, and reading
    // on would reach the end of the file inside the directive. (The token
    // after a '_Pragma' that a macro on the line expands to is marked as
    // starting a line too, though it does not.)
    if (Tok.isAtStartOfLine() && SM.getExpansionLineNumber(Tok.getLocation()) !=
                                     SM.getExpansionLineNumber(Previous)) {
      PP.EnterToken(Tok, /*IsReinject=*/true);
      break;
    }
    if (Tok.isAnnotation())
      Clauses.OtherPragma = Clauses.OtherPragma.value_or(Tok.getLocation());
    else
      Clauses.Tokens.push_back(Tok);
    Previous = Tok.getLocation();
    PP.Lex(Tok);
  }
  State.ReadingClauses = false;
  if (State.PragmaInClauses.isValid() &&
      (!Clauses.OtherPragma ||
       PP.getSourceManager().isBeforeInTranslationUnit(State.PragmaInClauses,
                                                       *Clauses.OtherPragma)))
    Clauses.OtherPragma = State.PragmaInClauses;
  Clauses.EndOfLine = Tok.getLocation();
  return Clauses;
}

} // namespace autotune
