//===- SiteList.h - The sites of a compile, for the build loop ------------===//
//
// The build loop (scripts/autotune-leave-out) asks a compile which sites it
// has, to compile them one at a time when the build fails and to name a
// left-out point as the user wrote it; each site adds one line to the file
// named by LeaveOutOptions::SitesFile.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_SITELIST_H
#define AUTOTUNE_PLUGIN_SITELIST_H

#include "SiteName.h"
#include "SiteSpec.h"
#include "Space.h"

#include <cstdint>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// Appends the site's line, tab-separated: its key as 0x..., file, line,
/// name, the default point's index, then each point ("BLOCK = 64"). Only
/// the host job of a CUDA compile writes (every job has the same sites).
void listSite(clang::Preprocessor &PP, const SiteSpec &Spec, const Space &S,
              const SiteName &Name, uint64_t Key);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SITELIST_H
