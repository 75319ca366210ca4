// What unit tests may change in the runtime: everything they need to start
// from a fresh runtime, read a new environment, replace the result store or
// watch the log, in one include. A fake device comes in through
// CallArgs::TimingBackend, as a CUDA launch's backend does.
#ifndef AUTOTUNE_SRC_TESTHOOKS_H
#define AUTOTUNE_SRC_TESTHOOKS_H

#include "cache/ResultStore.h"
#include "measure/Backend.h"
#include "site/SiteState.h"
#include "support/Environment.h"
#include "support/TuningLog.h"

namespace autotune {
namespace testing {

// Forgets every tuned result of every site, every device identification,
// the shipped results read (AUTOTUNE_RESULTS) and every once-per-process
// warning (so that a repeated test sees it again), and restores what the
// hooks below set in SiteState; no call may be in flight.
void resetRuntime();

// The CUDA backend's (libautotune_cuda, for GPU tests): its next Count run
// marks (docs/runtime.md, "How a GPU backend times a round") after the next
// After are refused as the driver refuses them, with DriverResult (a CUresult:
// 801, not supported, as a platform without stream memory operations, from then
// on for the calling thread's rounds on that device; any other, a refusal of
// one round). Returns how many of the refusals asked before were not used.
unsigned refuseRunMarks(unsigned Count, int DriverResult, unsigned After = 0);

// Also here, declared beside what they change:
//   reloadEnvironment()    Environment.h
//   setLogSink()           TuningLog.h
//   setResultStore()       ResultStore.h
//   setRememberInterval()  SiteState.h

} // namespace testing
} // namespace autotune

#endif // AUTOTUNE_SRC_TESTHOOKS_H
