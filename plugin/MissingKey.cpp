//===- MissingKey.cpp - A problem that changes under a site without a key -===//

#include "MissingKey.h"
#include "PragmaPlacement.h"
#include "AutotunePragma.h"
#include "Diagnostics.h"
#include "EnclosingFunction.h"
#include "SiteSpec.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace autotune {

namespace {

/// Tells whether an identifier names a value that can differ between calls:
/// a variable that is no constant, a parameter, a member. With Sema, by
/// look-up at the pragma; without (autotune-rewrite), the parameters and
/// locals of the enclosing function that are not 'constexpr'.
class RunTimeValues {
public:
  RunTimeValues(Preprocessor &PP, SourceLocation PragmaLoc) {
    if (Sema *S = pluginState().CurrentSema)
      At = scopeOfPragma(PP, *S, PragmaLoc);
    else if (pluginState().Tokens)
      Function = pluginState().Tokens->current();
  }

  bool contains(const Token &T) const {
    StringRef Name = T.getIdentifierInfo()->getName();
    if (Sema *S = pluginState().CurrentSema) {
      if (!At)
        return false;
      LookupResult R(
          *S, DeclarationNameInfo(T.getIdentifierInfo(), T.getLocation()),
          Sema::LookupOrdinaryName);
      R.suppressDiagnostics();
      if (!S->LookupName(R, At) || !R.isSingleResult())
        return false;
      const NamedDecl *D = R.getFoundDecl();
      if (isa<FieldDecl, IndirectFieldDecl, BindingDecl>(D))
        return true;
      if (const auto *VD = dyn_cast<VarDecl>(D))
        return !VD->isConstexpr() &&
               !VD->isUsableInConstantExpressions(S->getASTContext());
      return false;
    }
    if (!Function)
      return false;
    const DeclaredName *D = Function->find(Name);
    return D && !D->Constexpr;
  }

private:
  Scope *At = nullptr;
  std::optional<EnclosingFunction> Function;
};

/// The first identifier of Toks that names a run-time value and no
/// parameter of the space.
const Token *firstRunTimeValue(const SiteSpec &Spec,
                               const RunTimeValues &Values,
                               ArrayRef<Token> Toks) {
  for (size_t I = 0; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    if (!T.is(tok::identifier))
      continue;
    // 'p.size', 'p->n', 'ns::n': a member or a qualified name; the object
    // before it is looked at on its own.
    if (I > 0 && Toks[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon))
      continue;
    StringRef Name = T.getIdentifierInfo()->getName();
    if (llvm::any_of(Spec.Params,
                     [&](const Parameter &P) { return P.Name == Name; }))
      continue;
    if (Values.contains(T))
      return &T;
  }
  return nullptr;
}

} // namespace

void warnMissingKey(Preprocessor &PP, const SiteSpec &Spec,
                    ArrayRef<Token> LaunchConfig) {
  if (Spec.HasKey)
    return;
  RunTimeValues Values(PP, Spec.PragmaLoc);
  auto Warn = [&](ArrayRef<Token> Toks, StringRef Where) {
    const Token *T = firstRunTimeValue(Spec, Values, Toks);
    if (T)
      report(PP, T->getLocation(), Diag::MissingKey)
          << T->getIdentifierInfo()->getName() << Where;
    return T != nullptr;
  };
  if (Warn(LaunchConfig, "the launch configuration"))
    return;
  for (const BufferSpec &B : Spec.Restores)
    if (Warn(B.Count.Tokens, "'restore'"))
      return;
  for (const BufferSpec &B : Spec.Verifies)
    if (Warn(B.Count.Tokens, "'verify'"))
      return;
}

} // namespace autotune
