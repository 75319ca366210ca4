// NVTX 3 is header-only: the first call looks for a tool (Nsight Systems, or
// NVTX_INJECTION64_PATH) and, without one, every call is a check of a null
// function pointer. No library to link.
#include "measure/cuda/ProfilerRanges.h"
#include "support/Environment.h"

#include <nvtx3/nvToolsExt.h>

namespace autotune {

void beginProfilerRange(const std::string &Name) {
  if (environment().ProfilerRanges)
    nvtxRangePushA(Name.c_str());
}

void endProfilerRange() {
  if (environment().ProfilerRanges)
    nvtxRangePop();
}

} // namespace autotune
