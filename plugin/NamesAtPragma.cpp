//===- NamesAtPragma.cpp - What a name refers to where a pragma stands ----===//

#include "NamesAtPragma.h"
#include "PluginState.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace autotune {

/// True when the last token before the line of Loc, outside directives, is
/// a '}'. Read line by line from the text (a block comment spanning lines
/// before the pragma can hide it).
static bool followsClosingBrace(Preprocessor &PP, SourceLocation Loc) {
  const SourceManager &SM = PP.getSourceManager();
  std::pair<FileID, unsigned> Pos =
      SM.getDecomposedLoc(SM.getExpansionLoc(Loc));
  StringRef Buffer = SM.getBufferData(Pos.first);
  // Each line from the one before the pragma's upwards: [Begin, End).
  size_t End = Buffer.rfind('\n', Pos.second);
  for (int Lines = 0; End != StringRef::npos && End > 0 && Lines < 64;
       ++Lines) {
    size_t Begin = Buffer.rfind('\n', End - 1);
    Begin = Begin == StringRef::npos ? 0 : Begin + 1;
    // The raw lexer needs the buffer's own end; it stops at the line's.
    Lexer Raw(SM.getLocForStartOfFile(Pos.first), PP.getLangOpts(),
              Buffer.begin(), Buffer.begin() + Begin, Buffer.end());
    Token T;
    std::optional<tok::TokenKind> First, Last;
    while (true) {
      bool AtEnd = Raw.LexFromRawLexer(T);
      if (T.is(tok::eof) || SM.getFileOffset(T.getLocation()) >= End)
        break;
      if (!First)
        First = T.getKind();
      Last = T.getKind();
      if (AtEnd)
        break;
    }
    if (First && *First != tok::hash)
      return *Last == tok::r_brace;
    End = Begin == 0 ? StringRef::npos : Begin - 1;
  }
  return false;
}

/// The parser's scope that holds the pragma at PragmaLoc. Right after a
/// block's '}' the parser has not left the block yet; its parent is then.
static Scope *scopeOfPragma(Preprocessor &PP, Sema &S,
                            SourceLocation PragmaLoc) {
  Scope *Current = S.getCurScope();
  if (Current && Current->getParent() && Current->isCompoundStmtScope() &&
      followsClosingBrace(PP, PragmaLoc))
    return Current->getParent();
  return Current;
}

NamesAtPragma::NamesAtPragma(Preprocessor &PP, SourceLocation PragmaLoc)
    : PP(PP), S(pluginState().CurrentSema) {
  if (S)
    At = scopeOfPragma(PP, *S, PragmaLoc);
  else if (pluginState().Tokens)
    Function = pluginState().Tokens->current();
}

const NamedDecl *NamesAtPragma::declaration(StringRef Name,
                                            SourceLocation Loc) const {
  if (!S || !At)
    return nullptr;
  LookupResult R(*S, DeclarationNameInfo(PP.getIdentifierInfo(Name), Loc),
                 Sema::LookupOrdinaryName);
  R.suppressDiagnostics();
  if (!S->LookupName(R, At) || !R.isSingleResult())
    return nullptr;
  return R.getFoundDecl();
}

const DeclaredName *NamesAtPragma::local(StringRef Name) const {
  return Function ? Function->find(Name) : nullptr;
}

} // namespace autotune
