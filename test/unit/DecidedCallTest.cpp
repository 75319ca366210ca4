// Rewritten code asks its site for the decided winner (Site::decided) and
// branches to it inline; a call the site does not know goes through run(),
// which tunes, finds the winner, and has the site remember it. These tests
// make the calls the plugin emits and watch which path each took: the fake
// backend's launch() is only reached through run().
#include "TestSupport.h"

#include <functional>
#include <thread>

namespace autotune {
namespace {

using DecidedCallTest = RuntimeTest;

TEST_F(DecidedCallTest, NothingIsDecidedBeforeTheFirstCall) {
  FakeBackend B;
  ThreePointSite S;
  long long Key = 4096;
  CallArgs Args;
  Args.Key = &Key;
  Args.KeyCount = 1;
  EXPECT_EQ(S.TheSite.decided(Args), -1);
  EXPECT_EQ(B.timedRuns(), 0u);
}

TEST_F(DecidedCallTest, TheCallAfterTheLibraryFoundTheWinnerGoesInline) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  long long Key = 4096;
  std::vector<long long> Ran;
  auto Body = [&](long long X) { Ran.push_back(X); };
  // Tunes (through run), then finds the winner in the library's table
  // (through run), then the site knows it.
  EXPECT_FALSE(S.callAsRewritten(&B, &Key, 1, Body));
  std::size_t Timed = B.timedRuns();
  EXPECT_FALSE(S.callAsRewritten(&B, &Key, 1, Body));
  for (int I = 0; I < 10; ++I)
    EXPECT_TRUE(S.callAsRewritten(&B, &Key, 1, Body));
  EXPECT_EQ(B.timedRuns(), Timed);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{1, 1}));
  // Tuning ran every point; every call after it ran X=2 once.
  ASSERT_GE(Ran.size(), 11u);
  EXPECT_EQ(std::vector<long long>(Ran.end() - 11, Ran.end()),
            std::vector<long long>(11, 2));
}

// Key 1: X=2 wins; key 2: X=3 wins. Both tuned, key 1 remembered.
struct TwoKeys {
  explicit TwoKeys(FakeBackend &B) : B(B) {
    B.TimeOf = [this](unsigned I) {
      return I == static_cast<unsigned>(Current) ? 1e-4 : 1e-3;
    };
    S.callAsRewritten(&B, &One, 1, Body);
    S.callAsRewritten(&B, &One, 1, Body); // remembered: key 1
    Current = 2;
    S.callAsRewritten(&B, &Two, 1, Body); // tunes key 2
    Ran.clear();
    B.forgetRuns();
  }
  bool call(long long &Key) { return S.callAsRewritten(&B, &Key, 1, Body); }

  FakeBackend &B;
  ThreePointSite S;
  long long Current = 1, One = 1, Two = 2;
  std::vector<long long> Ran;
  std::function<void(long long)> Body = [this](long long X) {
    Ran.push_back(X);
  };
};

TEST_F(DecidedCallTest, AnotherKeyGoesThroughTheLibraryAndIsRemembered) {
  testing::setRememberInterval(std::chrono::nanoseconds(0));
  FakeBackend B;
  TwoKeys K(B);
  EXPECT_FALSE(K.call(K.Two)); // remembered: key 2
  EXPECT_TRUE(K.call(K.Two));
  EXPECT_FALSE(K.call(K.One)); // remembered: key 1
  EXPECT_TRUE(K.call(K.One));
  EXPECT_EQ(K.Ran, (std::vector<long long>{3, 3, 2, 2}));
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{2, 1}));
  EXPECT_EQ(B.timedRuns(), 0u);
}

TEST_F(DecidedCallTest, KeysThatAlternateFastKeepTheRememberedOne) {
  testing::setRememberInterval(std::chrono::hours(1));
  FakeBackend B;
  TwoKeys K(B);
  for (int I = 0; I < 3; ++I) {
    EXPECT_FALSE(K.call(K.Two)); // through the library, not remembered
    EXPECT_TRUE(K.call(K.One));
  }
  EXPECT_EQ(K.Ran, (std::vector<long long>{3, 2, 3, 2, 3, 2}));
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{2, 2, 2}));
}

TEST_F(DecidedCallTest, ThreadsCallingFromTheFirstCallRunTheWinner) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  constexpr int Threads = 4, Calls = 200;
  std::vector<std::vector<long long>> Ran(Threads);
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      for (int C = 0; C < Calls; ++C) {
        long long Key = (T + C) % 2; // alternating keys, from the start
        S.callAsRewritten(&B, &Key, 1,
                          [&](long long X) { Ran[T].push_back(X); });
      }
    });
  for (std::thread &T : Pool)
    T.join();
  // The tuning thread of each key also ran the other points (its timed
  // runs); every call after tuning ran X=2, inline or not.
  for (int T = 0; T < Threads; ++T) {
    ASSERT_GE(Ran[T].size(), std::size_t(Calls));
    EXPECT_EQ(std::vector<long long>(Ran[T].end() - (Calls - 2), Ran[T].end()),
              std::vector<long long>(Calls - 2, 2))
        << "thread " << T;
  }
}

TEST_F(DecidedCallTest, KeysLongerThanTheEntryKeepsInlineAreCompared) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  long long Key[5] = {1, 2, 3, 4, 5};
  auto Body = [](long long) {};
  S.callAsRewritten(&B, Key, 5, Body);
  S.callAsRewritten(&B, Key, 5, Body);
  EXPECT_TRUE(S.callAsRewritten(&B, Key, 5, Body));
  Key[4] = 6; // differs only in the last value
  EXPECT_FALSE(S.callAsRewritten(&B, Key, 5, Body));
  EXPECT_FALSE(S.callAsRewritten(&B, Key, 4, Body)); // a prefix is not it
}

TEST_F(DecidedCallTest, ChangedCountsGoThroughTheLibraryWhichSaysSo) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  std::vector<int> Data(128);
  auto Body = [](long long) {};
  auto CallOn = [&](long long Count) {
    Buffer Restore = restoreBuffer(Data.data(), Count, "Data[n]");
    CallArgs Args;
    Args.Restore = &Restore;
    Args.RestoreCount = 1;
    return S.callAsRewritten(&B, nullptr, 0, Body, Args);
  };
  CallOn(64);
  CallOn(64);
  EXPECT_TRUE(CallOn(64));
  EXPECT_TRUE(logLinesWith("tuned on").empty());
  EXPECT_FALSE(CallOn(128));
  EXPECT_FALSE(CallOn(128)); // still not the counts it was tuned on
  EXPECT_EQ(logLinesWith("tuned on").size(), 1u);
  EXPECT_TRUE(CallOn(64));
}

TEST_F(DecidedCallTest, DevicesOfTwoModelsAlwaysGoThroughTheLibrary) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  B.ModelOfDevice = {{0, "model A"}, {1, "model B"}};
  ThreePointSite S;
  long long Key = 4096;
  auto Body = [](long long) {};
  for (int I = 0; I < 4; ++I)
    EXPECT_FALSE(S.callAsRewritten(&B, &Key, 1, Body));
  B.Device = 1; // the other model: its own tuning
  std::size_t Timed = B.timedRuns();
  EXPECT_FALSE(S.callAsRewritten(&B, &Key, 1, Body));
  EXPECT_GT(B.timedRuns(), Timed);
}

TEST_F(DecidedCallTest, OnlineRaceGoesThroughTheLibraryUntilDecided) {
  setEnv("AUTOTUNE_MODE", "online");
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  long long Key = 4096;
  auto Body = [](long long) {};
  int Through = 0;
  int Inline = 0;
  for (int I = 0; I < 200; ++I) {
    if (S.callAsRewritten(&B, &Key, 1, Body))
      ++Inline;
    else {
      ++Through;
      EXPECT_EQ(Inline, 0) << "call " << I << " went through after inline";
    }
  }
  // One call per run of the race, then the library's answer once; the
  // rest inline, each running the winner.
  EXPECT_GT(Through, 3);
  EXPECT_GT(Inline, 0);
  CallArgs Args;
  Args.Key = &Key;
  Args.KeyCount = 1;
  EXPECT_EQ(S.TheSite.decided(Args), 1);
}

TEST_F(DecidedCallTest, ForgottenResultsAreNotDecided) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  long long Key = 4096;
  auto Body = [](long long) {};
  S.callAsRewritten(&B, &Key, 1, Body);
  S.callAsRewritten(&B, &Key, 1, Body);
  EXPECT_TRUE(S.callAsRewritten(&B, &Key, 1, Body));
  testing::resetRuntime();
  B.forgetRuns();
  // The library looks the call up again (its persistent cache answers).
  EXPECT_FALSE(S.callAsRewritten(&B, &Key, 1, Body));
  EXPECT_EQ(B.launches(), std::vector<unsigned>{1});
}

} // namespace
} // namespace autotune
