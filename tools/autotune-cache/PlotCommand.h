// autotune-cache plot: a picture of a site's tunings, as SVG (docs/cache.md,
// 'plot'). One panel per entry (device, key) shows the fastest run of every
// point the entry stores: bars for one parameter, a heat map for two, and
// for more a heat map of the last two per combination of the others; the
// winner and the default point are outlined, and points that failed, were
// rejected, cut or never measured are drawn as such.
#ifndef AUTOTUNE_TOOLS_PLOTCOMMAND_H
#define AUTOTUNE_TOOLS_PLOTCOMMAND_H

#include "cache/CacheFile.h"

#include <string>
#include <vector>

namespace autotune {

struct SiteRequest;

// The SVG document of Entries (those of one site that the user selected,
// SiteEntries.h), under a heading naming Site as the user wrote it.
std::string plotSvg(const std::string &Site,
                    const std::vector<CacheEntry> &Entries);

// Plots the entries of Dir that Request selects to Output, or to standard
// output when Output is empty. Returns the exit status: 0, or 1 when there
// is no such entry or Output cannot be written (said on stderr).
int plotCommand(const std::string &Dir, const SiteRequest &Request,
                const std::string &Output);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_PLOTCOMMAND_H
