// Small text forms shared by the log, the cache files and autotune-cache.
#include "support/TextFormat.h"

#include <algorithm>
#include <cstdio>

namespace autotune {

namespace {
// Each of Count names, Assign, its value; joined by Separator.
std::string joinPoint(const char *const *Names, const long long *Values,
                      std::size_t Count, const char *Assign,
                      const char *Separator) {
  std::string S;
  for (std::size_t P = 0; P < Count; ++P) {
    if (P)
      S += Separator;
    S += Names[P];
    S += Assign;
    S += std::to_string(Values[P]);
  }
  return S;
}
} // namespace

std::string formatPoint(const char *const *Names, const long long *Values,
                        std::size_t Count) {
  return joinPoint(Names, Values, Count, "=", " ");
}

std::string formatClausePoint(const char *const *Names, const long long *Values,
                              std::size_t Count) {
  return joinPoint(Names, Values, Count, " = ", ", ");
}

std::string formatKeyValue(long long Value, bool Unsigned) {
  return Unsigned ? std::to_string(static_cast<unsigned long long>(Value))
                  : std::to_string(Value);
}

std::string formatKey(const long long *Values, std::size_t Count,
                      const bool *Unsigned) {
  if (Count == 0)
    return std::string();
  std::string S = "(";
  for (std::size_t I = 0; I < Count; ++I) {
    if (I)
      S += ", ";
    S += formatKeyValue(Values[I], Unsigned && Unsigned[I]);
  }
  return S + ")";
}

std::string formatNumber(const char *Format, double Value) {
  char Buffer[64];
  std::snprintf(Buffer, sizeof Buffer, Format, Value);
  return Buffer;
}

std::string plural(long long Count, const char *One, const char *Many) {
  return std::to_string(Count) + " " + (Count == 1 ? One : Many);
}

std::string formatSeconds(double Seconds) {
  // In the unit of its size, so that no finite time overflows (-1e300 s in
  // nanoseconds would).
  if (Seconds < 0)
    return "-" + formatSeconds(-Seconds);
  if (Seconds >= 1)
    return formatNumber("%.3g s", Seconds);
  if (Seconds >= 1e-3)
    return formatNumber("%.3g ms", Seconds * 1e3);
  if (Seconds >= 1e-6)
    return formatNumber("%.3g us", Seconds * 1e6);
  return formatNumber("%.3g ns", Seconds * 1e9);
}

std::string formatSpeedUp(double SpeedUp) {
  return formatNumber("%.3gx", SpeedUp);
}

std::string fasterThanDefault(double SpeedUp, const std::string &DefaultPoint) {
  return formatSpeedUp(SpeedUp) + " faster than default (" + DefaultPoint + ")";
}

std::string formatPercent(double Fraction) {
  return formatNumber("%.2g %%", 100 * Fraction);
}

std::string hex64(std::uint64_t Value) {
  char Buffer[17];
  std::snprintf(Buffer, sizeof Buffer, "%016llx",
                static_cast<unsigned long long>(Value));
  return Buffer;
}

namespace {

// Characters that are not seen but change what is: the bidirectional
// overrides, embeddings, isolates and marks (U+202E shows "gpj.exe" as
// "exe.jpg"), zero-width characters, the line and paragraph separators
// (a line break to some terminals and editors) and the byte order mark.
bool isInvisibleFormat(unsigned Point) {
  return Point == 0x061c || (Point >= 0x200b && Point <= 0x200f) ||
         (Point >= 0x2028 && Point <= 0x202e) ||
         (Point >= 0x2060 && Point <= 0x2069) || Point == 0xfeff;
}

} // namespace

std::size_t decodeUtf8(const std::string &Text, std::size_t At,
                       unsigned &CodePoint) {
  unsigned char Lead = Text[At];
  std::size_t Length = Lead < 0x80             ? 1
                       : (Lead & 0xE0) == 0xC0 ? 2
                       : (Lead & 0xF0) == 0xE0 ? 3
                       : (Lead & 0xF8) == 0xF0 ? 4
                                               : 0;
  if (Length == 0 || At + Length > Text.size())
    return 0;
  static const unsigned LeadMask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  static const unsigned Smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  CodePoint = Lead & LeadMask[Length];
  for (std::size_t I = 1; I < Length; ++I) {
    unsigned char Next = Text[At + I];
    if ((Next & 0xC0) != 0x80)
      return 0;
    CodePoint = (CodePoint << 6) | (Next & 0x3F);
  }
  if (CodePoint < Smallest[Length] || CodePoint > 0x10FFFF ||
      (CodePoint >= 0xD800 && CodePoint <= 0xDFFF))
    return 0;
  return Length;
}

std::string printable(const std::string &Text) {
  // Nearly every line is plain ASCII: returned as it is, a level-2 report
  // is written without appending character by character (that was a fifth
  // of its cost).
  if (std::all_of(Text.begin(), Text.end(),
                  [](char C) { return C >= 0x20 && C < 0x7f && C != '\\'; }))
    return Text;
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
    } else if (C >= 0x80) {
      unsigned Point = 0;
      std::size_t Length = decodeUtf8(Text, I, Point);
      if (Length == 0) {
        // Not UTF-8: a lone byte such as 0x9b is CSI on an 8-bit terminal.
        std::snprintf(Buffer, sizeof Buffer, "\\x%02x", C);
        Out += Buffer;
      } else if ((C == 0xc2 &&
                  static_cast<unsigned char>(Text[I + 1]) <= 0x9f) ||
                 isInvisibleFormat(Point)) {
        // A C1 control in UTF-8 (U+009B is the one-character CSI), or a
        // character that reorders or hides text.
        std::snprintf(Buffer, sizeof Buffer, "\\u%04x", Point);
        Out += Buffer;
        I += Length - 1;
      } else {
        Out.append(Text, I, Length);
        I += Length - 1;
      }
    } else
      Out += static_cast<char>(C);
  }
  return Out;
}

} // namespace autotune
