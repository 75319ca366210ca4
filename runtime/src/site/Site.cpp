// Site::run, the call rewritten code makes when Site::decided() does not
// know the call. Its hot path (a site already tuned for this device model
// and key) takes no lock, allocates nothing and calls neither identify() nor
// anything that synchronises.
#include "cache/ShippedResults.h"
#include "site/DeviceModels.h"
#include "site/SiteState.h"
#include "site/TestHooks.h"

namespace autotune {

void Site::run(const Variants &V, const CallArgs &Args) {
  Backend *B = Args.TimingBackend ? Args.TimingBackend : &hostBackend();
  if (SiteState *S = State.load(std::memory_order_acquire)) {
    int Model = cachedModel(*B, B->currentDevice());
    if (Model >= 0) {
      if (const TunedEntry *E = S->decidedEntry(Model, Info, Args)) {
        // Remembered for decided() only where the device cannot change the
        // answer; stored only when it changes, and then at most once a
        // millisecond (SiteState::mayRemember).
        if (LastDecided.load(std::memory_order_relaxed) != E &&
            B->allDevicesOneModel() && S->mayRemember())
          LastDecided.store(E, std::memory_order_release);
        B->launch(V, static_cast<unsigned>(
                         E->Winner.load(std::memory_order_relaxed)));
        return;
      }
    }
  }
  SiteState::runSlow(*this, *B, V, Args);
}

namespace testing {
void resetRuntime() {
  SiteState::forgetAll();
  forgetDeviceModels();
  forgetCacheWarnings();
  forgetShippedResults();
}
} // namespace testing

} // namespace autotune
