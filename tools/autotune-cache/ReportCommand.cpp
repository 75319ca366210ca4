// The summary of the cache's entries, site by site (ReportCommand.h).
#include "ReportCommand.h"

#include "LoadedEntries.h"
#include "StaleEntries.h"
#include "cache/CacheDirectory.h"
#include "cache/CacheFile.h"
#include "support/TextFormat.h"
#include "tune/TuningRecord.h"

#include <iostream>
#include <map>
#include <vector>

namespace autotune {
namespace {

// How many of an entry's points ended in each way; "measured" is the status
// "ok" (ran, and matched the default point where verify(...) asks).
struct PointCounts {
  std::size_t Measured = 0, Failed = 0, Rejected = 0, Cut = 0, Fatal = 0,
              NotMeasured = 0;
};

PointCounts countPoints(const CacheEntry &E) {
  PointCounts Counts;
  for (const CachedVariant &V : E.Variants) {
    if (V.Status == statusName(VariantStatus::Measured))
      ++Counts.Measured;
    else if (V.Status == statusName(VariantStatus::LaunchFailed))
      ++Counts.Failed;
    else if (V.Status == statusName(VariantStatus::Rejected))
      ++Counts.Rejected;
    else if (V.Status == statusName(VariantStatus::Cut))
      ++Counts.Cut;
    else if (V.Status == statusName(VariantStatus::Fatal))
      ++Counts.Fatal;
    else
      ++Counts.NotMeasured;
  }
  return Counts;
}

std::string pointsText(const CacheEntry &E) {
  if (E.Variants.empty())
    return "points not recorded";
  PointCounts C = countPoints(E);
  std::string Text = plural(E.Variants.size(), "point", "points") + ": " +
                     std::to_string(C.Measured) + " measured, " +
                     std::to_string(C.Failed) + " failed, " +
                     std::to_string(C.Rejected) + " rejected, " +
                     std::to_string(C.Cut) + " cut";
  if (C.Fatal)
    Text += ", " + std::to_string(C.Fatal) + " fatal";
  if (C.NotMeasured)
    Text += ", " + std::to_string(C.NotMeasured) + " not measured";
  return Text;
}

bool defaultWon(const CacheEntry &E) { return E.Winner == E.Default; }

std::string resultText(const CacheEntry &E) {
  if (E.Unfinished)
    return "no winner yet (" + describeUnfinished(E) + ")";
  std::string Winner = printable(formatCachedPoint(E, E.Winner));
  std::string Default = printable(formatCachedPoint(E, E.Default));
  if (double Gap = defaultKeptBy(E); Gap >= 0)
    return Winner + ", the default point won as a tie (" +
           printable(formatCachedPoint(E, E.Fastest)) + " ran " +
           formatPercent(Gap) + " faster, " +
           (keptByMinGain(Gap, E.TieBand, E.MinGain)
                ? "below the minimum gain " + formatPercent(E.MinGain)
                : "within the tie band " + formatPercent(E.TieBand)) +
           ")";
  if (defaultWon(E))
    return Winner + ", the default point won";
  if (E.SpeedUp <= 0)
    return Winner + ", speed-up over default (" + Default +
           ") unknown: the default point did not run";
  return Winner + ", " + fasterThanDefault(E.SpeedUp, Default);
}

std::string keyText(const CacheEntry &E) {
  std::string Key = formatCachedKey(E);
  return Key.empty() ? "no key" : "key " + Key;
}

// Site, then device model, then key: the order the report prints.
using ByKey = std::map<std::vector<long long>, std::vector<const CacheEntry *>>;
using ByDevice = std::map<std::string, ByKey>;
using BySite = std::map<std::string, ByDevice>;

// What the report leaves out, by kind.
struct Skipped {
  std::size_t Superseded = 0, Damaged = 0, Foreign = 0;
};

void printSite(const std::string &Site, const ByDevice &Devices) {
  std::size_t Entries = 0;
  double Seconds = 0;
  for (const auto &[Device, Keys] : Devices)
    for (const auto &[Key, List] : Keys)
      for (const CacheEntry *E : List) {
        ++Entries;
        Seconds += E->TuningSeconds;
      }
  std::cout << printable(Site) << ": " << plural(Entries, "entry", "entries")
            << ", tuning took " << formatSeconds(Seconds) << "\n";
  for (const auto &[Device, Keys] : Devices) {
    std::cout << "  " << printable(Device) << "\n";
    for (const auto &[Key, List] : Keys)
      for (const CacheEntry *E : List)
        std::cout << "    " << keyText(*E) << ": " << resultText(*E)
                  << "; tuning took " << formatSeconds(E->TuningSeconds) << "; "
                  << pointsText(*E) << "\n";
  }
}

void printSkipped(const Skipped &S) {
  std::size_t Files = S.Superseded + S.Damaged + S.Foreign;
  if (!Files)
    return;
  std::vector<std::string> Parts;
  if (S.Superseded)
    Parts.push_back(
        plural(S.Superseded, "superseded entry", "superseded entries"));
  if (S.Damaged)
    Parts.push_back(std::to_string(S.Damaged) + " damaged");
  if (S.Foreign)
    Parts.push_back(std::to_string(S.Foreign) + " not the cache's");
  std::string Line = plural(Files, "file", "files") + " skipped: ";
  for (std::size_t I = 0; I < Parts.size(); ++I)
    Line += (I ? ", " : "") + Parts[I];
  std::cout << Line << "; see autotune-cache list\n";
}

} // namespace

int reportCommand(const std::string &Dir, const std::string &Site) {
  // Every entry is read before any is left out: whether an entry is
  // superseded depends on the others of its site.
  std::vector<LoadedEntry> Entries;
  OtherFiles Others;
  if (!loadEntries(Dir, Entries, &Others))
    return 1;
  Skipped Left;
  Left.Damaged = Others.Damaged.size();
  Left.Foreign = Others.Foreign.size();
  std::vector<const CacheEntry *> All;
  for (const LoadedEntry &L : Entries)
    All.push_back(&L.Entry);
  std::vector<EntryState> States = entryStates(All, {});
  BySite Sites;
  std::size_t Reported = 0, DefaultWins = 0, Unfinished = 0;
  double Seconds = 0;
  for (std::size_t I = 0; I < All.size(); ++I) {
    const CacheEntry &E = *All[I];
    if (!Site.empty() && !isEntryOfSite(E, Site))
      continue;
    if (isStale(States[I])) {
      ++Left.Superseded;
      continue;
    }
    Sites[E.Site][E.DeviceModel][E.Key].push_back(&E);
    ++Reported;
    Unfinished += E.Unfinished;
    DefaultWins += !E.Unfinished && defaultWon(E);
    Seconds += E.TuningSeconds;
  }
  if (!Reported && Site.empty() && !Left.Superseded) {
    std::cout << "no entries in " << printable(Dir) << "\n";
    printSkipped(Left);
    return 0;
  }
  if (!Reported && !Site.empty() && !Left.Superseded) {
    std::cerr << "autotune-cache: no entry for site '" << printable(Site)
              << "' in " << printable(Dir) << "\n";
    return 1;
  }
  for (const auto &[Name, Devices] : Sites)
    printSite(Name, Devices);
  std::cout << "\ntotal: " << plural(Sites.size(), "site", "sites") << ", "
            << plural(Reported, "entry", "entries") << ", tuning took "
            << formatSeconds(Seconds) << "; the default point won in "
            << DefaultWins << " of them";
  if (Unfinished)
    std::cout << "; " << Unfinished << " unfinished (online races still "
              << "open)";
  std::cout << "\n";
  printSkipped(Left);
  return 0;
}

} // namespace autotune
