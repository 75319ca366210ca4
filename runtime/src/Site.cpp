// Site::run, the one call rewritten code makes. The hot path (a site already
// tuned for this device model and key) takes no lock, allocates nothing and
// calls neither identify() nor anything that synchronises.
#include "DeviceModels.h"
#include "ShippedResults.h"
#include "SiteState.h"
#include "TestHooks.h"

namespace autotune {

void Site::run(const Variants &V, const CallArgs &Args) {
  Backend *B = Args.TimingBackend ? Args.TimingBackend : &hostBackend();
  if (SiteState *S = State.load(std::memory_order_acquire)) {
    int Model = cachedModel(*B, B->currentDevice());
    if (Model >= 0) {
      int Winner = S->cachedWinner(Model, Info, Args);
      if (Winner >= 0) {
        B->launch(V, static_cast<unsigned>(Winner));
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
