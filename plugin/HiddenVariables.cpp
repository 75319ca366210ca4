//===- HiddenVariables.cpp - Space parameters that hide a variable --------===//

#include "HiddenVariables.h"
#include "AutotunePragma.h"
#include "Diagnostics.h"
#include "EnclosingFunction.h"
#include "PragmaPlacement.h"
#include "SiteSpec.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace autotune {

namespace {

/// What the declaration a parameter hides is, for the message; nothing for
/// declarations a space parameter may share a name with harmlessly (types,
/// functions, template parameters), and for those of system headers.
std::optional<StringRef> hiddenKind(const SourceManager &SM,
                                    const NamedDecl *D) {
  if (D->getLocation().isInvalid() || SM.isInSystemHeader(D->getLocation()))
    return std::nullopt;
  if (isa<ParmVarDecl>(D))
    return StringRef("function parameter");
  if (isa<FieldDecl, IndirectFieldDecl>(D))
    return StringRef("member");
  if (const auto *VD = dyn_cast<VarDecl>(D))
    return StringRef(VD->isLocalVarDecl() ? "local variable" : "variable");
  if (isa<BindingDecl>(D))
    return StringRef("local variable");
  return std::nullopt;
}

void warn(Preprocessor &PP, const Parameter &P, StringRef Kind,
          SourceLocation Hidden) {
  report(PP, P.Loc, Diag::HiddenVariable) << P.Name << Kind;
  report(PP, Hidden, Diag::HiddenDeclaredHere) << P.Name;
}

} // namespace

bool checkHiddenVariables(Preprocessor &PP, const SiteSpec &Spec) {
  PluginState &State = pluginState();
  bool Refused = false;
  if (Sema *S = State.CurrentSema) {
    Scope *At = scopeOfPragma(PP, *S, Spec.PragmaLoc);
    if (!At)
      return false;
    for (const Parameter &P : Spec.Params) {
      LookupResult R(*S,
                     DeclarationNameInfo(PP.getIdentifierInfo(P.Name), P.Loc),
                     Sema::LookupOrdinaryName);
      R.suppressDiagnostics();
      if (!S->LookupName(R, At) || !R.isSingleResult())
        continue;
      const NamedDecl *D = R.getFoundDecl();
      if (D->isTemplateParameter()) {
        report(PP, P.Loc, Diag::HiddenTemplateParameter) << P.Name;
        report(PP, D->getLocation(), Diag::HiddenDeclaredHere) << P.Name;
        Refused = true;
        continue;
      }
      if (std::optional<StringRef> Kind = hiddenKind(PP.getSourceManager(), D))
        warn(PP, P, *Kind, D->getLocation());
    }
    return Refused;
  }
  if (!State.Tokens)
    return false;
  std::optional<EnclosingFunction> Function = State.Tokens->current();
  if (!Function)
    return false;
  for (const Parameter &P : Spec.Params)
    if (const DeclaredName *D = Function->find(P.Name))
      warn(PP, P, "variable", D->Loc);
  return false;
}

} // namespace autotune
