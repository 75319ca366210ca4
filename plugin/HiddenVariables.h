//===- HiddenVariables.h - Space parameters that hide a variable ----------===//
//
// A space parameter is a constant of the tuned statement only. When its name
// is also a variable's (a parameter, a local, a member), code before the
// statement that uses the variable ('int grid = n / block_size;') still sees
// the variable, and the tuning measures a launch its user never meant. A
// template parameter cannot be redeclared at all.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_HIDDENVARIABLES_H
#define AUTOTUNE_PLUGIN_HIDDENVARIABLES_H

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

struct SiteSpec;

/// Warns at each parameter of Spec that hides a variable visible at the
/// pragma, with a note at that variable; reports an error at each one named
/// like a template parameter (C++ forbids redeclaring it). True when there
/// was an error: the site cannot compile.
bool checkHiddenVariables(clang::Preprocessor &PP, const SiteSpec &Spec);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_HIDDENVARIABLES_H
