// The NVTX ranges of tunings (Backend::beginRange): what Nsight Systems
// shows of autotune, a range per tuning with a range per run inside it.
#ifndef AUTOTUNE_SRC_PROFILERRANGES_H
#define AUTOTUNE_SRC_PROFILERRANGES_H

#include <string>

namespace autotune {

// Opens a range named Name on this thread, unless AUTOTUNE_NVTX=0.
void beginProfilerRange(const std::string &Name);
// Ends the range beginProfilerRange opened last on this thread.
void endProfilerRange();

} // namespace autotune

#endif // AUTOTUNE_SRC_PROFILERRANGES_H
