// The ranges of restore(...) and verify(...) buffers, checked against the
// memory they lie in before a tuning copies them, so that a count that cannot
// be right (bytes for elements, negative, zero) is reported instead of
// faulting or corrupting. (Later calls whose counts differ from the tuned
// call's: ExtentChange.h.)
#ifndef AUTOTUNE_SRC_BUFFEREXTENTS_H
#define AUTOTUNE_SRC_BUFFEREXTENTS_H

#include "measure/Backend.h"

#include <string>

namespace autotune {

// "restore(x[n])": the clause as written, with this one buffer.
std::string bufferClause(const Buffer &B, bool IsRestore);

// Why the ranges of this call must not be copied, for the first that is
// wrong; empty when each lies in its memory as far as B can tell.
std::string checkBufferExtents(Backend &B, const CallArgs &Args);

} // namespace autotune

#endif // AUTOTUNE_SRC_BUFFEREXTENTS_H
