//===- Diagnostics.h - The plugin's messages ------------------------------===//
//
// Every message of the pragma handler, in one table (Diagnostics.def), so that
// their wording stays consistent with Clang's own (lowercase, no final
// period, code in quotes). The plugin action's few messages about its own
// arguments and output file (AutotunePlugin.cpp, SourceOutput.cpp) are given
// where they arise: no preprocessor exists for them to go through.
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
