// The names of variant statuses, shared by the log and the cache files.
#include "tune/TuningRecord.h"

#include <utility>

namespace autotune {
namespace {

// Every status, once: statusName() and isStatusName() read the same list.
constexpr std::pair<VariantStatus, const char *> StatusNames[] = {
    {VariantStatus::NotMeasured, "not measured"},
    {VariantStatus::Measured, "ok"},
    {VariantStatus::LaunchFailed, "launch failed"},
    {VariantStatus::Rejected, "rejected"},
    {VariantStatus::Fatal, "fatal"},
    {VariantStatus::Cut, "cut"},
};

} // namespace

const char *statusName(VariantStatus Status) {
  for (const auto &[Known, Name] : StatusNames)
    if (Known == Status)
      return Name;
  return "not measured";
}

bool isStatusName(const std::string &Name) {
  VariantStatus Status;
  return statusNamed(Name, Status);
}

bool statusNamed(const std::string &Name, VariantStatus &Status) {
  for (const auto &[Known, KnownName] : StatusNames)
    if (Name == KnownName) {
      Status = Known;
      return true;
    }
  return false;
}

} // namespace autotune
