// autotune-cache pin: the clause that fixes a site's winner in the source,
// from the entries the runtime's own parser accepted (CacheFile.h).
#include "PinCommand.h"
#include "SiteEntries.h"
#include "support/TextFormat.h"

#include <algorithm>

namespace autotune {
namespace {

// The winner, then the other measured points fastest first (by the fastest
// run, what the runtime ranks by), at most Top.
std::vector<std::vector<long long>> bestPoints(const CacheEntry &E,
                                               unsigned Top) {
  std::vector<const CachedVariant *> Others;
  for (const CachedVariant &V : E.Variants)
    if (V.Status == "ok" && V.Best >= 0 && V.Point != E.Winner)
      Others.push_back(&V);
  std::stable_sort(Others.begin(), Others.end(),
                   [](const CachedVariant *A, const CachedVariant *B) {
                     return A->Best < B->Best;
                   });
  std::vector<std::vector<long long>> Points = {E.Winner};
  for (const CachedVariant *V : Others)
    if (Points.size() < Top)
      Points.push_back(V->Point);
  return Points;
}

} // namespace

bool parsePinTop(const std::string &Text, unsigned &Top) {
  if (Text.empty() || Text.size() > 6 ||
      Text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  Top = static_cast<unsigned>(std::stoul(Text));
  return Top > 0;
}

int printPinClauses(const std::vector<CacheEntry> &Entries, unsigned Top,
                    std::ostream &Out, std::ostream &Err) {
  int Status = 0;
  std::vector<std::vector<long long>> Winners;
  for (const CacheEntry &E : Entries) {
    if (E.Unfinished) {
      Err << "autotune-cache: " << describeEntry(E) << ": "
          << describeUnfinished(E) << "; no winner to pin yet\n";
      Status = 1;
      continue;
    }
    // The runtime stores only measured winners; an entry edited or written
    // by another tool may say otherwise, and its winner is not a result.
    const CachedVariant *Winner = variantAtPoint(E, E.Winner);
    if (Winner && Winner->Status != "ok") {
      Err << "autotune-cache: " << describeEntry(E) << ": its winner "
          << printable(formatCachedPoint(E, E.Winner)) << " was not measured ("
          << printable(Winner->Status) << "); nothing to pin\n";
      Status = 1;
      continue;
    }
    if (!Winners.empty())
      Out << "\n";
    Winners.push_back(E.Winner);
    Out << describeEntry(E) << ", tuned " << printable(E.TunedAt) << ":\n";
    if (Top == 0) {
      Out << "default(" << printable(formatCachedClausePoint(E, E.Winner))
          << ")\n";
      continue;
    }
    std::vector<std::vector<long long>> Points = bestPoints(E, Top);
    if (E.Variants.empty())
      Out << "(the entry holds no per-point times, only its winner)\n";
    else if (Points.size() < Top)
      Out << "(only " << plural(Points.size(), "point was", "points were")
          << " measured)\n";
    std::string Clause;
    for (const std::vector<long long> &Point : Points)
      Clause += std::string(Clause.empty() ? "" : ", ") + "{" +
                formatCachedClausePoint(E, Point) + "}";
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
