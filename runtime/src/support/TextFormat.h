// Small text forms shared by the log, the cache files and autotune-cache.
#ifndef AUTOTUNE_SRC_TEXTFORMAT_H
#define AUTOTUNE_SRC_TEXTFORMAT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace autotune {

// "X=16 Y=2": each of Count names with the value at the same index.
std::string formatPoint(const char *const *Names, const long long *Values,
                        std::size_t Count);
// "BLOCK = 256, ITEMS = 1": a point as the pragma writes it, inside
// default(...) and each {...} of configs(...), ready to paste.
std::string formatClausePoint(const char *const *Names, const long long *Values,
                              std::size_t Count);
// The length of the well-formed UTF-8 sequence at Text[At] (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF) and its code point;
// 0 where the bytes there are not one.
std::size_t decodeUtf8(const std::string &Text, std::size_t At,
                       unsigned &CodePoint);
// "(4096, 2)"; empty for no values.
std::string formatKey(const long long *Values, std::size_t Count,
                      const bool *Unsigned = nullptr);
// One key value: as unsigned where its type is unsigned (Unsigned), so that
// 2^64 - 1 is not printed as -1.
std::string formatKeyValue(long long Value, bool Unsigned);
// printf of one double: formatNumber("%.3gx", 9.87) is "9.87x".
std::string formatNumber(const char *Format, double Value);
// "1 element", "3 elements": Count and the noun that agrees with it.
std::string plural(long long Count, const char *One, const char *Many);
// "12.3 ms", "850 ns"
std::string formatSeconds(double Seconds);
// "9.87x": how many times faster the winner ran than the default point.
std::string formatSpeedUp(double SpeedUp);
// "9.87x faster than default (X=1)": the log's words for a winner that is
// not the default point, after a tuning and for a cached result alike.
std::string fasterThanDefault(double SpeedUp, const std::string &DefaultPoint);
// "1.2 %": a fraction as a percentage (0.012), for tie bands and gains.
std::string formatPercent(double Fraction);
// 16 lowercase hex digits.
std::string hex64(std::uint64_t Value);
// Text from outside (site names, cache-file fields, environment values) made
// safe to print on a terminal: C0 controls, DEL and the C1 controls
// (U+0080-U+009F, as UTF-8) become C-style escapes ("\n", "\e", "\x00",
// "\u009b"), so do the characters that reorder or hide text (bidirectional
// overrides such as U+202E, zero-width characters, U+2028, the byte order
// mark: "\u202e"), and a backslash becomes "\\", so that the text printed
// says unambiguously what was there. Other bytes are kept.
std::string printable(const std::string &Text);

} // namespace autotune

#endif // AUTOTUNE_SRC_TEXTFORMAT_H
