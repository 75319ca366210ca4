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

bool parseKeyValues(const std::string &Text, std::vector<long long> &Key) {
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
  for (const CacheEntry &E : OfSite)
    if (!Request.HasKey || E.Key == Request.Key)
      Selected.push_back(E);
  if (Selected.empty()) {
    Err << "autotune-cache: no entry for site '" << Site << "' with key "
        << formatKey(Request.Key.data(), Request.Key.size()) << " in "
        << printable(Dir) << " (its keys: " << keyList(OfSite) << ")\n";
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
