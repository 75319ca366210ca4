// The device -> model index cache: a fixed table of backends by address, each
// with one atomic slot per device ordinal; rarer cases go to a locked map.
#include "site/DeviceModels.h"

#include <atomic>
#include <map>
#include <mutex>
#include <vector>

namespace autotune {
namespace {

constexpr int MaxBackends = 8;
constexpr int MaxDevices = 64;

// Zero-initialised as a static: Owner null, slots 0 meaning "not known".
struct BackendDevices {
  std::atomic<Backend *> Owner;
  std::atomic<int> ModelPlusOne[MaxDevices];
};
BackendDevices Table[MaxBackends];

std::mutex Mutex; // guards everything below and writes to Table
std::vector<DeviceIdentity> Models;
std::map<std::pair<Backend *, int>, int> Overflow;

int internModel(DeviceIdentity Identity) {
  if (Identity.Model.empty())
    Identity.Model = "unknown device";
  for (std::size_t I = 0; I < Models.size(); ++I)
    if (Models[I].Model == Identity.Model)
      return static_cast<int>(I);
  Models.push_back(std::move(Identity));
  return static_cast<int>(Models.size() - 1);
}

BackendDevices *slotFor(Backend &B) {
  for (BackendDevices &Slot : Table) {
    Backend *Owner = Slot.Owner.load(std::memory_order_acquire);
    if (Owner == &B)
      return &Slot;
    if (!Owner) {
      Slot.Owner.store(&B, std::memory_order_release);
      return &Slot;
    }
  }
  return nullptr;
}

} // namespace

int cachedModel(Backend &B, int Device) {
  for (BackendDevices &Slot : Table) {
    Backend *Owner = Slot.Owner.load(std::memory_order_acquire);
    if (Owner == &B)
      return Device >= 0 && Device < MaxDevices
                 ? Slot.ModelPlusOne[Device].load(std::memory_order_acquire) - 1
                 : -1;
    if (!Owner)
      return -1;
  }
  return -1;
}

int identifyModel(Backend &B, int Device) {
  std::lock_guard<std::mutex> Lock(Mutex);
  BackendDevices *Slot = slotFor(B);
  if (Slot && Device >= 0 && Device < MaxDevices) {
    int Known = Slot->ModelPlusOne[Device].load(std::memory_order_relaxed) - 1;
    if (Known >= 0)
      return Known;
    int Model = internModel(B.identify(Device));
    Slot->ModelPlusOne[Device].store(Model + 1, std::memory_order_release);
    return Model;
  }
  auto It = Overflow.find({&B, Device});
  if (It != Overflow.end())
    return It->second;
  int Model = internModel(B.identify(Device));
  Overflow.emplace(std::make_pair(&B, Device), Model);
  return Model;
}

DeviceIdentity modelIdentity(int Model) {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Model >= 0 && Model < static_cast<int>(Models.size())
             ? Models[Model]
             : DeviceIdentity{"unknown device", "", ""};
}

void forgetDeviceModels() {
  std::lock_guard<std::mutex> Lock(Mutex);
  for (BackendDevices &Slot : Table) {
    Slot.Owner.store(nullptr, std::memory_order_relaxed);
    for (std::atomic<int> &Model : Slot.ModelPlusOne)
      Model.store(0, std::memory_order_relaxed);
  }
  Models.clear();
  Overflow.clear();
}

} // namespace autotune
