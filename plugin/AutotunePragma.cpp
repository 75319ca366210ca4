//===- AutotunePragma.cpp - The '#pragma autotune' handler ----------------===//

#include "AutotunePragma.h"
#include "Diagnostics.h"
#include "LaunchStatement.h"
#include "PragmaParser.h"
#include "Rewrite.h"
#include "Space.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using namespace clang;

namespace autotune {

PluginState &pluginState() {
  static PluginState State;
  return State;
}

namespace {

/// Tokens up to and including the ';' that ends the statement, or up to the
/// point where it is clear that there is none.
struct StatementTokens {
  SmallVector<Token, 64> Tokens;
  bool Complete = false;    // ends with ';'
  bool HasPutBack = false;  // PutBack must go back to the preprocessor
  Token PutBack;
};

StatementTokens readStatement(Preprocessor &PP) {
  StatementTokens S;
  int Depth = 0;
  while (true) {
    Token Tok;
    PP.Lex(Tok);
    if (Tok.is(tok::eof) || (Depth == 0 && Tok.isOneOf(tok::r_brace,
                                                       tok::r_paren,
                                                       tok::r_square))) {
      S.PutBack = Tok;
      S.HasPutBack = true;
      return S;
    }
    if (S.Tokens.empty() && Tok.is(tok::l_brace)) {
      // A compound statement: not ours; leave it to the parser.
      S.PutBack = Tok;
      S.HasPutBack = true;
      return S;
    }
    S.Tokens.push_back(Tok);
    if (Tok.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (Tok.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --Depth;
    else if (Depth == 0 && Tok.is(tok::semi)) {
      S.Complete = true;
      return S;
    }
  }
}

/// A hash of every user file entered so far: editing a kernel, here or in a
/// header of the project, changes the fingerprint of the sites after it.
uint64_t userSourceHash(const SourceManager &SM) {
  static llvm::DenseMap<const void *, uint64_t> Cache;
  uint64_t Hash = 0;
  llvm::SmallPtrSet<const void *, 32> Seen;
  for (unsigned I = 0, E = SM.local_sloc_entry_size(); I < E; ++I) {
    const SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile())
      continue;
    const SrcMgr::FileInfo &File = Entry.getFile();
    if (File.getFileCharacteristic() != SrcMgr::C_User)
      continue;
    const SrcMgr::ContentCache &Content = File.getContentCache();
    if (!Content.OrigEntry || !Seen.insert(&Content).second)
      continue;
    auto It = Cache.find(&Content);
    if (It == Cache.end()) {
      std::optional<llvm::MemoryBufferRef> Buffer =
          Content.getBufferIfLoaded();
      uint64_t H = Buffer ? llvm::xxh3_64bits(Buffer->getBuffer()) : 0;
      It = Cache.try_emplace(&Content, H).first;
    }
    Hash = Hash * 1099511628211ull ^ It->second;
  }
  return Hash;
}

/// Reports a pragma inside a __global__ or __device__-only function.
bool rejectDeviceCode(Preprocessor &PP, SourceLocation Loc) {
  Sema *S = pluginState().CurrentSema;
  if (!S || !PP.getLangOpts().CUDA)
    return false;
  const FunctionDecl *FD = S->getCurFunctionDecl(/*AllowLambda=*/false);
  if (!FD)
    return false;
  const char *Kind = nullptr;
  if (FD->hasAttr<CUDAGlobalAttr>())
    Kind = "__global__";
  else if (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>())
    Kind = "__device__";
  if (!Kind)
    return false;
  report(PP, Loc, Diag::DeviceCode) << FD->getNameAsString() << Kind;
  return true;
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
void injectEmptyStatement(Preprocessor &PP, const StatementTokens &Stmt) {
  SmallVector<Token, 2> Toks;
  Token Semi;
  Semi.startToken();
  Semi.setKind(tok::semi);
  Semi.setLocation(Stmt.Tokens.empty() ? Stmt.PutBack.getLocation()
                                       : Stmt.Tokens.back().getLocation());
  Semi.setLength(1);
  Toks.push_back(Semi);
  if (Stmt.HasPutBack)
    Toks.push_back(Stmt.PutBack);
  inject(PP, Toks);
}

void reinject(Preprocessor &PP, const StatementTokens &Stmt) {
  SmallVector<Token, 64> Toks(Stmt.Tokens.begin(), Stmt.Tokens.end());
  if (Stmt.HasPutBack)
    Toks.push_back(Stmt.PutBack);
  inject(PP, Toks);
}

} // namespace

void AutotunePragmaHandler::HandlePragma(Preprocessor &PP,
                                         PragmaIntroducer Introducer,
                                         Token &FirstToken) {
  PluginState &State = pluginState();
  SourceLocation PragmaLoc = FirstToken.getLocation();

  SmallVector<Token, 32> Clauses;
  Token Tok;
  PP.Lex(Tok);
  while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof)) {
    Clauses.push_back(Tok);
    PP.Lex(Tok);
  }
  SourceLocation EndOfLine = Tok.getLocation();

  if (State.ReadingStatement) {
    report(PP, PragmaLoc, Diag::NestedPragma);
    return;
  }

  std::optional<SiteSpec> Spec =
      parsePragma(PP, PragmaLoc, Clauses, EndOfLine);
  bool InDevice = rejectDeviceCode(PP, PragmaLoc);

  State.ReadingStatement = true;
  StatementTokens Stmt = readStatement(PP);
  State.ReadingStatement = false;

  if (Stmt.Tokens.empty() || !Stmt.Complete) {
    if (Stmt.Tokens.empty()) {
      report(PP, Stmt.PutBack.getLocation(), Diag::ExpectedStatement);
    } else {
      report(PP, Stmt.PutBack.getLocation(), Diag::MissingSemicolon);
      report(PP, PragmaLoc, Diag::PragmaHere);
    }
    reinject(PP, Stmt);
    return;
  }
  if (!Spec || InDevice) {
    injectEmptyStatement(PP, Stmt);
    return;
  }

  std::optional<Statement> Analysis = analyzeStatement(PP, *Spec, Stmt.Tokens);
  std::optional<Space> Points;
  if (Analysis)
    Points = enumerateSpace(PP, *Spec);
  if (!Analysis || !Points) {
    injectEmptyStatement(PP, Stmt);
    return;
  }

  const SourceManager &SM = PP.getSourceManager();
  SiteIdentity Id;
  PresumedLoc Presumed = SM.getPresumedLoc(PragmaLoc);
  Id.File = Presumed.isValid() ? Presumed.getFilename() : "<unknown>";
  Id.Line = Presumed.isValid() ? Presumed.getLine() : 0;
  Id.Name = !Spec->Name.empty()
                ? Spec->Name
                : (llvm::sys::path::filename(Id.File) + ":" +
                   std::to_string(Id.Line) + ":" + Analysis->Callee)
                      .str();
  Id.SourceHash = userSourceHash(SM);

  SiteRewrite R = buildRewrite(PP, *Spec, *Points, *Analysis, Stmt.Tokens, Id);

  SmallVector<Token, 256> Out;
  SourceLocation StartLoc = SM.getExpansionLoc(Introducer.Loc);
  SourceLocation EndLoc = SM.getExpansionLoc(Stmt.Tokens.back().getLocation());
  appendTokens(PP, R.Prologue, StartLoc, Out);
  Out.append(Stmt.Tokens.begin(), Stmt.Tokens.end());
  appendTokens(PP, R.Epilogue, EndLoc, Out);
  // The first token of the block takes the statement's place in the line.
  Out.front().setFlagValue(Token::StartOfLine,
                           Stmt.Tokens.front().isAtStartOfLine());
  Out.front().setFlagValue(Token::LeadingSpace, true);
  if (Stmt.HasPutBack)
    Out.push_back(Stmt.PutBack);
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
  if (Begin.first != Main || LineEnd.first != Main || End.first != Main ||
      Introducer.Kind != PIK_HashPragma || LineEnd.second < Begin.second)
    return;
  StringRef Buffer = SM.getBufferData(Main);
  std::string Prologue = renderText(PP, R.Prologue);
  Prologue.append(Buffer.slice(Begin.second, LineEnd.second).count('\n'), '\n');
  State.Source.replace(Begin.second, LineEnd.second, std::move(Prologue));
  State.Source.replace(End.second + 1, End.second + 1, renderText(PP, R.Epilogue));
}

} // namespace autotune
