//===- MissingKey.cpp - A problem that changes under a site without a key -===//

#include "MissingKey.h"
#include "Diagnostics.h"
#include "NamesAtPragma.h"
#include "SiteSpec.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

/// True when T names a value that can differ between calls: a variable that
/// is no constant, a parameter, a member. Without Sema (autotune-rewrite),
/// the parameters and locals of the enclosing function that are not
/// constants.
static bool isRunTimeValue(const NamesAtPragma &Names, const Token &T) {
  StringRef Name = T.getIdentifierInfo()->getName();
  if (!Names.hasSema()) {
    const DeclaredName *D = Names.local(Name);
    return D && !D->Constexpr;
  }
  const NamedDecl *D = Names.declaration(Name, T.getLocation());
  if (!D)
    return false;
  if (isa<FieldDecl, IndirectFieldDecl, BindingDecl>(D))
    return true;
  if (const auto *VD = dyn_cast<VarDecl>(D))
    return !VD->isConstexpr() &&
           !VD->isUsableInConstantExpressions(D->getASTContext());
  return false;
}

/// The first identifier of Toks that names a run-time value and no
/// parameter of the space.
static const Token *firstRunTimeValue(const SiteSpec &Spec,
                                      const NamesAtPragma &Names,
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
    if (isRunTimeValue(Names, T))
      return &T;
  }
  return nullptr;
}

void warnMissingKey(Preprocessor &PP, const SiteSpec &Spec,
                    ArrayRef<Token> LaunchConfig) {
  if (Spec.HasKey)
    return;
  NamesAtPragma Names(PP, Spec.PragmaLoc);
  auto Warn = [&](ArrayRef<Token> Toks, StringRef Where) {
    const Token *T = firstRunTimeValue(Spec, Names, Toks);
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
