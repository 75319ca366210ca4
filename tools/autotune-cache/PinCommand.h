// autotune-cache pin: the pragma clause that fixes a site's tuned winner in
// the source (docs/cache.md, 'pin').
#ifndef AUTOTUNE_TOOLS_PINCOMMAND_H
#define AUTOTUNE_TOOLS_PINCOMMAND_H

#include "CacheFile.h"

#include <ostream>
#include <string>
#include <vector>

namespace autotune {

struct PinRequest {
  std::string Site; // as the user wrote it: the log's label or name(...)
  bool HasKey = false;
  std::vector<long long> Key; // with HasKey: only the entries of this key
  unsigned Top = 0; // 0: default(...) of the winner; N: configs(...) of N
};

// "4096" or "4096,64" (spaces allowed around the values) as key values;
// false for anything else.
bool parsePinKey(const std::string &Text, std::vector<long long> &Key);
// A positive count of points for --top; false for anything else.
bool parsePinTop(const std::string &Text, unsigned &Top);

// Prints to Out, for each of SiteEntries (the entries of the site, sorted)
// that the request selects, a line naming its key and device and the
// clause; to Err what cannot be pinned. Dir is named in messages. Returns
// the exit status: 0, or 1 when the site has no entry, no entry has the
// key, or a selected entry's winner was not measured.
int printPinClauses(const PinRequest &Request,
                    const std::vector<CacheEntry> &SiteEntries,
                    const std::string &Dir, std::ostream &Out,
                    std::ostream &Err);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_PINCOMMAND_H
