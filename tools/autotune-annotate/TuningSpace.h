//===- TuningSpace.h - The values proposed around a hand-picked one -------===//
//
// The rule autotune-annotate writes into 'space(...)' (docs/user-guide.md,
// "Annotating an existing code base"):
//   - a block size alone (a 1-D block): the powers of two from 32 (a warp;
//     less when the hand-picked value is less) to 1024 (the most threads a
//     block may have on every CUDA GPU), and the hand-picked value;
//   - a component of a 2-D or 3-D block: the powers of two from a quarter to
//     four times the hand-picked value, within the component's limit (1024
//     for x and y, 64 for z), and the hand-picked value; with a 'where' that
//     keeps at most 1024 threads a block;
//   - a grid size (tuned only for kernels that read 'gridDim'): the powers
//     of two from a quarter to four times the hand-picked value, and it.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_ANNOTATE_TUNINGSPACE_H
#define AUTOTUNE_ANNOTATE_TUNINGSPACE_H

#include <cstdint>
#include <string>
#include <vector>

namespace autotune {

/// Threads a block may have, and per component (x, y, z), on every CUDA GPU.
constexpr int64_t MaxThreadsPerBlock = 1024;
constexpr int64_t MaxBlockDim[3] = {1024, 1024, 64};
/// Threads of a warp: smaller blocks leave lanes idle.
constexpr int64_t WarpSize = 32;

enum class TunedRole { Block1D, BlockComponent, Grid };

/// The values proposed for a value V in Role (Component: 0 for x, 1 for y,
/// 2 for z), ascending, V included.
std::vector<int64_t> proposedValues(TunedRole Role, int64_t V,
                                    unsigned Component);

/// The values as the pragma writes them: 'pow2(32, 1024)' where they are
/// exactly the powers of two of a range, else '{16, 32, 48}'.
std::string valuesText(const std::vector<int64_t> &Values);

} // namespace autotune

#endif // AUTOTUNE_ANNOTATE_TUNINGSPACE_H
