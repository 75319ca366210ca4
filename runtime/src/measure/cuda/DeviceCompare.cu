// The kernels of verify(...) on the device (DeviceCompare.h): a grid-stride
// pass over both buffers, each thread stopping at its first difference and
// lowering the buffer's first one with atomicMin. Read once, the buffers go
// at the device's memory bandwidth.
#include "measure/cuda/DeviceCompare.h"

#include <cstdint>

namespace autotune {
namespace {

constexpr unsigned ThreadsPerBlock = 256;

__device__ std::size_t firstThread() {
  return static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ std::size_t threadCount() {
  return static_cast<std::size_t>(gridDim.x) * blockDim.x;
}

// Exact comparison of Bytes as Words (as bytes where the addresses do not
// allow wider loads): the offset of the first differing byte. Words holds
// Bytes / sizeof(Word); thread 0 also compares the bytes after the last
// word.
template <class Word>
__global__ void compareExactly(const Word *Got, const Word *Want,
                               std::size_t Words, std::size_t Bytes,
                               unsigned long long *FirstDifference) {
  for (std::size_t I = firstThread(); I < Words; I += threadCount()) {
    Word G = Got[I], W = Want[I];
    if (G == W)
      continue;
    // The lowest differing bit's byte: the first in memory (little-endian).
    auto Differing = static_cast<unsigned long long>(G ^ W);
    unsigned Byte = (__ffsll(static_cast<long long>(Differing)) - 1) / 8;
    atomicMin(FirstDifference, I * sizeof(Word) + Byte);
    return; // this thread's later words lie further on
  }
  if (firstThread() != 0)
    return;
  const auto *GB = reinterpret_cast<const unsigned char *>(Got);
  const auto *WB = reinterpret_cast<const unsigned char *>(Want);
  for (std::size_t Offset = Words * sizeof(Word); Offset < Bytes; ++Offset)
    if (GB[Offset] != WB[Offset]) {
      atomicMin(FirstDifference, Offset);
      return;
    }
}

// Floating-point elements of Kind, whose bits are Bits: an element differs
// where its bits do and closeEnough says so.
template <ElementKind Kind, class Bits>
__global__ void compareWithin(const Bits *Got, const Bits *Want,
                              std::size_t Count, Tolerance Tol,
                              unsigned long long *FirstDifference) {
  for (std::size_t I = firstThread(); I < Count; I += threadCount()) {
    Bits G = Got[I], W = Want[I];
    if (G == W ||
        closeEnough(floatingValue(Kind, G), floatingValue(Kind, W), Tol))
      continue;
    atomicMin(FirstDifference, I * sizeof(Bits));
    return;
  }
}

// Enough blocks to keep every SM's memory traffic going (a few per SM), no
// more than the work needs: the threads stride over the rest.
unsigned blocksFor(std::size_t Items) {
  int Device = 0, SMs = 0;
  if (cudaGetDevice(&Device) != cudaSuccess ||
      cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, Device) !=
          cudaSuccess ||
      SMs <= 0) {
    (void)cudaGetLastError(); // ours: mustNotTune let no error of the
    SMs = 16;                 // program's through
  }
  std::size_t Needed = (Items + ThreadsPerBlock - 1) / ThreadsPerBlock;
  std::size_t Most = static_cast<std::size_t>(SMs) * 8;
  return static_cast<unsigned>(Needed < 1 ? 1 : Needed < Most ? Needed : Most);
}

bool aligned(const void *P, std::size_t To) {
  return reinterpret_cast<std::uintptr_t>(P) % To == 0;
}

template <class Word>
cudaError_t queueExact(const DeviceOutputs &O, unsigned long long *First,
                       cudaStream_t Stream) {
  std::size_t Words = O.Bytes / sizeof(Word);
  compareExactly<Word><<<blocksFor(Words), ThreadsPerBlock, 0, Stream>>>(
      static_cast<const Word *>(O.Got), static_cast<const Word *>(O.Want),
      Words, O.Bytes, First);
  return cudaPeekAtLastError();
}

template <ElementKind Kind, class Bits>
cudaError_t queueWithin(const DeviceOutputs &O, unsigned long long *First,
                        cudaStream_t Stream) {
  std::size_t Count = O.Bytes / sizeof(Bits);
  compareWithin<Kind, Bits><<<blocksFor(Count), ThreadsPerBlock, 0, Stream>>>(
      static_cast<const Bits *>(O.Got), static_cast<const Bits *>(O.Want),
      Count, O.Tol, First);
  return cudaPeekAtLastError();
}

} // namespace

bool comparableOnDevice(const DeviceOutputs &O) {
  std::size_t Size = floatingSize(O.Kind);
  return Size == 0 || Size != O.ElementSize ||
         (aligned(O.Got, Size) && aligned(O.Want, Size));
}

cudaError_t queueComparison(const DeviceOutputs &O,
                            unsigned long long *FirstDifference,
                            cudaStream_t Stream) {
  // Floating-point elements need their own alignment for the typed loads;
  // a type declared floating-point of another size compares as bytes (as
  // OutputCheck's host path does).
  std::size_t Size = floatingSize(O.Kind);
  if (Size != 0 && Size == O.ElementSize && aligned(O.Got, Size) &&
      aligned(O.Want, Size)) {
    switch (O.Kind) {
    case ElementKind::Float16:
      return queueWithin<ElementKind::Float16, std::uint16_t>(
          O, FirstDifference, Stream);
    case ElementKind::BFloat16:
      return queueWithin<ElementKind::BFloat16, std::uint16_t>(
          O, FirstDifference, Stream);
    case ElementKind::Float32:
      return queueWithin<ElementKind::Float32, std::uint32_t>(
          O, FirstDifference, Stream);
    default:
      return queueWithin<ElementKind::Float64, std::uint64_t>(
          O, FirstDifference, Stream);
    }
  }
  if (aligned(O.Got, 8) && aligned(O.Want, 8))
    return queueExact<unsigned long long>(O, FirstDifference, Stream);
  return queueExact<unsigned char>(O, FirstDifference, Stream);
}

} // namespace autotune
