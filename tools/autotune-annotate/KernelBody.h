//===- KernelBody.h - What a kernel's body says about its launch ----------===//
//
// The facts autotune-annotate reads from a kernel's definition before it
// changes the kernel's launch: which builtin dimensions it reads (a kernel
// that never reads 'blockDim.x' may rely on the block size it was written
// for), whether it covers 'blockIdx * blockDim' elements, what bounds the
// loops that stride by the block or the grid, which variables and shared
// array sizes it uses, and which pointer parameters it updates in place.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_ANNOTATE_KERNELBODY_H
#define AUTOTUNE_ANNOTATE_KERNELBODY_H

#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>

namespace autotune {

/// A '__shared__' array of a constant size declared in the kernel.
struct SharedArray {
  const clang::VarDecl *Var;
  uint64_t Elements; // its outermost extent
};

struct KernelBody {
  /// The definition read (the template's pattern for a specialization);
  /// null when the kernel's body is not in this translation unit.
  const clang::FunctionDecl *Definition = nullptr;
  /// "blockDim.x", "gridDim", ...: the builtins read, with and without
  /// their component.
  llvm::StringSet<> Builtins;
  /// Some 'blockIdx.c * blockDim.c' (either order): each block covers its
  /// own blockDim elements, so the grid must follow the block size.
  bool CoversBlockTimesDim = false;
  /// "x", "y", "z": the components of 'blockIdx' it reads other than in a
  /// 'blockIdx.c * blockDim.c' product ('partial[blockIdx.x]', a row per
  /// block): a block's own result may then live in memory sized by the
  /// grid.
  llvm::StringSet<> BlockIdxAlone;
  /// Indices of the parameters that bound a loop striding by the block or
  /// the grid ('i < n' in 'for (...; i < n; i += blockDim.x * gridDim.x)'):
  /// the loop does as much work as they say, whatever the grid and block,
  /// so the arguments passed for them identify the problem.
  llvm::SmallVector<unsigned, 2> StrideBoundParams;
  /// The first part of such a bound that is neither a parameter nor a
  /// constant ('lengths[blockIdx.x]', a global); null when there is none.
  const clang::Expr *UnkeyableStrideBound = nullptr;
  /// Variables of the enclosing scopes (not the kernel's own) it reads.
  llvm::SmallPtrSet<const clang::VarDecl *, 8> OuterVariables;
  llvm::SmallVector<SharedArray, 2> SharedArrays;
  /// Indices of pointer parameters both read and written through.
  llvm::SmallVector<unsigned, 2> InPlaceParams;

  bool reads(llvm::StringRef Builtin) const {
    return Builtins.contains(Builtin);
  }
};

/// Reads the body of the kernel Kernel (a declaration or a specialization).
KernelBody readKernelBody(const clang::FunctionDecl *Kernel);

} // namespace autotune

#endif // AUTOTUNE_ANNOTATE_KERNELBODY_H
