//===- SiteContext.cpp - Where a site can be compiled ---------------------===//

#include "SiteContext.h"
#include "Diagnostics.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace autotune {

static const char *languageName(const LangOptions &LO) {
  if (!LO.CPlusPlus)
    return LO.CUDA ? "CUDA C" : "C";
  if (LO.CPlusPlus14)
    return "C++14";
  if (LO.CPlusPlus11)
    return "C++11";
  return "C++98";
}

/// The function whose body holds the pragma. A member function defined in
/// its class is read while the class is the current context, and is then
/// the class's last member.
static const FunctionDecl *enclosingFunction(const Sema &S) {
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

bool rejectSiteContext(Preprocessor &PP, Sema *S, SourceLocation Loc) {
  const LangOptions &LO = PP.getLangOpts();
  if (!LO.CPlusPlus17) {
    report(PP, Loc, Diag::NeedsCxx17) << languageName(LO);
    return true;
  }
  if (!S)
    return false;
  // A lambda in a constexpr function counts too: the function would call
  // the site's static state when it calls the lambda.
  const FunctionDecl *FD = nullptr;
  for (const DeclContext *DC = enclosingFunction(*S); DC && !FD;
       DC = DC->getParent())
    if (const auto *F = dyn_cast<FunctionDecl>(DC); F && F->isConstexpr())
      FD = F;
  if (!FD)
    return false;
  report(PP, Loc, Diag::ConstexprFunction)
      << FD->getNameAsString()
      << (FD->isConsteval() ? "consteval" : "constexpr");
  return true;
}

} // namespace autotune
