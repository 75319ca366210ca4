// What names a cache entry: the entry's file name, a hash of everything that
// decides whether the entry applies, with the site's label (SiteLabel.h) in
// front. Shared by the runtime and tools/autotune-cache.
#ifndef AUTOTUNE_SRC_CACHEIDENTITY_H
#define AUTOTUNE_SRC_CACHEIDENTITY_H

#include "autotune/autotune.h"
#include "cache/CacheFile.h"
#include "support/SiteLabel.h"

#include <cstdint>
#include <string>

namespace autotune {

// "<label>-<16 hex digits>.json": the label made file-name safe, and a hash
// of everything that decides whether the entry applies (site name, function,
// context, fingerprint, device model, key; not the driver and runtime versions,
// so that an entry tuned under another driver is found, and replaced by a new
// tuning of the same key).
std::string cacheFileName(const CacheEntry &Identity);

// Whether Name has the form cacheFileName() gives: "<label>-<16 lowercase
// hex digits>.json", the label 1 to 49 of [A-Za-z0-9._-], not starting with
// a dot.
bool isCacheFileName(const std::string &Name);

} // namespace autotune

#endif // AUTOTUNE_SRC_CACHEIDENTITY_H
