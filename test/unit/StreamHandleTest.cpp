// The stream a rewritten statement hands the library: a cudaStream_t, 0 or
// nullptr, or a stream object that converts to one as a launch takes it
// (PyTorch's c10::cuda::CUDAStream, whose handle is its conversion).
#include "autotune/autotune.h"

#include <gtest/gtest.h>

struct CUstream_st; // cudaStream_t is CUstream_st *, here as in CUDA

namespace autotune {
namespace {

CUstream_st *handle(std::uintptr_t Bits) {
  return reinterpret_cast<CUstream_st *>(Bits);
}

// c10::cuda::CUDAStream's shape: a class with the handle behind a
// conversion operator, and a second conversion to another class.
struct OtherStreamType {};
class TorchLikeStream {
public:
  explicit TorchLikeStream(CUstream_st *S) : S(S) {}
  operator CUstream_st *() const { return S; }
  operator OtherStreamType() const { return {}; }

private:
  CUstream_st *S;
};

TEST(StreamHandleTest, HandleZeroAndNullptr) {
  EXPECT_EQ(streamHandle(handle(0x40)), static_cast<void *>(handle(0x40)));
  EXPECT_EQ(streamHandle(0), nullptr);
  EXPECT_EQ(streamHandle(nullptr), nullptr);
}

TEST(StreamHandleTest, StreamObjectGivesTheHandleItConvertsTo) {
  EXPECT_EQ(streamHandle(TorchLikeStream(handle(0x80))),
            static_cast<void *>(handle(0x80)));
  const TorchLikeStream Current(handle(0xc0));
  EXPECT_EQ(streamHandle(Current), static_cast<void *>(handle(0xc0)));
}

} // namespace
} // namespace autotune
