//===- HandPicked.h - Values the authors chose at compile time ------------===//
//
// A launch's block size is hand-picked when it is a compile-time constant the
// authors wrote: a literal, a constant expression, a 'const' or 'constexpr'
// variable, or a local initialised with one and never changed. These are the
// values autotune-annotate proposes to tune.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_ANNOTATE_HANDPICKED_H
#define AUTOTUNE_ANNOTATE_HANDPICKED_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <cstdint>
#include <optional>

namespace autotune {

struct HandPicked {
  int64_t Value;
  /// The variable it was read from; null for a literal or an expression.
  const clang::VarDecl *Var;
};

/// E's value when the authors chose it at compile time; Body is the
/// enclosing function's, where a local's uses are looked for.
std::optional<HandPicked> handPicked(const clang::Expr *E,
                                     clang::ASTContext &Ctx,
                                     const clang::Stmt *Body);

/// Every use of V in Body reads it: none assigns it, increments it, takes
/// its address or binds it to a reference that could change it.
bool isOnlyRead(const clang::VarDecl *V, const clang::Stmt *Body,
                clang::ASTContext &Ctx);

/// The uses of V in Body.
llvm::SmallVector<const clang::DeclRefExpr *, 4> usesOf(const clang::VarDecl *V,
                                                        const clang::Stmt *Body,
                                                        clang::ASTContext &Ctx);

} // namespace autotune

#endif // AUTOTUNE_ANNOTATE_HANDPICKED_H
