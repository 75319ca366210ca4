// Which device model a (backend, device ordinal) is. Results are shared by
// devices of the same model, and the hot path must not call identify(), so
// the mapping is cached in a table that readers consult without a lock.
#ifndef AUTOTUNE_SRC_DEVICEMODELS_H
#define AUTOTUNE_SRC_DEVICEMODELS_H

#include "measure/Backend.h"

namespace autotune {

// Hot path: the model index of Device on B, or -1 if it has not been
// identified yet (or lies beyond the lock-free table).
int cachedModel(Backend &B, int Device);

// Slow path: identifies Device on B once and returns its model index; equal
// DeviceIdentity::Model strings give equal indices, across backends too.
int identifyModel(Backend &B, int Device);

DeviceIdentity modelIdentity(int Model);

// For tests: forget every identification (no call may be in flight).
void forgetDeviceModels();

} // namespace autotune

#endif // AUTOTUNE_SRC_DEVICEMODELS_H
