//===- HandPicked.cpp - Values the authors chose at compile time ----------===//

#include "HandPicked.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace autotune {

SmallVector<const DeclRefExpr *, 4> usesOf(const VarDecl *V, const Stmt *Body,
                                           ASTContext &Ctx) {
  SmallVector<const DeclRefExpr *, 4> Uses;
  for (const BoundNodes &N :
       match(findAll(declRefExpr(to(varDecl(equalsNode(V)))).bind("use")),
             *Body, Ctx))
    Uses.push_back(N.getNodeAs<DeclRefExpr>("use"));
  return Uses;
}

/// The node above E, past the parentheses.
static const Stmt *parentOf(const Stmt *E, ASTContext &Ctx) {
  for (DynTypedNodeList Parents = Ctx.getParents(*E); !Parents.empty();
       Parents = Ctx.getParents(Parents[0])) {
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P || !isa<ParenExpr>(P))
      return P;
  }
  return nullptr;
}

/// Use reads its variable: converted to a value, a member read, or copied
/// (a 'dim3' passed to the launch), or passed to a kernel. A kernel's
/// arguments are copied to the device, so a launch reads them even where
/// it is dependent (in a template, where no conversion is written yet).
static bool isRead(const DeclRefExpr *Use, ASTContext &Ctx) {
  const Stmt *P = parentOf(Use, Ctx);
  if (const auto *Launch = dyn_cast_or_null<CUDAKernelCallExpr>(P))
    return Launch->getCallee()->IgnoreParenImpCasts() != Use;
  if (const auto *Member = dyn_cast_or_null<MemberExpr>(P))
    P = parentOf(Member, Ctx);
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P)) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      return true;
    if (Cast->getCastKind() == CK_NoOp)
      P = parentOf(Cast, Ctx);
  }
  if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(P))
    return Construct->getConstructor()->isCopyConstructor();
  return false;
}

bool isOnlyRead(const VarDecl *V, const Stmt *Body, ASTContext &Ctx) {
  return llvm::all_of(usesOf(V, Body, Ctx),
                      [&](const DeclRefExpr *Use) { return isRead(Use, Ctx); });
}

std::optional<HandPicked> handPicked(const Expr *E, ASTContext &Ctx,
                                     const Stmt *Body) {
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || isa<ParmVarDecl>(V) || !V->getInit() ||
        V->getInit()->isValueDependent())
      return std::nullopt;
    Expr::EvalResult Init;
    if (!V->getInit()->EvaluateAsInt(Init, Ctx))
      return std::nullopt;
    bool Constant = V->isConstexpr() || V->getType().isConstQualified();
    if (!Constant && !(V->isLocalVarDecl() && isOnlyRead(V, Body, Ctx)))
      return std::nullopt;
    return HandPicked{Init.Val.getInt().getExtValue(), V};
  }
  Expr::EvalResult Value;
  if (!E->EvaluateAsInt(Value, Ctx))
    return std::nullopt;
  return HandPicked{Value.Val.getInt().getExtValue(), nullptr};
}

} // namespace autotune
