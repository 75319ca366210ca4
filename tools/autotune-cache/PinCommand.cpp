// autotune-cache pin: the clause that fixes a site's winner in the source,
// from the entries the runtime's own parser accepted (CacheFile.h).
#include "PinCommand.h"
#include "TextFormat.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace autotune {
namespace {

// "blocked key=(1) device=host": the entry's site, key and device as the
// log's lines about its tuning begin (describeTuning(), TuningLog.h).
std::string describeEntry(const CacheEntry &E) {
  std::string S = E.Site;
  if (!E.Key.empty())
    S += " key=" + formatCachedKey(E);
  return printable(S + " device=" + E.DeviceModel);
}

const CachedVariant *variantAt(const CacheEntry &E,
                               const std::vector<long long> &Point) {
  for (const CachedVariant &V : E.Variants)
    if (V.Point == Point)
      return &V;
  return nullptr;
}

// The winner, then the other measured points fastest first, at most Top.
std::vector<std::vector<long long>> bestPoints(const CacheEntry &E,
                                               unsigned Top) {
  std::vector<const CachedVariant *> Others;
  for (const CachedVariant &V : E.Variants)
    if (V.Status == "ok" && V.Median >= 0 && V.Point != E.Winner)
      Others.push_back(&V);
  std::stable_sort(Others.begin(), Others.end(),
                   [](const CachedVariant *A, const CachedVariant *B) {
                     return A->Median < B->Median;
                   });
  std::vector<std::vector<long long>> Points = {E.Winner};
  for (const CachedVariant *V : Others)
    if (Points.size() < Top)
      Points.push_back(V->Point);
  return Points;
}

std::string keyList(const std::vector<CacheEntry> &Entries) {
  std::vector<std::vector<long long>> Keys;
  for (const CacheEntry &E : Entries)
    if (std::find(Keys.begin(), Keys.end(), E.Key) == Keys.end())
      Keys.push_back(E.Key);
  std::string S;
  for (const std::vector<long long> &Key : Keys)
    S += (S.empty() ? "" : ", ") + (Key.empty()
                                        ? std::string("none (no key(...))")
                                        : formatKey(Key.data(), Key.size()));
  return S;
}

} // namespace

bool parsePinKey(const std::string &Text, std::vector<long long> &Key) {
  Key.clear();
  std::size_t Start = 0;
  while (true) {
    std::size_t Comma = Text.find(',', Start);
    std::string Field = Text.substr(
        Start, Comma == std::string::npos ? std::string::npos : Comma - Start);
    const char *Begin = Field.c_str();
    char *End = nullptr;
    errno = 0;
    long long Value = std::strtoll(Begin, &End, 10);
    if (End == Begin || errno == ERANGE ||
        Field.find_first_not_of(' ', End - Begin) != std::string::npos)
      return false;
    Key.push_back(Value);
    if (Comma == std::string::npos)
      return true;
    Start = Comma + 1;
  }
}

bool parsePinTop(const std::string &Text, unsigned &Top) {
  if (Text.empty() || Text.size() > 6 ||
      Text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  Top = static_cast<unsigned>(std::stoul(Text));
  return Top > 0;
}

int printPinClauses(const PinRequest &Request,
                    const std::vector<CacheEntry> &SiteEntries,
                    const std::string &Dir, std::ostream &Out,
                    std::ostream &Err) {
  std::string Site = printable(Request.Site);
  if (SiteEntries.empty()) {
    Err << "autotune-cache: no entry for site '" << Site << "' in "
        << printable(Dir) << "\n";
    return 1;
  }
  std::vector<const CacheEntry *> Selected;
  for (const CacheEntry &E : SiteEntries)
    if (!Request.HasKey || E.Key == Request.Key)
      Selected.push_back(&E);
  if (Selected.empty()) {
    Err << "autotune-cache: no entry for site '" << Site << "' with key "
        << formatKey(Request.Key.data(), Request.Key.size()) << " in "
        << printable(Dir) << " (its keys: " << keyList(SiteEntries) << ")\n";
    return 1;
  }
  int Status = 0;
  std::vector<std::vector<long long>> Winners;
  for (const CacheEntry *E : Selected) {
    // The runtime stores only measured winners; an entry edited or written
    // by another tool may say otherwise, and its winner is not a result.
    const CachedVariant *Winner = variantAt(*E, E->Winner);
    if (Winner && Winner->Status != "ok") {
      Err << "autotune-cache: " << describeEntry(*E) << ": its winner "
          << printable(formatCachedPoint(*E, E->Winner))
          << " was not measured (" << printable(Winner->Status)
          << "); nothing to pin\n";
      Status = 1;
      continue;
    }
    if (!Winners.empty())
      Out << "\n";
    Winners.push_back(E->Winner);
    Out << describeEntry(*E) << ", tuned " << printable(E->TunedAt) << ":\n";
    if (Request.Top == 0) {
      Out << "default(" << printable(formatCachedClausePoint(*E, E->Winner))
          << ")\n";
      continue;
    }
    std::vector<std::vector<long long>> Points = bestPoints(*E, Request.Top);
    if (E->Variants.empty())
      Out << "(the entry holds no per-point times, only its winner)\n";
    else if (Points.size() < Request.Top)
      Out << "(only " << plural(Points.size(), "point was", "points were")
          << " measured)\n";
    std::string Clause;
    for (const std::vector<long long> &Point : Points)
      Clause += std::string(Clause.empty() ? "" : ", ") + "{" +
                formatCachedClausePoint(*E, Point) + "}";
    Out << "configs(" << printable(Clause) << ")\n";
  }
  for (const std::vector<long long> &Winner : Winners)
    if (Winner != Winners.front()) {
      Out << "\nthe winners differ between these keys or devices: a site has "
             "one default(...); pick one, or keep the site tuning\n";
      break;
    }
  return Status;
}

} // namespace autotune
