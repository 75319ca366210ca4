//===- PragmaPlacement.cpp - Where '#pragma autotune' may stand -----------===//

#include "PragmaPlacement.h"
#include "Diagnostics.h"
#include "EnclosingFunction.h"
#include "PluginState.h"
#include "TokenText.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace autotune {

/// The name of the function whose definition follows the pragma's line, if
/// one does. Read from the file's text: the pragma handler must not lex
/// ahead of the parser, and outside a function body nothing else may come
/// between.
static std::optional<std::string> definitionAfter(Preprocessor &PP,
                                                  SourceLocation EndOfLine) {
  const SourceManager &SM = PP.getSourceManager();
  std::pair<FileID, unsigned> Pos =
      SM.getDecomposedLoc(SM.getExpansionLoc(EndOfLine));
  StringRef Buffer = SM.getBufferData(Pos.first);
  Lexer Raw(SM.getLocForStartOfFile(Pos.first), PP.getLangOpts(),
            Buffer.begin(), Buffer.begin() + Pos.second, Buffer.end());
  SmallVector<Token, 64> Head;
  bool InDirective = false;
  BracketDepth Depth;
  Token T;
  // No bound but the file: a statement as long as the user likes must not be
  // taken for a definition's head where a bound cuts it.
  while (true) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      return std::nullopt;
    if (T.isAtStartOfLine())
      InDirective = T.is(tok::hash);
    if (InDirective)
      continue;
    if (T.is(tok::raw_identifier))
      PP.LookUpIdentifierInfo(T);
    int Outside = Depth.step(T);
    if ((Outside == 0 && T.is(tok::semi)) ||
        (Outside < 0 && T.is(tok::r_brace)))
      return std::nullopt; // a statement, or the end of the block
    if (Outside == 0 && T.is(tok::l_brace))
      break;
    Head.push_back(T);
  }
  // A lambda or a statement cannot follow where a definition may.
  if (Head.empty() || Head.front().isOneOf(tok::l_square, tok::l_paren))
    return std::nullopt;
  std::string Name;
  StringRef DeviceKind;
  SmallVector<DeclaredName, 8> Params;
  if (!readFunctionHead(Head, Name, DeviceKind, Params) || Name.empty())
    return std::nullopt;
  // A macro that holds a brace or a ';' may end the function the pragma is
  // in ('CLOSE }'), or be a statement ('FOR_EACH(i, n) {'): the text after
  // the pragma is then no definition's head for certain.
  for (const Token &T : Head) {
    const IdentifierInfo *II = T.getIdentifierInfo();
    const MacroInfo *MI = II ? PP.getMacroInfo(II) : nullptr;
    if (!MI)
      continue;
    if (MI->isFunctionLike() && II->getName() == Name)
      return std::nullopt;
    for (const Token &M : MI->tokens())
      if (M.isOneOf(tok::l_brace, tok::r_brace, tok::semi))
        return std::nullopt;
  }
  return Name;
}

/// Where Sema is: a function that runs on the device (__global__, __device__,
/// or explicitly __host__ __device__: the device job could not compile the
/// rewrite) enclosing the pragma, reported. Lambdas are checked with their
/// enclosing functions.
static bool rejectDeviceCode(Preprocessor &PP, Sema &S, SourceLocation Loc) {
  // No function in a class's context: a lambda in a member initializer, host
  // code unless the class says otherwise, and nothing here says it.
  for (const DeclContext *DC = functionOfPragma(S); DC; DC = DC->getParent()) {
    const auto *FD = dyn_cast<FunctionDecl>(DC);
    if (!FD)
      continue;
    const auto *Device = FD->getAttr<CUDADeviceAttr>();
    const auto *Host = FD->getAttr<CUDAHostAttr>();
    const char *Kind = nullptr;
    if (FD->hasAttr<CUDAGlobalAttr>())
      Kind = "__global__";
    else if (Device && !Host)
      Kind = "__device__";
    else if (Device && Host && !Device->isImplicit() && !Host->isImplicit())
      Kind = "__host__ __device__";
    if (!Kind)
      continue;
    std::string Name = isLambdaCallOperator(FD) ? std::string("lambda")
                                                : FD->getNameAsString();
    report(PP, Loc, Diag::DeviceCode) << Name << Kind;
    return true;
  }
  return false;
}

/// The function the parser is in, as Sema says (see functionOfPragma).
static const FunctionDecl *functionOfParser(const Sema &S) {
  if (const auto *RD = dyn_cast<CXXRecordDecl>(S.CurContext)) {
    const Decl *Last = nullptr;
    for (const Decl *D : RD->decls())
      Last = D;
    if (const auto *Friend = dyn_cast_or_null<FriendDecl>(Last))
      Last = Friend->getFriendDecl();
    return Last ? Last->getAsFunction() : nullptr;
  }
  for (const DeclContext *DC = S.CurContext; DC; DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return FD;
  return nullptr;
}

/// True when the innermost '{' still open comes after the name of FD (or of
/// its lambda): the pragma is in FD's body, not after it.
static bool bodyHoldsPragma(const SourceManager &SM, const FunctionDecl *FD) {
  const auto &Open = pluginState().OpenBraces;
  if (Open.empty())
    return false;
  // A macro may hold a function's name and its '{' both: one place.
  return !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Open.back()),
                                       SM.getExpansionLoc(FD->getLocation()));
}

const FunctionDecl *functionOfPragma(const Sema &S) {
  const FunctionDecl *FD = functionOfParser(S);
  // Right after a function's '}' the parser has not left it yet: the pragma
  // is in the function around it, through a lambda's closure, or in none.
  while (FD && !bodyHoldsPragma(S.getSourceManager(), FD)) {
    const auto *Closure = dyn_cast<CXXRecordDecl>(FD->getLexicalParent());
    FD = Closure && Closure->isLambda()
             ? dyn_cast<FunctionDecl>(Closure->getLexicalParent())
             : nullptr;
  }
  return FD;
}

/// True for a token after which an expression must go on: an operator, an
/// opening bracket, a comma, 'return'.
static bool continuesExpression(tok::TokenKind K) {
  switch (K) {
  case tok::equal:
  case tok::plusequal:
  case tok::minusequal:
  case tok::starequal:
  case tok::slashequal:
  case tok::percentequal:
  case tok::ampequal:
  case tok::pipeequal:
  case tok::caretequal:
  case tok::lesslessequal:
  case tok::greatergreaterequal:
  case tok::plus:
  case tok::minus:
  case tok::star:
  case tok::slash:
  case tok::percent:
  case tok::amp:
  case tok::pipe:
  case tok::caret:
  case tok::tilde:
  case tok::exclaim:
  case tok::less:
  case tok::lessequal:
  case tok::greaterequal:
  case tok::equalequal:
  case tok::exclaimequal:
  case tok::ampamp:
  case tok::pipepipe:
  case tok::lessless:
  case tok::greatergreater:
  case tok::question:
  case tok::comma:
  case tok::l_paren:
  case tok::l_square:
  case tok::arrow:
  case tok::period:
  case tok::arrowstar:
  case tok::periodstar:
  case tok::coloncolon:
  case tok::kw_return:
  case tok::kw_throw:
  case tok::kw_co_return:
  case tok::kw_co_yield:
  case tok::kw_co_await:
  case tok::kw_sizeof:
  case tok::kw_new:
  case tok::kw_delete:
  case tok::kw_case:
    return true;
  default:
    return false;
  }
}

Placement checkPlacement(Preprocessor &PP, SourceLocation PragmaLoc,
                         SourceLocation EndOfLine) {
  PluginState &State = pluginState();
  tok::TokenKind Before = State.PrecedingToken;
  if (continuesExpression(Before)) {
    const char *Spelling = tok::getPunctuatorSpelling(Before);
    report(PP, PragmaLoc, Diag::InsideExpression)
        << (Spelling ? Spelling : tok::getKeywordSpelling(Before));
    return Placement::InsideExpression;
  }
  Sema *S = State.CurrentSema;
  std::optional<EnclosingFunction> Function;
  bool OutsideFunction = false;
  if (S) {
    // At namespace scope, or in a class's body (not in a lambda of a member
    // initializer, where the parser names no function): right after a
    // function's '}', the parser is still in the function it left.
    OutsideFunction = S->CurContext->isFileContext() ||
                      (functionOfParser(*S) && !functionOfPragma(*S));
  } else if (State.Tokens) {
    Function = State.Tokens->current();
    OutsideFunction = !Function;
  }
  // Checked wherever the pragma is: right after a function's '}' the parser
  // may not have left it, and no statement reads as a definition.
  if (std::optional<std::string> Name = definitionAfter(PP, EndOfLine)) {
    report(PP, PragmaLoc, Diag::AboveDefinition) << *Name;
    return Placement::AboveDefinition;
  }
  if (!S && !State.Tokens)
    return Placement::InHostFunction; // 'clang -E': nothing else to tell by
  if (OutsideFunction) {
    report(PP, PragmaLoc, Diag::OutsideFunction);
    return Placement::Misplaced;
  }
  if (!PP.getLangOpts().CUDA)
    return Placement::InHostFunction;
  if (S)
    return rejectDeviceCode(PP, *S, PragmaLoc) ? Placement::Misplaced
                                               : Placement::InHostFunction;
  if (Function && !Function->DeviceKind.empty()) {
    report(PP, PragmaLoc, Diag::DeviceCode)
        << unqualified(Function->Name) << Function->DeviceKind;
    return Placement::Misplaced;
  }
  return Placement::InHostFunction;
}

} // namespace autotune
