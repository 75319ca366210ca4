// libFuzzer target for what autotune-cache draws and pins: the import path
// (an export's text, as 'import' reads it) and entries built directly from
// any finite numbers (denormals, 1e308, equal times, one point), which the
// drawing must take without crashing, hanging or writing NaN or infinity
// into the picture. The first byte picks the route.
#include "PinCommand.h"
#include "PlotCommand.h"
#include "cache/CacheFile.h"
#include "cache/ExportFile.h"
#include "tune/TuningRecord.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

using namespace autotune;

namespace {

[[noreturn]] void fail(const char *What, const std::string &Context) {
  std::fprintf(stderr, "PlotFuzzer: %s\n%s\n", What, Context.c_str());
  std::abort();
}

// The picture's coordinates and sizes are finite numbers (printf writes
// "nan", "inf"); where every name is the fuzzer's own (Named), so is every
// number in its text.
void expectDrawable(const std::string &Svg, bool Named) {
  for (const char *Bad : {"=\"nan", "=\"-nan", "=\"inf", "=\"-inf"})
    if (Svg.find(Bad) != std::string::npos)
      fail("the picture has a coordinate that is not finite", Svg);
  if (Named)
    for (const char *Bad : {"nan", "inf", "NaN", "Inf"})
      if (Svg.find(Bad) != std::string::npos)
        fail("the picture holds a number that is not finite", Svg);
}

// Every bar chart has a time axis: 0 and a time above it (a NaN drawn as
// 0 leaves none).
void expectAxes(const std::string &Svg,
                const std::vector<CacheEntry> &Entries) {
  std::size_t Charts = 0, Lines = 0;
  for (const CacheEntry &E : Entries)
    Charts += E.Params.size() == 1 && !E.Variants.empty();
  const std::string Grid = "stroke=\"#e4e4e4\"";
  for (std::size_t At = Svg.find(Grid); At != std::string::npos;
       At = Svg.find(Grid, At + 1))
    ++Lines;
  if (Lines < 2 * Charts)
    fail("a bar chart has no time axis", Svg);
}

void drawAndPin(const std::vector<CacheEntry> &Entries, bool Named) {
  if (Entries.empty())
    return;
  std::string Svg = plotSvg("site", Entries);
  expectDrawable(Svg, Named);
  expectAxes(Svg, Entries);
  std::ostringstream Out, Err;
  for (unsigned Top : {0u, 3u})
    (void)printPinClauses(Entries, Top, Out, Err);
}

// Any finite double, denormals and the largest included; what a drawing
// must take, whatever the reader lets through.
double anyFinite(FuzzedDataProvider &Data) {
  double Value = Data.ConsumeFloatingPoint<double>();
  return std::isfinite(Value) ? Value : 1e-300;
}

CacheEntry builtEntry(FuzzedDataProvider &Data) {
  CacheEntry E;
  E.Site = E.Name = "site";
  E.File = "f.cpp";
  static const char *const Names[] = {"A", "B", "C", "D"};
  unsigned Params = Data.ConsumeIntegralInRange<unsigned>(1, 4);
  for (unsigned P = 0; P < Params; ++P)
    E.Params.push_back(Names[P]);
  static const VariantStatus Statuses[] = {
      VariantStatus::Measured, VariantStatus::Measured,
      VariantStatus::Measured, VariantStatus::LaunchFailed,
      VariantStatus::Rejected, VariantStatus::Fatal,
      VariantStatus::Cut,      VariantStatus::NotMeasured};
  unsigned Count = Data.ConsumeIntegralInRange<unsigned>(0, 40);
  for (unsigned I = 0; I < Count; ++I) {
    CachedVariant V;
    for (unsigned P = 0; P < Params; ++P)
      V.Point.push_back(Data.ConsumeBool()
                            ? Data.ConsumeIntegralInRange<long long>(0, 3)
                            : Data.ConsumeIntegral<long long>());
    V.Status = statusName(Data.PickValueInArray(Statuses));
    V.Best = anyFinite(Data);
    V.Median = Data.ConsumeBool() ? V.Best : anyFinite(Data);
    if (Data.ConsumeBool())
      V.Samples = {V.Median, anyFinite(Data)};
    E.Variants.push_back(V);
  }
  std::vector<long long> Origin(Params, 0);
  E.Winner =
      Count ? E.Variants[Data.ConsumeIntegralInRange<unsigned>(0, Count - 1)]
                  .Point
            : Origin;
  E.Default =
      Count ? E.Variants[Data.ConsumeIntegralInRange<unsigned>(0, Count - 1)]
                  .Point
            : Origin;
  E.Fastest = Data.ConsumeBool() ? E.Winner : std::vector<long long>();
  E.SpeedUp = anyFinite(Data);
  E.TieBand = Data.ConsumeBool() ? Data.ConsumeProbability<double>() : -1;
  E.TuningSeconds = anyFinite(Data);
  E.TunedAt = "2025-01-31T12:00:00Z";
  E.Unfinished = Data.ConsumeBool();
  return E;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Bytes,
                                      std::size_t Size) {
  if (Size == 0)
    return 0;
  if (Bytes[0] % 2 == 0) {
    // The import path: what 'import' accepts is drawn and pinned.
    std::string Text(reinterpret_cast<const char *>(Bytes + 1), Size - 1);
    std::vector<CacheEntry> Entries;
    std::vector<std::string> Problems;
    (void)parseExportText(Text, Entries, Problems);
    drawAndPin(Entries, /*Named=*/false);
    return 0;
  }
  FuzzedDataProvider Data(Bytes + 1, Size - 1);
  std::vector<CacheEntry> Entries;
  while (Entries.size() < 3 && Data.remaining_bytes() > 0)
    Entries.push_back(builtEntry(Data));
  drawAndPin(Entries, /*Named=*/true);
  return 0;
}
