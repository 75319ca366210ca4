// The key function of Backend, so that its vtable lives in the runtime
// library and every backend (host, CUDA, tests' fakes) shares it; and what
// every backend knows of host memory.
#include "Backend.h"

#include "HostPages.h"

namespace autotune {
Backend::~Backend() = default;

MemoryExtent Backend::memoryAt(const void *Data) {
  MemoryExtent Extent;
  if (std::optional<std::size_t> Bytes = hostWritableBytesFrom(Data)) {
    Extent.Where = MemoryExtent::Kind::Host;
    Extent.BytesFrom = *Bytes;
  }
  return Extent;
}
} // namespace autotune
