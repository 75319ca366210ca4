// autotune-cache pin: the pragma clause that fixes a site's tuned winner in
// the source (docs/cache.md, 'pin').
#ifndef AUTOTUNE_TOOLS_PINCOMMAND_H
#define AUTOTUNE_TOOLS_PINCOMMAND_H

#include "cache/CacheFile.h"

#include <ostream>
#include <string>
#include <vector>

namespace autotune {

// A positive count of points for --top; false for anything else.
bool parsePinTop(const std::string &Text, unsigned &Top);

// Prints to Out, for each of Entries (those of one site that the user
// selected, SiteEntries.h), a line naming its key and device and the clause:
// default(...) of the winner when Top is 0, else configs(...) of the Top
// fastest measured points; to Err what cannot be pinned. Returns the exit
// status: 0, or 1 when an entry's winner was not measured.
int printPinClauses(const std::vector<CacheEntry> &Entries, unsigned Top,
                    std::ostream &Out, std::ostream &Err);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_PINCOMMAND_H
