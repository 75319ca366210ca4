//===- ToolFiles.h - Where autotune's clang tools find their files --------===//
//
// The tools beside the plugin (autotune-rewrite, autotune-annotate) find the
// CUDA shims and the runtime headers relative to their own executable, in an
// install or in the build tree.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_TOOLS_TOOLFILES_H
#define AUTOTUNE_TOOLS_TOOLFILES_H

#include <string>

namespace autotune {

/// The CUDA shims beside the tool: installed, or in the build tree; else
/// BuildShimDir.
std::string findShimDir(const char *Argv0, const char *BuildShimDir);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_TOOLFILES_H
