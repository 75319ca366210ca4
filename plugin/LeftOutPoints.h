//===- LeftOutPoints.h - The points of a site this job compiles -----------===//
//
// A point whose variant does not compile for a reason of its own (ptxas:
// too much shared data, too many registers for its launch bounds; Sema: a
// 'static_assert' on the parameters) is left out by the build loop
// (scripts/autotune-leave-out), which lists it in a file of left-out points;
// while the loop looks for such points, it compiles one site, or one point,
// alone (a probe). This step turns a site's space into the points this job
// compiles (docs/design.md, "Points that cannot compile").
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_LEFTOUTPOINTS_H
#define AUTOTUNE_PLUGIN_LEFTOUTPOINTS_H

#include "SiteName.h"
#include "SiteSpec.h"
#include "Space.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class Preprocessor;
class DiagnosticsEngine;
} // namespace clang

namespace autotune {

/// What the build asks of this process: the plugin's arguments
/// 'excluded=FILE', 'probe=WHAT', 'sites=FILE' and 'points=default',
/// autotune-rewrite's '--excluded', '--probe', '--sites' and
/// '--points=default'.
struct LeaveOutOptions {
  /// The file of left-out points: lines 'KEY INDEX REASON' (KEY as 0x...,
  /// siteKey()); '#' starts a comment. A missing file leaves out nothing.
  std::string ExcludedFile;
  /// Empty: compile every site. "none": no site's points; "KEY": that site's
  /// points that are not left out, no other site's; "KEY:I": its point I
  /// alone. A probe reports no error about left-out points.
  std::string Probe;
  /// Where each site's key, place and points are appended (SiteList.h).
  std::string SitesFile;
  /// 'points=default': each site compiles its default point alone, the one
  /// the whole space would have (after the points left out), so that a
  /// build costs about what the program without sites does.
  bool DefaultOnly = false;
};

/// The options of this process.
LeaveOutOptions &leaveOutOptions();

/// Whether the build has asked anything of this process: otherwise every
/// site compiles its whole space, and its key is not computed.
bool usesLeftOutPoints();

/// Whether Probe is one of the forms LeaveOutOptions::Probe takes.
bool isProbe(llvm::StringRef Probe);

/// The points of S this job compiles for the site Name whose siteKey() is
/// Key: those not left out (the default moves to the first point left when
/// the site has no 'default'; each point left out is said on stderr), of
/// those the default alone with 'points=default', or a probe's. Empty when
/// a probe leaves the site out; nothing, with an error at the pragma, when
/// every point is left out or the 'default' point is, or when the file of
/// left-out points cannot be read.
std::optional<Space> compiledPoints(clang::Preprocessor &PP,
                                    const SiteSpec &Spec, const Space &S,
                                    const SiteName &Name, uint64_t Key);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_LEFTOUTPOINTS_H
