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

namespace autotune {

std::string printable(const std::string &Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (std::size_t I = 0; I < Text.size(); ++I) {
    unsigned char C = static_cast<unsigned char>(Text[I]);
    char Buffer[8];
    if (C == '\\')
      Out += "\\\\";
    else if (C == '\n')
      Out += "\\n";
    else if (C == '\t')
      Out += "\\t";
    else if (C == '\r')
      Out += "\\r";
    else if (C == 0x1b)
      Out += "\\e";
    else if (C < 0x20 || C == 0x7f) {
      std::snprintf(Buffer, sizeof Buffer, "\\x%02x", C);
      Out += Buffer;
    } else if (C == 0xc2 && I + 1 < Text.size() &&
               static_cast<unsigned char>(Text[I + 1]) >= 0x80 &&
               static_cast<unsigned char>(Text[I + 1]) <= 0x9f) {
      // A C1 control in UTF-8 (U+009B is the one-byte CSI).
      std::snprintf(Buffer, sizeof Buffer, "\\u%04x",
                    static_cast<unsigned char>(Text[++I]));
      Out += Buffer;
    } else
      Out += static_cast<char>(C);
  }
  return Out;
}

} // namespace autotune
