//===- Space.h - The points of a site -------------------------------------===//
//
// Turns a SiteSpec into the list of points that will be compiled: the
// cartesian product of 'space' (or the 'configs' list), filtered by every
// 'where', with the 'default' point located in it.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_SPACE_H
#define AUTOTUNE_PLUGIN_SPACE_H

#include "SiteSpec.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// More points than this are rejected: each one is a compiled variant.
constexpr unsigned MaxPoints = 4096;
/// More candidates than this (before 'where') are rejected without testing
/// them, so that the plugin's own time stays bounded.
constexpr uint64_t MaxCandidates = MaxPoints * 64ull;
/// The most steps of 'where' programs over all candidates (about a second).
constexpr uint64_t MaxWhereSteps = uint64_t(1) << 28;

struct Space {
  unsigned NumParams = 0;
  llvm::SmallVector<int64_t, 32> Values; // row-major, NumParams per point
  unsigned DefaultIndex = 0;

  unsigned size() const { return NumParams ? Values.size() / NumParams : 0; }
  llvm::ArrayRef<int64_t> point(unsigned I) const {
    return llvm::ArrayRef<int64_t>(Values).slice(I * NumParams, NumParams);
  }
};

/// P as the user writes it: "BLOCK = 64, ITEMS = 2".
std::string describePoint(const SiteSpec &Spec, llvm::ArrayRef<int64_t> P);

/// Enumerates the space; reports and returns nothing when it is empty, too
/// large, or its default is not one of its points.
std::optional<Space> enumerateSpace(clang::Preprocessor &PP,
                                    const SiteSpec &Spec);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SPACE_H
