// autotune-cache report: the summary a user reads after a run (docs/cache.md,
// "report"). For every site, then device model, then key: the winner, its
// speed-up over the default point, the tuning time and how many points were
// measured, failed, rejected or cut; then the totals. Superseded entries and
// files that are not entries are counted in one line, not reported.
#ifndef AUTOTUNE_TOOLS_REPORTCOMMAND_H
#define AUTOTUNE_TOOLS_REPORTCOMMAND_H

#include <string>

namespace autotune {

// Prints the report of the entries of Dir, of site Site only when it is not
// empty (isEntryOfSite(), CacheFile.h). Returns the exit status: 0, also for
// an empty cache; 1 when Dir cannot be read or Site has no entry.
int reportCommand(const std::string &Dir, const std::string &Site);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_REPORTCOMMAND_H
