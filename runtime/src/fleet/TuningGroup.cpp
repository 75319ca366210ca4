// The process's tuning group; see TuningGroup.h.
#include "fleet/TuningGroup.h"

#include <atomic>

namespace autotune {
namespace {
std::atomic<TuningGroup *> Current{nullptr};
} // namespace

TuningGroup::~TuningGroup() = default;

void setTuningGroup(TuningGroup *Group) {
  Current.store(Group, std::memory_order_release);
}

TuningGroup *tuningGroup() { return Current.load(std::memory_order_acquire); }

} // namespace autotune
