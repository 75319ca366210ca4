// The values autotune-annotate proposes around a hand-picked one
// (tools/autotune-annotate/TuningSpace.h; docs/user-guide.md, "Annotating
// an existing code base"), and how the pragma writes them.
#include "TuningSpace.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace autotune {
namespace {

using Values = std::vector<int64_t>;

TEST(AnnotateTuningSpace, BlockAloneSpansWarpToDeviceLimit) {
  EXPECT_EQ(proposedValues(TunedRole::Block1D, 256, 0),
            (Values{32, 64, 128, 256, 512, 1024}));
  EXPECT_EQ(proposedValues(TunedRole::Block1D, 1024, 0),
            (Values{32, 64, 128, 256, 512, 1024}));
}

TEST(AnnotateTuningSpace, BlockBelowAWarpStartsAtItsPowerOfTwo) {
  EXPECT_EQ(proposedValues(TunedRole::Block1D, 16, 0),
            (Values{16, 32, 64, 128, 256, 512, 1024}));
  EXPECT_EQ(proposedValues(TunedRole::Block1D, 24, 0),
            (Values{16, 24, 32, 64, 128, 256, 512, 1024}));
}

TEST(AnnotateTuningSpace, HandPickedValueIsAlwaysInTheSpace) {
  EXPECT_EQ(proposedValues(TunedRole::Block1D, 192, 0),
            (Values{32, 64, 128, 192, 256, 512, 1024}));
  EXPECT_EQ(proposedValues(TunedRole::BlockComponent, 24, 0),
            (Values{4, 8, 16, 24, 32, 64}));
  EXPECT_EQ(proposedValues(TunedRole::Grid, 132, 0),
            (Values{32, 64, 128, 132, 256, 512}));
}

TEST(AnnotateTuningSpace, BlockComponentQuarterToFourTimesWithinItsLimit) {
  EXPECT_EQ(proposedValues(TunedRole::BlockComponent, 16, 0),
            (Values{4, 8, 16, 32, 64}));
  EXPECT_EQ(proposedValues(TunedRole::BlockComponent, 512, 1),
            (Values{128, 256, 512, 1024}));
  // z may have 64 threads at most.
  EXPECT_EQ(proposedValues(TunedRole::BlockComponent, 32, 2),
            (Values{8, 16, 32, 64}));
  EXPECT_EQ(proposedValues(TunedRole::BlockComponent, 2, 2),
            (Values{1, 2, 4, 8}));
}

TEST(AnnotateTuningSpace, GridQuarterToFourTimes) {
  EXPECT_EQ(proposedValues(TunedRole::Grid, 64, 0),
            (Values{16, 32, 64, 128, 256}));
  EXPECT_EQ(proposedValues(TunedRole::Grid, 2, 0), (Values{1, 2, 4, 8}));
}

TEST(AnnotateTuningSpace, NoBlockValueOverTheDeviceLimits) {
  for (unsigned Component = 0; Component < 3; ++Component)
    for (int64_t V = 2; V <= MaxBlockDim[Component]; ++V) {
      Values Space = proposedValues(TunedRole::BlockComponent, V, Component);
      EXPECT_LE(Space.back(), MaxBlockDim[Component]) << V;
      EXPECT_TRUE(std::is_sorted(Space.begin(), Space.end())) << V;
      EXPECT_TRUE(std::binary_search(Space.begin(), Space.end(), V)) << V;
    }
  for (int64_t V = 2; V <= MaxThreadsPerBlock; ++V)
    EXPECT_LE(proposedValues(TunedRole::Block1D, V, 0).back(),
              MaxThreadsPerBlock)
        << V;
}

TEST(AnnotateTuningSpace, WrittenAsPow2OnlyForConsecutivePowers) {
  EXPECT_EQ(valuesText({32, 64, 128, 256, 512, 1024}), "pow2(32, 1024)");
  EXPECT_EQ(valuesText({4, 8}), "pow2(4, 8)");
  EXPECT_EQ(valuesText({32, 64, 128, 132, 256, 512}),
            "{32, 64, 128, 132, 256, 512}");
  // Powers of two with one missing are a list, not pow2's range.
  EXPECT_EQ(valuesText({32, 128, 256}), "{32, 128, 256}");
  EXPECT_EQ(valuesText({256}), "{256}");
}

} // namespace
} // namespace autotune
