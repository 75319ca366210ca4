// What unit tests may change in the runtime: everything they need to fake a
// device, read a new environment or watch the log, in one include.
#ifndef AUTOTUNE_SRC_TESTHOOKS_H
#define AUTOTUNE_SRC_TESTHOOKS_H

#include "Backend.h"
#include "Environment.h"
#include "ResultStore.h"
#include "TuningLog.h"

namespace autotune {
namespace testing {

// The backend of host statements (CallArgs::TimingBackend null); null
// restores hostBackend().
void setHostBackend(Backend *B);

// Forgets every tuned result of every site, every device identification and
// every once-per-process warning (so that a repeated test sees it again); no
// call may be in flight.
void resetRuntime();

// Also here, declared beside what they change:
//   reloadEnvironment()  Environment.h
//   setLogSink()         TuningLog.h
//   setResultStore()     ResultStore.h

} // namespace testing
} // namespace autotune

#endif // AUTOTUNE_SRC_TESTHOOKS_H
