// Small text forms shared by the log, the cache files and autotune-cache.
#include "TextFormat.h"

#include <cstdio>

namespace autotune {

std::string formatNumber(const char *Format, double Value) {
  char Buffer[64];
  std::snprintf(Buffer, sizeof Buffer, Format, Value);
  return Buffer;
}

std::string formatSeconds(double Seconds) {
  if (Seconds >= 1)
    return formatNumber("%.3g s", Seconds);
  if (Seconds >= 1e-3)
    return formatNumber("%.3g ms", Seconds * 1e3);
  if (Seconds >= 1e-6)
    return formatNumber("%.3g us", Seconds * 1e6);
  return formatNumber("%.3g ns", Seconds * 1e9);
}

std::string hex64(std::uint64_t Value) {
  char Buffer[17];
  std::snprintf(Buffer, sizeof Buffer, "%016llx",
                static_cast<unsigned long long>(Value));
  return Buffer;
}

} // namespace autotune
