// A tuning is one profiler range, named as the log names the tuning (site,
// key, device), with a range per run inside it named by the run's point
// (Backend::beginRange; NVTX on CUDA, docs/runtime.md "In a profiler"); a
// decided call opens none.
#include "TestSupport.h"

#include <string>
#include <vector>

namespace autotune {
namespace {

// Records each range as "<depth> <name>", and each end as "end".
class RangeBackend : public FakeBackend {
public:
  std::vector<std::string> Events;
  int Depth = 0;
  void beginRange(const std::string &Name) override {
    Events.push_back(std::to_string(Depth++) + " " + Name);
  }
  void endRange() override {
    --Depth;
    Events.push_back("end");
  }
};

class ProfilerRangeTest : public RuntimeTest {};

TEST_F(ProfilerRangeTest, ATuningIsARangeWithARangePerRun) {
  RangeBackend B;
  ThreePointSite S;
  S.call(&B, 7);
  ASSERT_FALSE(B.Events.empty());
  EXPECT_EQ(B.Depth, 0) << "every range ended";
  const std::string &Outer = B.Events.front();
  EXPECT_EQ(Outer.rfind("0 autotune ", 0), 0u) << Outer;
  EXPECT_NE(Outer.find("key=(7)"), std::string::npos) << Outer;
  EXPECT_EQ(B.Events.back(), "end");
  // Every other range is a run's, one level down, named by its point.
  std::size_t Runs = 0;
  for (std::size_t I = 1; I + 1 < B.Events.size(); ++I) {
    if (B.Events[I] == "end")
      continue;
    EXPECT_EQ(B.Events[I].rfind("1 X=", 0), 0u) << B.Events[I];
    ++Runs;
  }
  EXPECT_EQ(Runs, B.timedRunsOf(0) + B.timedRunsOf(1) + B.timedRunsOf(2));

  // Decided: no range.
  std::size_t Before = B.Events.size();
  S.call(&B, 7);
  EXPECT_EQ(B.Events.size(), Before);
}

} // namespace
} // namespace autotune
