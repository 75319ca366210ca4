// Results that outlive the process: the seam for the persistent cache. The
// site asks it before tuning (unless AUTOTUNE_RETUNE=1 or AUTOTUNE_CACHE=off)
// and tells it every tuning (when AUTOTUNE_CACHE=on). Until the on-disk
// cache exists every lookup misses.
#ifndef AUTOTUNE_SRC_RESULTSTORE_H
#define AUTOTUNE_SRC_RESULTSTORE_H

#include "Backend.h"
#include "TuningRecord.h"

namespace autotune {

class ResultStore {
public:
  virtual ~ResultStore();
  // True with Point set when an earlier tuning of this site, device model
  // and key is known and still valid.
  virtual bool lookup(const SiteInfo &Info, const DeviceIdentity &Device,
                      const long long *Key, unsigned KeyCount,
                      unsigned &Point) = 0;
  virtual void store(const SiteInfo &Info, const DeviceIdentity &Device,
                     const long long *Key, unsigned KeyCount,
                     const TuningRecord &Record) = 0;
};

ResultStore &resultStore();

namespace testing {
// Replaces the store; null restores the built-in one.
void setResultStore(ResultStore *Store);
} // namespace testing

} // namespace autotune

#endif // AUTOTUNE_SRC_RESULTSTORE_H
