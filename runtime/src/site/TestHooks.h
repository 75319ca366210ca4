// What unit tests may change in the runtime: everything they need to start
// from a fresh runtime, read a new environment, replace the result store or
// watch the log, in one include. A fake device comes in through
// CallArgs::TimingBackend, as a CUDA launch's backend does.
#ifndef AUTOTUNE_SRC_TESTHOOKS_H
#define AUTOTUNE_SRC_TESTHOOKS_H

#include "cache/ResultStore.h"
#include "measure/Backend.h"
#include "measure/cuda/RunMarkHook.h"
#include "site/SiteState.h"
#include "support/Environment.h"
#include "support/Log.h"

namespace autotune {
namespace testing {

// Forgets every tuned result of every site, every device identification,
// the shipped results read (AUTOTUNE_RESULTS) and every once-per-process
// warning (so that a repeated test sees it again), and restores what the
// hooks below set in SiteState; no call may be in flight.
void resetRuntime();

// Also here, declared beside what they change:
//   reloadEnvironment()    Environment.h
//   setLogSink()           Log.h
//   setResultStore()       ResultStore.h
//   setRememberInterval()  SiteState.h
//   refuseRunMarks()       measure/cuda/RunMarkHook.h (libautotune_cuda)

} // namespace testing
} // namespace autotune

#endif // AUTOTUNE_SRC_TESTHOOKS_H
