// restore(...)/verify(...) ranges are checked against their memory before a
// tuning copies them: a range that cannot be right is reported with the
// clause as written and the bytes asked and available, nothing is measured,
// and the default point runs.
#include "measure/BufferExtents.h"
#include "TestSupport.h"

#include <climits>

#include <sys/mman.h>
#include <unistd.h>

namespace autotune {
namespace {

// A device whose memory is one allocation of AllocationBytes at Base.
class DeviceMemoryBackend : public FakeBackend {
public:
  const void *Base = nullptr;
  std::size_t AllocationBytes = 0;

  MemoryExtent memoryAt(const void *Data) override {
    MemoryExtent Extent;
    auto At = reinterpret_cast<std::uintptr_t>(Data);
    auto From = reinterpret_cast<std::uintptr_t>(Base);
    if (At < From || At >= From + AllocationBytes)
      return Extent; // not ours: unknown
    Extent.Where = MemoryExtent::Kind::Device;
    Extent.AllocationBase = Base;
    Extent.AllocationBytes = AllocationBytes;
    Extent.BytesFrom = AllocationBytes - (At - From);
    return Extent;
  }
};

using BufferExtentsTest = RuntimeTest;

// A keyless call of S with these restore buffers.
void callWithRestore(
    ThreePointSite &S, Backend &B, const Buffer &Restore,
    std::function<void(long long)> Body = [](long long) {}) {
  CallArgs Args;
  Args.Restore = &Restore;
  Args.RestoreCount = 1;
  S.call(&B, nullptr, 0, Body, Args);
}

TEST_F(BufferExtentsTest, BytesInsteadOfElementsOnDeviceMemoryIsNotTuned) {
  DeviceMemoryBackend B;
  std::vector<float> C(16 * 16); // stands for a cudaMalloc of n * n floats
  B.Base = C.data();
  B.AllocationBytes = C.size() * sizeof(float);
  ThreePointSite S;
  long long N = 16;
  callWithRestore(S, B,
                  restoreBuffer(C.data(), N * N * (long long)sizeof(float),
                                "c[n * n * sizeof(float)]"));
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0}));
  std::vector<std::string> Lines = logLinesWith("not tuned");
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_NE(Lines[0].find("test.cpp:1:f"), std::string::npos) << Lines[0];
  EXPECT_NE(Lines[0].find("'restore(c[n * n * sizeof(float)])' asks for 4096 "
                          "bytes (1024 elements of 4 bytes), but its device "
                          "allocation has 1024 bytes;"),
            std::string::npos)
      << Lines[0];
  EXPECT_NE(Lines[0].find("using the default point X=1"), std::string::npos);
}

TEST_F(BufferExtentsTest, OneElementTooManyOnDeviceMemoryIsNotTuned) {
  DeviceMemoryBackend B;
  std::vector<int> C(64);
  B.Base = C.data();
  B.AllocationBytes = C.size() * sizeof(int);
  ThreePointSite S;
  callWithRestore(S, B, restoreBuffer(C.data(), 65, "c[n + 1]"));
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(logLinesWith("'restore(c[n + 1])' asks for 260 bytes").size(), 1u);
}

TEST_F(BufferExtentsTest, RangeInsideAnAllocationIsCountedFromItsStart) {
  DeviceMemoryBackend B;
  std::vector<int> C(64);
  B.Base = C.data();
  B.AllocationBytes = C.size() * sizeof(int);
  ThreePointSite S;
  // The second half: 32 elements fit, 33 do not.
  callWithRestore(S, B, restoreBuffer(C.data() + 32, 32, "(c + 32)[32]"));
  EXPECT_GT(B.timedRuns(), 0u);
  ThreePointSite Other(0, "test.cpp:2:g");
  callWithRestore(Other, B, restoreBuffer(C.data() + 32, 33, "(c + 32)[33]"));
  EXPECT_EQ(logLinesWith("but its device allocation has 256 bytes (128 from "
                         "the buffer's start)")
                .size(),
            1u);
}

TEST_F(BufferExtentsTest, NegativeCountIsReported) {
  FakeBackend B;
  ThreePointSite S;
  std::vector<int> C(8);
  callWithRestore(S, B, restoreBuffer(C.data(), -8, "c[n - m]"));
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0}));
  EXPECT_EQ(
      logLinesWith("'restore(c[n - m])' has a negative count (-8)").size(), 1u);
}

TEST_F(BufferExtentsTest, ZeroCountIsReported) {
  FakeBackend B;
  ThreePointSite S;
  std::vector<float> Out(8);
  Buffer Verify = verifyBuffer(Out.data(), 0, "out[n]");
  CallArgs Args;
  Args.Verify = &Verify;
  Args.VerifyCount = 1;
  S.call(&B, nullptr, 0, [](long long) {}, Args);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(logLinesWith("'verify(out[n])' has a count of 0, so nothing would "
                         "be compared")
                .size(),
            1u);
}

TEST_F(BufferExtentsTest, HostRangeBeyondItsMappingIsReportedAndDataKept) {
  // The array ends at an inaccessible page, as a large allocation ends at
  // the end of its mapping; the count is in bytes instead of elements.
  long Page = ::sysconf(_SC_PAGESIZE);
  void *P = ::mmap(nullptr, 2 * Page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(P, MAP_FAILED);
  char *Bytes = static_cast<char *>(P);
  ASSERT_EQ(::mprotect(Bytes + Page, Page, PROT_NONE), 0);
  float *C = reinterpret_cast<float *>(Bytes);
  long long N = Page / long(sizeof(float));
  for (long long I = 0; I < N; ++I)
    C[I] = 1.0f;

  FakeBackend B;
  ThreePointSite S;
  callWithRestore(S, B, restoreBuffer(C, N * (long long)sizeof(float), "c[n]"),
                  [&](long long X) {
                    for (long long I = 0; I < N; ++I)
                      C[I] += float(X);
                  });
  std::vector<std::string> Lines =
      logLinesWith("but only " + std::to_string(Page) +
                   " bytes of writable host memory follow its start");
  float First = C[0], Last = C[N - 1];
  ::munmap(P, 2 * Page);
  EXPECT_EQ(Lines.size(), 1u);
  EXPECT_EQ(B.timedRuns(), 0u);
  // One run of the default point, X=1.
  EXPECT_EQ(First, 2.0f);
  EXPECT_EQ(Last, 2.0f);
}

TEST_F(BufferExtentsTest, NullPointerIsReported) {
  FakeBackend B;
  ThreePointSite S;
  callWithRestore(S, B, restoreBuffer(static_cast<int *>(nullptr), 4, "p[4]"));
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(logLinesWith("'restore(p[4])' names a null pointer").size(), 1u);
}

TEST_F(BufferExtentsTest, RangeThatFitsItsMemoryIsTuned) {
  FakeBackend B;
  ThreePointSite S;
  std::vector<double> C(1000);
  callWithRestore(S, B, restoreBuffer(C.data(), 1000, "c[n]"));
  EXPECT_GT(B.timedRuns(), 0u);
  EXPECT_TRUE(logLinesWith("not tuned").empty());
}

TEST_F(BufferExtentsTest, MemoryTheBackendCannotPlaceIsNotChecked) {
  DeviceMemoryBackend B; // knows nothing of C
  std::vector<int> C(16);
  Buffer R = restoreBuffer(C.data(), 1 << 20, "c[n]");
  CallArgs Args;
  Args.Restore = &R;
  Args.RestoreCount = 1;
  EXPECT_EQ(checkBufferExtents(B, Args), "");
}

TEST_F(BufferExtentsTest, HugeCountSaturatesInsteadOfWrapping) {
  int X = 0;
  Buffer R = restoreBuffer(&X, LLONG_MAX, "x[n]");
  EXPECT_EQ(R.Bytes, static_cast<std::size_t>(-1));
  EXPECT_EQ(R.Count, LLONG_MAX);
  EXPECT_EQ(restoreBuffer(&X, -3, "x[n]").Bytes, 0u);
}

} // namespace
} // namespace autotune
