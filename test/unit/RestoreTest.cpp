// restore(...): however many runs tuning makes, the program observes exactly
// one run of the winner.
#include "TestSupport.h"

namespace autotune {
namespace {

using RestoreTest = RuntimeTest;

TEST_F(RestoreTest, InPlaceAccumulateSeesOneRunOfTheWinner) {
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  ThreePointSite S;
  std::vector<int> Data(64, 5);
  Buffer Restore[] = {restoreBuffer(Data.data(), 64, "Data[64]")};
  CallArgs Args;
  Args.Restore = Restore;
  Args.RestoreCount = 1;
  long long Key = 64;
  // The statement: Data[i] += X, in place.
  auto Accumulate = [&](long long X) {
    for (int &V : Data)
      V += static_cast<int>(X);
  };
  S.call(&B, &Key, 1, Accumulate, Args);
  ASSERT_GT(B.timedRuns(), 3u);
  EXPECT_EQ(B.lastLaunch(), 2u);
  EXPECT_EQ(Data, std::vector<int>(64, 5 + 3));

  // The hot path does not restore: a second call adds once more.
  S.call(&B, &Key, 1, Accumulate, Args);
  EXPECT_EQ(Data, std::vector<int>(64, 5 + 3 + 3));
}

TEST_F(RestoreTest, EveryTuningRunStartsFromTheProgramsInput) {
  FakeBackend B;
  ThreePointSite S;
  long long Value = 100;
  Buffer Restore[] = {restoreBuffer(&Value, 1, "Value")};
  CallArgs Args;
  Args.Restore = Restore;
  Args.RestoreCount = 1;
  std::vector<long long> SeenOnEntry;
  long long Key = 1;
  S.call(
      &B, &Key, 1,
      [&](long long X) {
        SeenOnEntry.push_back(Value);
        Value = Value * 10 + X;
      },
      Args);
  ASSERT_GT(SeenOnEntry.size(), 3u);
  for (long long Seen : SeenOnEntry)
    EXPECT_EQ(Seen, 100);
}

TEST_F(RestoreTest, OutputsNamedOnlyInVerifyAreRestoredToo) {
  // An output the statement adds into, named in verify(...) but not in
  // restore(...): each variant is compared on the same starting state, and
  // the program sees one run.
  FakeBackend B;
  ThreePointSite S;
  std::vector<float> Out(8, 1.0f);
  Buffer Verify[] = {verifyBuffer(Out.data(), 8, "Out[8]")};
  CallArgs Args;
  Args.Verify = Verify;
  Args.VerifyCount = 1;
  long long Key = 1;
  S.call(
      &B, &Key, 1,
      [&](long long) {
        for (float &V : Out)
          V += 1.0f;
      },
      Args);
  EXPECT_EQ(B.variantsTimed(), (std::set<unsigned>{0, 1, 2}));
  EXPECT_TRUE(logLinesWith("rejected").empty());
  EXPECT_EQ(Out, std::vector<float>(8, 2.0f));
}

// A call whose restore(...) names Restore.
template <unsigned N> CallArgs restoring(Buffer (&Restore)[N]) {
  CallArgs Args;
  Args.Restore = Restore;
  Args.RestoreCount = N;
  return Args;
}

// A device whose copies fail from the Nth on, as a CUDA copy may.
class FailingCopyBackend : public FakeBackend {
public:
  explicit FailingCopyBackend(int CopiesThatWork) : Left(CopiesThatWork) {}
  CopyResult copy(void *Dst, const void *Src, std::size_t Bytes,
                  void *Stream) override {
    if (Left-- > 0)
      return FakeBackend::copy(Dst, Src, Bytes, Stream);
    return {"cudaErrorInvalidValue: invalid argument"};
  }
  int Left;
};

TEST_F(RestoreTest, AFailedRestoreStopsTuningAndRunsTheDefaultPoint) {
  // The snapshot and the first restore work; the second restore fails, so
  // the buffer is as the first variant left it: measuring on would time
  // the others on other inputs.
  FailingCopyBackend B(2);
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  ThreePointSite S;
  long long Value = 100;
  Buffer Restore[] = {restoreBuffer(&Value, 1, "Value")};
  CallArgs Args = restoring(Restore);
  long long Key = 1;
  auto Body = [&](long long X) { Value = Value * 10 + X; };
  S.call(&B, &Key, 1, Body, Args);
  EXPECT_EQ(B.timedRuns(), 1u);
  EXPECT_EQ(B.lastLaunch(), 0u);
  ASSERT_EQ(logLinesWith("not tuned").size(), 1u);
  EXPECT_NE(logLinesWith("not tuned")[0].find(
                "cannot restore 'Value': cudaErrorInvalidValue: invalid "
                "argument; tuning stopped; using the default point X=1"),
            std::string::npos);

  // The default point is the site's answer from now on: no tuning again.
  B.forgetRuns();
  S.call(&B, &Key, 1, Body, Args);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.lastLaunch(), 0u);
}

} // namespace
} // namespace autotune
