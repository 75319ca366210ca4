//===- Diagnostics.h - The plugin's messages ------------------------------===//
//
// Every message the plugin can emit, in one table, so that their wording stays
// consistent with Clang's own (lowercase, no final period, code in quotes).
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_DIAGNOSTICS_H
#define AUTOTUNE_PLUGIN_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

enum class Diag {
#define AUTOTUNE_DIAG(Name, Level, Text) Name,
#include "Diagnostics.def"
};

/// Starts a diagnostic at Loc; arguments follow with operator<<.
clang::DiagnosticBuilder report(clang::Preprocessor &PP,
                                clang::SourceLocation Loc, Diag D);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_DIAGNOSTICS_H
