//===- HiddenVariables.h - Space parameters that hide a variable ----------===//
//
// A space parameter is a constant of the tuned statement only. When its name
// is also a variable's (a parameter, a local, a member), code before the
// statement that uses the variable ('int grid = n / block_size;') still sees
// the variable, and the tuning measures a launch its user never meant.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_HIDDENVARIABLES_H
#define AUTOTUNE_PLUGIN_HIDDENVARIABLES_H

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

struct SiteSpec;

/// Warns at each parameter of Spec that hides a declaration visible at the
/// pragma, with a note at that declaration.
void warnHiddenVariables(clang::Preprocessor &PP, const SiteSpec &Spec);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_HIDDENVARIABLES_H
