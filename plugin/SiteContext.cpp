//===- SiteContext.cpp - Where a site can be compiled ---------------------===//

#include "SiteContext.h"
#include "Diagnostics.h"
#include "EnclosingFunction.h"
#include "PluginState.h"
#include "PragmaPlacement.h"

#include "clang/AST/Decl.h"
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

bool rejectSiteContext(Preprocessor &PP, Sema *S, SourceLocation Loc) {
  const LangOptions &LO = PP.getLangOpts();
  if (!LO.CPlusPlus17) {
    report(PP, Loc, Diag::NeedsCxx17) << languageName(LO);
    return true;
  }
  if (!S) {
    // autotune-rewrite: the function around the pragma, from its tokens.
    const EnclosingFunctionTracker *Tokens = pluginState().Tokens;
    std::optional<EnclosingFunction> F =
        Tokens ? Tokens->current() : std::nullopt;
    if (!F || F->ConstantKind.empty())
      return false;
    report(PP, Loc, Diag::ConstexprFunction)
        << unqualified(F->ConstantName) << F->ConstantKind;
    return true;
  }
  // A lambda in a constexpr function counts too: the function would call
  // the site's static state when it calls the lambda.
  const FunctionDecl *FD = nullptr;
  for (const DeclContext *DC = functionOfPragma(*S); DC && !FD;
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
