//===- HiddenVariables.cpp - Space parameters that hide a variable --------===//

#include "HiddenVariables.h"
#include "Diagnostics.h"
#include "NamesAtPragma.h"
#include "SiteSpec.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

/// What the declaration a parameter hides is, for the message; nothing for
/// declarations a space parameter may share a name with harmlessly (types,
/// functions, template parameters), and for those of system headers.
static std::optional<StringRef> hiddenKind(const SourceManager &SM,
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

static void warn(Preprocessor &PP, const Parameter &P, StringRef Kind,
                 SourceLocation Hidden) {
  report(PP, P.Loc, Diag::HiddenVariable) << P.Name << Kind;
  report(PP, Hidden, Diag::HiddenDeclaredHere) << P.Name;
}

/// A site parameter named like a template parameter: the statement, in the
/// template's scope, cannot declare that name again.
static void refuseTemplateParameter(Preprocessor &PP, const Parameter &P,
                                    SourceLocation Declared) {
  report(PP, P.Loc, Diag::HiddenTemplateParameter) << P.Name;
  report(PP, Declared, Diag::HiddenDeclaredHere) << P.Name;
}

bool checkHiddenVariables(Preprocessor &PP, const SiteSpec &Spec) {
  NamesAtPragma Names(PP, Spec.PragmaLoc);
  bool Refused = false;
  for (const Parameter &P : Spec.Params) {
    if (!Names.hasSema()) {
      const DeclaredName *D = Names.local(P.Name);
      if (D && D->TemplateParameter) {
        refuseTemplateParameter(PP, P, D->Loc);
        Refused = true;
      } else if (D) {
        warn(PP, P, "variable", D->Loc);
      }
      continue;
    }
    const NamedDecl *D = Names.declaration(P.Name, P.Loc);
    if (!D)
      continue;
    if (D->isTemplateParameter()) {
      refuseTemplateParameter(PP, P, D->getLocation());
      Refused = true;
      continue;
    }
    if (std::optional<StringRef> Kind = hiddenKind(PP.getSourceManager(), D))
      warn(PP, P, *Kind, D->getLocation());
  }
  return Refused;
}

} // namespace autotune
