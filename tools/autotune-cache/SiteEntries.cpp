// The entries of one site, and of one key (SiteEntries.h).
#include "SiteEntries.h"

#include "LoadedEntries.h"
#include "support/TextFormat.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace autotune {
namespace {

std::string keyList(const std::vector<CacheEntry> &Entries) {
  std::vector<std::string> Keys;
  for (const CacheEntry &E : Entries) {
    std::string Key =
        E.Key.empty() ? std::string("none (no key(...))") : formatCachedKey(E);
    if (std::find(Keys.begin(), Keys.end(), Key) == Keys.end())
      Keys.push_back(Key);
  }
  std::string S;
  for (const std::string &Key : Keys)
    S += (S.empty() ? "" : ", ") + Key;
  return S;
}

} // namespace

bool parseKeyValues(const std::string &Text, std::vector<long long> &Key,
                    std::vector<bool> &Unsigned) {
  Key.clear();
  Unsigned.clear();
  std::size_t Start = 0;
  while (true) {
    std::size_t Comma = Text.find(',', Start);
    std::string Field = Text.substr(
        Start, Comma == std::string::npos ? std::string::npos : Comma - Start);
    const char *Begin = Field.c_str();
    char *End = nullptr;
    errno = 0;
    long long Value = std::strtoll(Begin, &End, 10);
    bool Large = false;
    if (errno == ERANGE && Value > 0) {
      // Above INT64_MAX: the key of an unsigned type, as entries print it.
      errno = 0;
      Value = static_cast<long long>(std::strtoull(Begin, &End, 10));
      Large = true;
    }
    if (End == Begin || errno == ERANGE ||
        Field.find_first_not_of(' ', End - Begin) != std::string::npos)
      return false;
    Key.push_back(Value);
    Unsigned.push_back(Large);
    if (Comma == std::string::npos)
      return true;
    Start = Comma + 1;
  }
}

int selectSiteEntries(const std::string &Dir, const SiteRequest &Request,
                      std::vector<CacheEntry> &Selected, std::ostream &Err) {
  std::vector<LoadedEntry> Entries;
  if (!loadEntries(Dir, Entries))
    return 1;
  std::vector<CacheEntry> OfSite;
  for (LoadedEntry &L : Entries)
    if (isEntryOfSite(L.Entry, Request.Site))
      OfSite.push_back(std::move(L.Entry));
  std::string Site = printable(Request.Site);
  if (OfSite.empty()) {
    Err << "autotune-cache: no entry for site '" << Site << "' in "
        << printable(Dir) << "\n";
    return 1;
  }
  CacheEntry Asked;
  Asked.Key = Request.Key;
  Asked.KeyUnsigned = Request.KeyUnsigned;
  for (const CacheEntry &E : OfSite)
    if (!Request.HasKey || sameKey(E, Asked))
      Selected.push_back(E);
  if (Selected.empty()) {
    Err << "autotune-cache: no entry for site '" << Site << "' with key "
        << formatCachedKey(Asked) << " in " << printable(Dir)
        << " (its keys: " << keyList(OfSite) << ")\n";
    return 1;
  }
  return 0;
}

std::string describeEntry(const CacheEntry &E) {
  std::string S = E.Site;
  if (!E.Key.empty())
    S += " key=" + formatCachedKey(E);
  return printable(S + " device=" + E.DeviceModel);
}

} // namespace autotune
