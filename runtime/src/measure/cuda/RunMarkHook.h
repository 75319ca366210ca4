// The CUDA backend's test hook (libautotune_cuda, for GPU tests), in a
// header without CUDA's so that site/TestHooks.h can offer it to every test.
#ifndef AUTOTUNE_SRC_RUNMARKHOOK_H
#define AUTOTUNE_SRC_RUNMARKHOOK_H

namespace autotune {
namespace testing {

// The CUDA backend's (libautotune_cuda, for GPU tests): its next Count run
// marks (docs/runtime.md, "How a GPU backend times a round") after the next
// After are refused as the driver refuses them, with DriverResult (a CUresult:
// 801, not supported, as a platform without stream memory operations, from then
// on for the calling thread's rounds on that device; any other, a refusal of
// one round). Returns how many of the refusals asked before were not used.
unsigned refuseRunMarks(unsigned Count, int DriverResult, unsigned After = 0);

} // namespace testing
} // namespace autotune

#endif // AUTOTUNE_SRC_RUNMARKHOOK_H
