// The key function of Backend, so that its vtable lives in the runtime
// library and every backend (host, CUDA, tests' fakes) shares it.
#include "Backend.h"

namespace autotune {
Backend::~Backend() = default;
} // namespace autotune
