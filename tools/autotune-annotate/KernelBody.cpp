//===- KernelBody.cpp - What a kernel's body says about its launch --------===//

#include "KernelBody.h"
#include "HandPicked.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <initializer_list>
#include <optional>

using namespace clang;

namespace autotune {

namespace {

/// 'blockDim.x' as written: clang's CUDA headers make the component an MS
/// property ('blockDim' is a '__cuda_builtin_blockDim_t'), other headers a
/// member.
struct BuiltinComponent {
  StringRef Var;
  StringRef Component;
};

std::optional<BuiltinComponent> builtinComponent(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    E = PO->getSyntacticForm()->IgnoreParenImpCasts();
  const Expr *Base = nullptr;
  StringRef Component;
  if (const auto *P = dyn_cast<MSPropertyRefExpr>(E)) {
    Base = P->getBaseExpr();
    Component = P->getPropertyDecl()->getName();
  } else if (const auto *M = dyn_cast<MemberExpr>(E)) {
    Base = M->getBase();
    Component = M->getMemberDecl()->getName();
  } else {
    return std::nullopt;
  }
  Base = Base->IgnoreParenImpCasts();
  if (const auto *Opaque = dyn_cast<OpaqueValueExpr>(Base))
    Base = Opaque->getSourceExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  if (!Ref)
    return std::nullopt;
  StringRef Name = Ref->getDecl()->getName();
  if (Name != "blockDim" && Name != "blockIdx" && Name != "gridDim" &&
      Name != "threadIdx")
    return std::nullopt;
  return BuiltinComponent{Name, Component};
}

/// The parameter a pointer expression goes through ('p', 'p + i', '&p[i]').
const ParmVarDecl *pointerParam(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    E = S->getBase()->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if (B->isAdditiveOp())
      E = B->getLHS()->getType()->isPointerType()
              ? B->getLHS()->IgnoreParenImpCasts()
              : B->getRHS()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<ParmVarDecl>(Ref->getDecl());
  return nullptr;
}

/// The parameter an element access goes through: 'p[i]', '*p', '*(p + i)'.
const ParmVarDecl *elementParam(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return pointerParam(S->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Deref)
      return pointerParam(U->getSubExpr());
  return nullptr;
}

/// Reads the loops that stride by the block or the grid and what bounds
/// them. A local of the kernel that is never changed is read through its
/// initialiser ('const int stride = blockDim.x * gridDim.x;').
class StrideBoundReader {
public:
  StrideBoundReader(KernelBody &Body, const FunctionDecl *Definition)
      : Body(Body), Definition(Definition), Ctx(Definition->getASTContext()) {}

  /// A loop whose condition is Cond and whose steps are in Steps (a for
  /// loop's increment and body, a while loop's body).
  void readLoop(const Expr *Cond, std::initializer_list<const Stmt *> Steps) {
    llvm::SmallPtrSet<const VarDecl *, 2> Strided;
    for (const Stmt *S : Steps)
      collectStrided(S, Strided);
    if (Cond && !Strided.empty() && refersTo(Cond, Strided))
      readBound(Cond, Strided);
  }

private:
  using VarSet = llvm::SmallPtrSetImpl<const VarDecl *>;

  /// The kernel's local that E names, when it has an initialiser and the
  /// kernel never changes it.
  const VarDecl *unchangedLocal(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V || !V->isLocalVarDecl() || !V->getInit() ||
        !isOnlyRead(V, Definition->getBody(), Ctx))
      return nullptr;
    return V;
  }

  bool readsLaunchDims(const Expr *E) {
    if (std::optional<BuiltinComponent> C = builtinComponent(E))
      return C->Var == "blockDim" || C->Var == "gridDim";
    if (const VarDecl *V = unchangedLocal(E)) {
      if (!Following.insert(V).second)
        return false;
      bool Reads = readsLaunchDims(V->getInit());
      Following.erase(V);
      return Reads;
    }
    for (const Stmt *Child : E->children())
      if (const auto *C = dyn_cast_or_null<Expr>(Child);
          C && readsLaunchDims(C))
        return true;
    return false;
  }

  /// The variables S steps by the block or the grid: 'i += stride',
  /// 'i = i + blockDim.x'.
  void collectStrided(const Stmt *S, VarSet &Strided) {
    if (!S)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      const auto *Ref = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      llvm::SmallPtrSet<const VarDecl *, 1> Self;
      Self.insert(V);
      bool Steps = B->getOpcode() == BO_AddAssign ||
                   B->getOpcode() == BO_SubAssign ||
                   (B->getOpcode() == BO_Assign && refersTo(B->getRHS(), Self));
      if (V && Steps && readsLaunchDims(B->getRHS()))
        Strided.insert(V);
    }
    for (const Stmt *Child : S->children())
      collectStrided(Child, Strided);
  }

  static bool refersTo(const Stmt *S, const VarSet &Vars) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && Vars.contains(V))
        return true;
    for (const Stmt *Child : S->children())
      if (Child && refersTo(Child, Vars))
        return true;
    return false;
  }

  void unkeyable(const Expr *E) {
    if (!Body.UnkeyableStrideBound)
      Body.UnkeyableStrideBound = E;
  }

  /// Records the parameters E reads, the loop's own variables aside; a
  /// value read from memory or a variable of another scope is unkeyable.
  void readBound(const Expr *E, const VarSet &Strided) {
    if (!E || builtinComponent(E))
      return;
    const Expr *Bare = E->IgnoreParenImpCasts();
    Expr::EvalResult Constant;
    if (!Bare->isValueDependent() && Bare->EvaluateAsInt(Constant, Ctx))
      return;
    if (isa<ArraySubscriptExpr>(Bare) ||
        (isa<UnaryOperator>(Bare) &&
         cast<UnaryOperator>(Bare)->getOpcode() == UO_Deref) ||
        (isa<MemberExpr>(Bare) && cast<MemberExpr>(Bare)->isArrow()))
      return unkeyable(Bare);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare))
      return readBoundName(Ref, Strided);
    for (const Stmt *Child : Bare->children())
      if (const auto *C = dyn_cast_or_null<Expr>(Child))
        readBound(C, Strided);
  }

  void readBoundName(const DeclRefExpr *Ref, const VarSet &Strided) {
    const ValueDecl *D = Ref->getDecl();
    if (isa<NonTypeTemplateParmDecl, EnumConstantDecl, FunctionDecl>(D))
      return;
    const auto *V = dyn_cast<VarDecl>(D);
    if (V && Strided.contains(V))
      return;
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(V);
        P && P->getDeclContext() == Definition) {
      if (!llvm::is_contained(Body.StrideBoundParams,
                              P->getFunctionScopeIndex()))
        Body.StrideBoundParams.push_back(P->getFunctionScopeIndex());
      return;
    }
    if (const VarDecl *Local = unchangedLocal(Ref)) {
      if (Following.insert(Local).second) {
        readBound(Local->getInit(), Strided);
        Following.erase(Local);
      }
      return;
    }
    unkeyable(Ref);
  }

  KernelBody &Body;
  const FunctionDecl *Definition;
  ASTContext &Ctx;
  /// The locals whose initialisers are being read (a cycle stops).
  llvm::SmallPtrSet<const VarDecl *, 4> Following;
};

class BodyVisitor : public RecursiveASTVisitor<BodyVisitor> {
public:
  BodyVisitor(KernelBody &Body, const FunctionDecl *Definition)
      : Body(Body), Strides(Body, Definition) {}

  llvm::SmallPtrSet<const ParmVarDecl *, 4> Read, Written;

  /// Where each 'blockIdx' component is read, and where it is read inside
  /// a 'blockIdx * blockDim' product (a node and the casts around it share
  /// a location).
  llvm::DenseMap<unsigned, StringRef> BlockIdxAt;
  llvm::DenseSet<unsigned> BlockIdxInProduct;

  bool VisitExpr(Expr *E) {
    if (std::optional<BuiltinComponent> C = builtinComponent(E)) {
      Body.Builtins.insert(C->Var);
      Body.Builtins.insert((C->Var + "." + C->Component).str());
      // Not the call CUDA's headers make of a read ('__fetch_builtin_x'):
      // it is the same read, seen again.
      if (C->Var == "blockIdx" && !C->Component.starts_with("__"))
        BlockIdxAt[E->getBeginLoc().getRawEncoding()] = C->Component;
    }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Mul) {
      std::optional<BuiltinComponent> L = builtinComponent(B->getLHS());
      std::optional<BuiltinComponent> R = builtinComponent(B->getRHS());
      if (L && R && L->Component == R->Component &&
          ((L->Var == "blockIdx" && R->Var == "blockDim") ||
           (L->Var == "blockDim" && R->Var == "blockIdx"))) {
        Body.CoversBlockTimesDim = true;
        BlockIdxInProduct.insert(
            (L->Var == "blockIdx" ? B->getLHS() : B->getRHS())
                ->getBeginLoc()
                .getRawEncoding());
      }
    }
    if (B->isAssignmentOp())
      if (const ParmVarDecl *P = elementParam(B->getLHS())) {
        Written.insert(P);
        if (B->isCompoundAssignmentOp())
          Read.insert(P);
      }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      if (const ParmVarDecl *P = elementParam(U->getSubExpr())) {
        Read.insert(P);
        Written.insert(P);
      }
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      if (const ParmVarDecl *P = elementParam(C->getSubExpr()))
        Read.insert(P);
    return true;
  }

  /// atomicAdd(&p[i], v) and the like read and write p.
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() == 0 ||
        !Callee->getName().starts_with("atomic"))
      return true;
    if (const ParmVarDecl *P = pointerParam(Call->getArg(0))) {
      Read.insert(P);
      Written.insert(P);
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (V && !V->isLocalVarDeclOrParm())
      Body.OuterVariables.insert(V);
    return true;
  }

  bool VisitForStmt(ForStmt *F) {
    Strides.readLoop(F->getCond(), {F->getInc(), F->getBody()});
    return true;
  }
  bool VisitWhileStmt(WhileStmt *W) {
    Strides.readLoop(W->getCond(), {W->getBody()});
    return true;
  }
  bool VisitDoStmt(DoStmt *D) {
    Strides.readLoop(D->getCond(), {D->getBody()});
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (!V->hasAttr<CUDASharedAttr>())
      return true;
    if (const auto *Array = dyn_cast_or_null<ConstantArrayType>(
            V->getType()->getAsArrayTypeUnsafe()))
      Body.SharedArrays.push_back({V, Array->getSize().getZExtValue()});
    return true;
  }

private:
  KernelBody &Body;
  StrideBoundReader Strides;
};

} // namespace

KernelBody readKernelBody(const FunctionDecl *Kernel) {
  KernelBody Body;
  const FunctionDecl *Pattern = Kernel->getTemplateInstantiationPattern();
  const FunctionDecl *Definition = nullptr;
  if (!(Pattern ? Pattern : Kernel)->hasBody(Definition))
    return Body;
  Body.Definition = Definition;
  BodyVisitor Visitor(Body, Definition);
  Visitor.TraverseStmt(Definition->getBody());
  for (const auto &[At, Component] : Visitor.BlockIdxAt)
    if (!Visitor.BlockIdxInProduct.contains(At))
      Body.BlockIdxAlone.insert(Component);
  for (unsigned I = 0; I < Definition->getNumParams(); ++I) {
    const ParmVarDecl *P = Definition->getParamDecl(I);
    if (Visitor.Read.contains(P) && Visitor.Written.contains(P))
      Body.InPlaceParams.push_back(I);
  }
  return Body;
}

} // namespace autotune
