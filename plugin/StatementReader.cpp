//===- StatementReader.cpp - The tokens of the statement after a pragma ---===//

#include "StatementReader.h"
#include "Diagnostics.h"
#include "PluginState.h"
#include "TokenText.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

namespace {

class StatementReader {
public:
  /// Reads no further than the token at LastOffset of File.
  StatementReader(Preprocessor &PP, FileID File, unsigned LastOffset)
      : PP(PP), File(File), LastOffset(LastOffset) {
    End.startToken();
    End.setKind(tok::eof);
    End.setLocation(PP.getSourceManager().getLocForEndOfFile(File));
  }

  StatementTokens read() {
    S.Complete = readOneStatement();
    return std::move(S);
  }

private:
  Preprocessor &PP;
  FileID File;
  unsigned LastOffset;
  Token End; // stands for the end of File
  StatementTokens S;

  /// True when lexing after T would reach the end of File.
  bool endsFile(const Token &T) const {
    const SourceManager &SM = PP.getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(T.getLocation());
    if (SM.getFileID(Loc) != File || SM.getFileOffset(Loc) < LastOffset)
      return false;
    return !T.getLocation().isMacroID() ||
           Lexer::isAtEndOfMacroExpansion(T.getLocation(), SM,
                                          PP.getLangOpts());
  }

  /// The next token, not consumed: a '}' or the end of the file that ends
  /// the enclosing block must stay for the parser.
  const Token &peek() {
    if (!S.Tokens.empty() && endsFile(S.Tokens.back()))
      return End;
    return PP.LookAhead(0);
  }
  bool stopsHere(const Token &T) {
    if (T.isOneOf(tok::eof, tok::r_brace, tok::r_paren, tok::r_square)) {
      S.StopLoc = T.getLocation();
      return true;
    }
    return false;
  }
  void take() {
    Token T;
    PP.Lex(T);
    S.Tokens.push_back(T);
  }

  /// Reads while tracking brackets: if Balanced, from an opening bracket to
  /// its match; else up to a ';' outside brackets. Stops before a closing
  /// bracket that closes nothing of ours, and at the end of the file; an
  /// opening bracket left open is reported by the caller through Unclosed.
  bool readTokens(bool Balanced) {
    SmallVector<std::pair<tok::TokenKind, SourceLocation>, 8> Open;
    while (true) {
      const Token &T = peek();
      bool IsClose = isClosingBracket(T);
      if (T.is(tok::eof) ||
          (IsClose && (Open.empty() || Open.back().first != T.getKind()))) {
        S.StopLoc = T.getLocation();
        if (!Open.empty())
          S.Unclosed = Open.back().second;
        return false;
      }
      if (isOpeningBracket(T))
        Open.push_back({closingBracketFor(T.getKind()), T.getLocation()});
      else if (IsClose)
        Open.pop_back();
      bool Done = Open.empty() && (Balanced || T.is(tok::semi));
      take();
      if (Done)
        return true;
    }
  }
  bool readBalanced() { return readTokens(/*Balanced=*/true); }
  bool readToSemicolon() { return readTokens(/*Balanced=*/false); }

  bool readParenthesised() {
    if (!peek().is(tok::l_paren)) {
      S.StopLoc = peek().getLocation();
      return false;
    }
    return readBalanced();
  }

  /// Takes the annotation tokens that other pragmas ('#pragma unroll',
  /// '_Pragma("pack(1)")') leave before the statement, so that its form is
  /// read from its first written token. An OpenMP or OpenACC directive is an
  /// annotation, its clauses and an end annotation.
  void takeAnnotations() {
    while (peek().isAnnotation()) {
      tok::TokenKind EndKind = directiveEndOf(peek());
      take();
      if (EndKind == tok::unknown)
        continue;
      while (!peek().isOneOf(EndKind, tok::eof))
        take();
      if (peek().is(EndKind))
        take();
    }
  }

  bool readOneStatement() {
    takeAnnotations();
    const Token &First = peek();
    if (stopsHere(First))
      return false;
    if (First.is(tok::l_brace))
      return readBalanced();
    if (First.isOneOf(tok::kw_if, tok::kw_for, tok::kw_while, tok::kw_switch)) {
      bool IsIf = First.is(tok::kw_if);
      take();
      if (IsIf && peek().is(tok::kw_constexpr))
        take();
      // Not looking past the body for an 'else': the next token may start
      // another pragma, which must not run while this one reads.
      return readParenthesised() && readOneStatement();
    }
    if (First.is(tok::kw_do)) {
      take();
      if (!readOneStatement() || !peek().is(tok::kw_while))
        return false;
      take();
      return readParenthesised() && readToSemicolon();
    }
    if (First.is(tok::kw_try)) {
      take();
      if (!peek().is(tok::l_brace) || !readBalanced() ||
          !peek().is(tok::kw_catch))
        return false;
      take();
      return readParenthesised() && peek().is(tok::l_brace) && readBalanced();
    }
    if (First.is(tok::identifier) && !endsFile(First) &&
        PP.LookAhead(1).is(tok::colon)) {
      take(); // a label
      take();
      return readOneStatement();
    }
    return readToSemicolon();
  }
};

} // namespace

/// The offset of the last token, outside directives, of the file holding
/// the pragma, if there is one after it. Reading the statement must not lex
/// past it: the end of the file, met inside a directive, would free the
/// lexer that is running the directive.
static std::optional<unsigned> lastCodeOffset(Preprocessor &PP,
                                              SourceLocation EndOfLine) {
  const SourceManager &SM = PP.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(EndOfLine);
  std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(Pos.first);
  Lexer Raw(SM.getLocForStartOfFile(Pos.first), PP.getLangOpts(),
            Buffer.begin(), Buffer.begin() + Pos.second, Buffer.end());
  Token T;
  bool InDirective = false;
  std::optional<unsigned> Last;
  while (true) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      return Last;
    if (T.isAtStartOfLine())
      InDirective = T.is(tok::hash);
    if (!InDirective)
      Last = SM.getFileOffset(T.getLocation());
  }
}

std::optional<StatementTokens> readStatement(Preprocessor &PP,
                                             SourceLocation EndOfLine) {
  std::optional<unsigned> LastOffset = lastCodeOffset(PP, EndOfLine);
  if (!LastOffset)
    return std::nullopt;
  const SourceManager &SM = PP.getSourceManager();
  PluginState &State = pluginState();
  State.ReadingStatement = true;
  // A main file that ends in inactive code may still be lexed to its end:
  // incremental processing keeps its lexer alive there.
  bool WasIncremental = PP.isIncrementalProcessingEnabled();
  PP.enableIncrementalProcessing(true);
  StatementTokens Stmt =
      StatementReader(PP, SM.getFileID(SM.getExpansionLoc(EndOfLine)),
                      *LastOffset)
          .read();
  PP.enableIncrementalProcessing(WasIncremental);
  State.ReadingStatement = false;
  return Stmt;
}

void reportIncompleteStatement(Preprocessor &PP, const StatementTokens &Stmt,
                               SourceLocation PragmaLoc) {
  if (Stmt.Tokens.empty()) {
    report(PP, Stmt.StopLoc, Diag::ExpectedStatement);
    return;
  }
  if (Stmt.Unclosed.isValid())
    report(PP, Stmt.Unclosed, Diag::UnclosedBracket);
  else
    report(PP, Stmt.StopLoc, Diag::MissingSemicolon);
  report(PP, PragmaLoc, Diag::PragmaHere);
}

} // namespace autotune
