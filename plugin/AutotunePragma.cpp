//===- AutotunePragma.cpp - The '#pragma autotune' handler ----------------===//

#include "AutotunePragma.h"
#include "Diagnostics.h"
#include "HiddenVariables.h"
#include "LaunchStatement.h"
#include "MissingKey.h"
#include "PragmaParser.h"
#include "PragmaPlacement.h"
#include "Rewrite.h"
#include "SiteContext.h"
#include "SiteFingerprint.h"
#include "Space.h"
#include "TokenText.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace autotune {

PluginState &pluginState() {
  static PluginState State;
  return State;
}

bool PluginState::isInSiteStatement(const SourceManager &SM,
                                    SourceLocation Loc) const {
  SourceLocation L = SM.getExpansionLoc(Loc);
  for (const SourceRange &R : SiteStatements)
    if (SM.isPointWithin(L, R.getBegin(), R.getEnd()))
      return true;
  return false;
}

namespace {

/// The statement after the pragma, read whole whatever its kind, so that a
/// rejected statement is dropped entirely and nothing after it is taken.
struct StatementTokens {
  SmallVector<Token, 64> Tokens;
  bool Complete = false;   // a whole statement was read
  SourceLocation StopLoc;  // where reading stopped early (a '}' or the end)
  SourceLocation Unclosed; // a bracket left open when it stopped
};

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
    S.Complete = readStatement();
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

  static tok::TokenKind closerOf(const Token &T) {
    return T.is(tok::l_paren)    ? tok::r_paren
           : T.is(tok::l_square) ? tok::r_square
                                 : tok::r_brace;
  }

  /// Reads while tracking brackets: if Balanced, from an opening bracket to
  /// its match; else up to a ';' outside brackets. Stops before a closing
  /// bracket that closes nothing of ours, and at the end of the file; an
  /// opening bracket left open is reported by the caller through Unclosed.
  bool readTokens(bool Balanced) {
    SmallVector<std::pair<tok::TokenKind, SourceLocation>, 8> Open;
    while (true) {
      const Token &T = peek();
      bool IsClose = T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace);
      if (T.is(tok::eof) ||
          (IsClose && (Open.empty() || Open.back().first != T.getKind()))) {
        S.StopLoc = T.getLocation();
        if (!Open.empty())
          S.Unclosed = Open.back().second;
        return false;
      }
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        Open.push_back({closerOf(T), T.getLocation()});
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

  bool readStatement() {
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
      return readParenthesised() && readStatement();
    }
    if (First.is(tok::kw_do)) {
      take();
      if (!readStatement() || !peek().is(tok::kw_while))
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
      return readStatement();
    }
    return readToSemicolon();
  }
};

/// The offset of the last token, outside directives, of the file holding
/// the pragma, if there is one after it. Reading the statement must not lex
/// past it: the end of the file, met inside a directive, would free the
/// lexer that is running the directive.
std::optional<unsigned> lastCodeOffset(Preprocessor &PP,
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

/// The first '_Pragma' written on the line of the pragma whose 'autotune'
/// token is at PragmaLoc, after it (continued lines included).
std::optional<SourceLocation> pragmaOperatorOnLine(Preprocessor &PP,
                                                   SourceLocation PragmaLoc) {
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

/// Hands Toks to the preprocessor, which reads them next; it keeps a copy.
void inject(Preprocessor &PP, ArrayRef<Token> Toks) {
  auto Copy = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Copy.get());
  PP.EnterTokenStream(std::move(Copy), Toks.size(),
                      /*DisableMacroExpansion=*/true, /*IsReinject=*/true);
}

/// Replaces a statement that cannot be rewritten with an empty one, so that
/// the error is reported once and not again as undeclared parameters.
void injectEmptyStatement(Preprocessor &PP, SourceLocation Loc) {
  Token Semi;
  Semi.startToken();
  Semi.setKind(tok::semi);
  Semi.setLocation(Loc);
  Semi.setLength(1);
  inject(PP, Semi);
}

} // namespace

void AutotunePragmaHandler::HandlePragma(Preprocessor &PP,
                                         PragmaIntroducer Introducer,
                                         Token &FirstToken) {
  PluginState &State = pluginState();
  SourceLocation PragmaLoc = FirstToken.getLocation();

  SmallVector<Token, 32> Clauses;
  // '_Pragma' in the clauses leaves an annotation token, which has no text.
  std::optional<SourceLocation> OtherPragma =
      pragmaOperatorOnLine(PP, PragmaLoc);
  Token Tok;
  if (OtherPragma) {
    // Written on the pragma's line, '_Pragma' is not run: a malformed one
    // takes the line's end with it, and the directives on the lines after
    // would then run inside this one.
    PP.DiscardUntilEndOfDirective(Tok);
  } else {
    PP.Lex(Tok);
  }
  while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof)) {
    // A malformed '_Pragma' in the clauses can take the end of the line with
    // it (clang reports it): the next line is not the pragma's, and reading
    // on would reach the end of the file inside the directive.
    if (Tok.isAtStartOfLine()) {
      PP.EnterToken(Tok, /*IsReinject=*/true);
      break;
    }
    if (Tok.isAnnotation())
      OtherPragma = OtherPragma.value_or(Tok.getLocation());
    else
      Clauses.push_back(Tok);
    PP.Lex(Tok);
  }
  SourceLocation EndOfLine = Tok.getLocation();

  if (State.ReadingStatement) {
    report(PP, PragmaLoc, Diag::NestedPragma);
    return;
  }

  std::optional<SiteSpec> Spec;
  if (OtherPragma)
    report(PP, *OtherPragma, Diag::OtherPragmaInClauses);
  else
    Spec = parsePragma(PP, PragmaLoc, Clauses, EndOfLine);
  Placement Where = checkPlacement(PP, PragmaLoc, EndOfLine);
  if (Where == Placement::AboveDefinition)
    return; // the definition is the compiler's, untouched
  bool Misplaced = Where == Placement::Misplaced ||
                   rejectSiteContext(PP, State.CurrentSema, PragmaLoc);

  const SourceManager &SrcMgr = PP.getSourceManager();
  std::optional<unsigned> LastOffset = lastCodeOffset(PP, EndOfLine);
  if (!LastOffset) {
    report(PP, EndOfLine, Diag::ExpectedStatement);
    return;
  }
  State.ReadingStatement = true;
  // A main file that ends in inactive code may still be lexed to its end:
  // incremental processing keeps its lexer alive there.
  bool WasIncremental = PP.isIncrementalProcessingEnabled();
  PP.enableIncrementalProcessing(true);
  StatementTokens Stmt =
      StatementReader(PP, SrcMgr.getFileID(SrcMgr.getExpansionLoc(EndOfLine)),
                      *LastOffset)
          .read();
  PP.enableIncrementalProcessing(WasIncremental);
  State.ReadingStatement = false;

  if (!Stmt.Complete) {
    if (Stmt.Tokens.empty()) {
      report(PP, Stmt.StopLoc, Diag::ExpectedStatement);
      return;
    }
    if (Stmt.Unclosed.isValid())
      report(PP, Stmt.Unclosed, Diag::UnclosedBracket);
    else
      report(PP, Stmt.StopLoc, Diag::MissingSemicolon);
    report(PP, PragmaLoc, Diag::PragmaHere);
    injectEmptyStatement(PP, Stmt.Tokens.back().getLocation());
    return;
  }
  SourceLocation StmtEnd = Stmt.Tokens.back().getLocation();
  if (!Spec || Misplaced) {
    injectEmptyStatement(PP, StmtEnd);
    return;
  }

  std::optional<Statement> Analysis = analyzeStatement(PP, *Spec, Stmt.Tokens);
  std::optional<Space> Points;
  if (Analysis)
    Points = enumerateSpace(PP, *Spec);
  if (!Analysis || !Points || checkHiddenVariables(PP, *Spec)) {
    // A rejected labeled statement keeps its label for the gotos that use it.
    if (Stmt.Tokens.size() > 2 && Stmt.Tokens[0].is(tok::identifier) &&
        Stmt.Tokens[1].is(tok::colon)) {
      Token Semi = Stmt.Tokens.back();
      Semi.startToken();
      Semi.setKind(tok::semi);
      Semi.setLocation(StmtEnd);
      Semi.setLength(1);
      inject(PP, {Stmt.Tokens[0], Stmt.Tokens[1], Semi});
      return;
    }
    injectEmptyStatement(PP, StmtEnd);
    return;
  }
  warnMissingKey(PP, *Spec, Analysis->LaunchConfig);

  const SourceManager &SM = PP.getSourceManager();
  SiteIdentity Id;
  PresumedLoc Presumed = SM.getPresumedLoc(PragmaLoc);
  Id.File = Presumed.isValid() ? Presumed.getFilename() : "<unknown>";
  Id.Line = Presumed.isValid() ? Presumed.getLine() : 0;
  // No line in a default name: a line added above the site must not make
  // it another site. Sites that share a name are told apart by their order.
  Id.Name =
      !Spec->Name.empty()
          ? Spec->Name
          : (llvm::sys::path::filename(Id.File) + ":" + Analysis->Callee).str();
  auto &[Count, First] = State.SiteNames[Id.Name];
  SourceLocation NameLoc =
      Spec->NameLoc.isValid() ? Spec->NameLoc : Spec->PragmaLoc;
  if (++Count == 1) {
    First = NameLoc;
  } else {
    // (Warnings are the host job's: report() drops them in device jobs.)
    if (!Spec->Name.empty()) {
      report(PP, NameLoc, Diag::RepeatedSiteName) << Id.Name << Count;
      report(PP, First, Diag::FirstSiteName) << Id.Name;
    }
    Id.Name += "#" + std::to_string(Count);
  }
  Id.CodeHash = userCodeHash(PP, PragmaLoc);
  Id.OptionsHash = State.CompileOptionsHash ? *State.CompileOptionsHash
                                            : preprocessorOptionsHash(PP);

  SiteRewrite R = buildRewrite(PP, *Spec, *Points, *Analysis, Stmt.Tokens, Id);

  SmallVector<Token, 256> Out;
  SourceLocation StartLoc = SM.getExpansionLoc(Introducer.Loc);
  SourceLocation EndLoc = SM.getExpansionLoc(Stmt.Tokens.back().getLocation());
  State.SiteStatements.push_back(
      {SM.getExpansionLoc(Stmt.Tokens.front().getLocation()), EndLoc});
  appendTokens(PP, R.Prologue, StartLoc, Out);
  Out.append(Stmt.Tokens.begin(), Stmt.Tokens.end());
  appendTokens(PP, R.Epilogue, EndLoc, Out);
  // The first token of the block takes the statement's place in the line.
  Out.front().setFlagValue(Token::StartOfLine,
                           Stmt.Tokens.front().isAtStartOfLine());
  Out.front().setFlagValue(Token::LeadingSpace, true);
  inject(PP, Out);

  // The text form keeps every line where it was: the site's declarations
  // replace the pragma's lines, the statement and anything between (comments,
  // directives) stay, and the call follows the statement's ';'.
  FileID Main = SM.getMainFileID();
  std::pair<FileID, unsigned> Begin = SM.getDecomposedLoc(StartLoc);
  std::pair<FileID, unsigned> LineEnd =
      SM.getDecomposedLoc(SM.getExpansionLoc(EndOfLine));
  SourceLocation LastLoc =
      SM.getExpansionRange(Stmt.Tokens.back().getLocation()).getEnd();
  std::pair<FileID, unsigned> End = SM.getDecomposedLoc(LastLoc);
  // The statement's last token as written: ';' itself, or the macro name or
  // ')' of the invocation it came from.
  unsigned LastLength =
      Lexer::MeasureTokenLength(LastLoc, SM, PP.getLangOpts());
  if (!State.WritesSource)
    return;
  if (Begin.first != Main || LineEnd.first != Main || End.first != Main ||
      Introducer.Kind != PIK_HashPragma || LineEnd.second < Begin.second) {
    // The text written is the main file's: this site stays a pragma there.
    report(PP, PragmaLoc, Diag::NotInSourceOutput);
    return;
  }
  SourceLocation Semi = Stmt.Tokens.back().getLocation();
  if (Semi.isMacroID() &&
      !Lexer::isAtEndOfMacroExpansion(Semi, SM, PP.getLangOpts())) {
    report(PP, SM.getExpansionLoc(Semi), Diag::StatementEndsInMacro);
    return;
  }
  StringRef Buffer = SM.getBufferData(Main);
  std::string Prologue = renderText(PP, R.Prologue);
  Prologue.append(Buffer.slice(Begin.second, LineEnd.second).count('\n'), '\n');
  State.Source.replace(Begin.second, LineEnd.second, std::move(Prologue));
  State.Source.replace(End.second + LastLength, End.second + LastLength,
                       renderText(PP, R.Epilogue));
}

} // namespace autotune
