//===- Substitution.cpp - A launch's text with the tuned values replaced --===//

#include "Substitution.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace autotune {

CharSourceRange fileRange(SourceRange Range, const SourceManager &SM,
                          const LangOptions &LO) {
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Range), SM,
                                  LO);
}

static unsigned componentIndex(StringRef Name) {
  return Name == "x" ? 0 : Name == "y" ? 1 : Name == "z" ? 2 : 3;
}

const std::string *Substitution::replacementOf(const Expr *E,
                                               bool WithLiterals) const {
  auto Node = Nodes.find(E);
  if (Node != Nodes.end())
    return &Node->second;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    auto It = Variables.find(dyn_cast<VarDecl>(Ref->getDecl()));
    if (It != Variables.end())
      return &It->second;
  }
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    if (const auto *Base =
            dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts())) {
      auto It =
          Components.find({dyn_cast<VarDecl>(Base->getDecl()),
                           componentIndex(Member->getMemberDecl()->getName())});
      if (It != Components.end())
        return &It->second;
    }
  if (const auto *Literal = dyn_cast<IntegerLiteral>(E);
      Literal && WithLiterals) {
    auto It = Literals.find(Literal->getValue().getSExtValue());
    if (It != Literals.end())
      return &It->second;
  }
  return nullptr;
}

bool Substitution::collect(const Stmt *S, bool WithLiterals,
                           std::vector<Edit> &Edits, std::string &Why) const {
  if (!S)
    return true;
  // Default arguments and the like are not written at the launch.
  if (isa<CXXDefaultArgExpr, CXXDefaultInitExpr>(S))
    return true;
  if (const auto *E = dyn_cast<Expr>(S))
    if (const std::string *Text = replacementOf(E, WithLiterals)) {
      const SourceManager &SM = Ctx.getSourceManager();
      CharSourceRange Range =
          fileRange(E->getSourceRange(), SM, Ctx.getLangOpts());
      if (Range.isInvalid()) {
        StringRef Macro = Lexer::getImmediateMacroName(E->getBeginLoc(), SM,
                                                       Ctx.getLangOpts());
        Why = "'" +
              Lexer::getSourceText(CharSourceRange::getTokenRange(
                                       SM.getSpellingLoc(E->getBeginLoc())),
                                   SM, Ctx.getLangOpts())
                  .str() +
              "' is used inside the body of macro '" + Macro.str() +
              "', which cannot be rewritten for one launch";
        return false;
      }
      Edits.push_back({Range, *Text});
      return true;
    }
  for (const Stmt *Child : S->children())
    if (!collect(Child, WithLiterals, Edits, Why))
      return false;
  return true;
}

bool Substitution::touches(const Expr *E, bool WithLiterals) const {
  if (!E)
    return false;
  if (replacementOf(E, WithLiterals))
    return true;
  for (const Stmt *Child : E->children())
    if (const auto *C = dyn_cast_or_null<Expr>(Child))
      if (!isa<CXXDefaultArgExpr>(C) && touches(C, WithLiterals))
        return true;
  return false;
}

std::optional<std::string> Substitution::text(const Expr *E, bool WithLiterals,
                                              std::string &Why) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  CharSourceRange Whole = fileRange(E->getSourceRange(), SM, LO);
  if (Whole.isInvalid()) {
    Why = "the expression is written inside a macro";
    return std::nullopt;
  }
  std::vector<Edit> Edits;
  if (!collect(E, WithLiterals, Edits, Why))
    return std::nullopt;
  auto [File, Begin] = SM.getDecomposedLoc(Whole.getBegin());
  unsigned End = SM.getFileOffset(Whole.getEnd());
  std::string Text = Lexer::getSourceText(Whole, SM, LO).str();
  // A macro argument used twice in the macro is one edit.
  std::sort(Edits.begin(), Edits.end(), [&](const Edit &A, const Edit &B) {
    return SM.getFileOffset(A.Range.getBegin()) >
           SM.getFileOffset(B.Range.getBegin());
  });
  unsigned Previous = ~0u;
  for (const Edit &Ed : Edits) {
    auto [EditFile, EditBegin] = SM.getDecomposedLoc(Ed.Range.getBegin());
    unsigned EditEnd = SM.getFileOffset(Ed.Range.getEnd());
    if (EditBegin == Previous)
      continue;
    if (EditFile != File || EditBegin < Begin || EditEnd > End) {
      Why = "a tuned value is used through a macro whose argument is "
            "written elsewhere";
      return std::nullopt;
    }
    Text.replace(EditBegin - Begin, EditEnd - EditBegin, Ed.Text);
    Previous = EditBegin;
  }
  return Text;
}

} // namespace autotune
