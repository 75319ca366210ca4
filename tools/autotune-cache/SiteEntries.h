// The entries a command about one site works on (pin, plot): those of the
// site the user named, of one key when '--key' asks, and the messages that
// say why there are none.
#ifndef AUTOTUNE_TOOLS_SITEENTRIES_H
#define AUTOTUNE_TOOLS_SITEENTRIES_H

#include "cache/CacheFile.h"

#include <ostream>
#include <string>
#include <vector>

namespace autotune {

struct SiteRequest {
  std::string Site; // as the user wrote it: the log's label or name(...)
  bool HasKey = false;
  std::vector<long long> Key;    // with HasKey: only the entries of this key
  std::vector<bool> KeyUnsigned; // as CacheEntry::KeyUnsigned
};

// "4096" or "4096,64" (spaces allowed around the values) as key values, up
// to 2^64 - 1 (Unsigned: above INT64_MAX, as CacheEntry::KeyUnsigned);
// false for anything else.
bool parseKeyValues(const std::string &Text, std::vector<long long> &Key,
                    std::vector<bool> &Unsigned);

// The entries of Dir that Request selects (isEntryOfSite(), CacheFile.h),
// sorted as loadEntries() sorts them. Returns the exit status: 0, or 1 when
// Dir cannot be read, the site has no entry or no entry has the key (said
// on Err, with the keys there are).
int selectSiteEntries(const std::string &Dir, const SiteRequest &Request,
                      std::vector<CacheEntry> &Selected, std::ostream &Err);

// "blocked key=(1) device=host": the entry's site, key and device as the
// log's lines about its tuning begin (describeTuning(), TuningLog.h),
// escaped for a terminal (printable(), TextFormat.h).
std::string describeEntry(const CacheEntry &E);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_SITEENTRIES_H
