//===- MissingKey.h - A problem that changes under a site without a key ---===//
//
// A site without 'key(...)' tunes once and runs that point for every later
// call. When its launch configuration or a 'restore'/'verify' count uses
// run-time values, the problem may change between calls, and the first
// call's winner is kept for all of them; 'key()' says that is intended.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_MISSINGKEY_H
#define AUTOTUNE_PLUGIN_MISSINGKEY_H

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

struct SiteSpec;

/// Warns once about a site of Spec without a 'key' clause whose launch
/// configuration (LaunchConfig, empty for other statements) or buffer counts
/// use a run-time value.
void warnMissingKey(clang::Preprocessor &PP, const SiteSpec &Spec,
                    llvm::ArrayRef<clang::Token> LaunchConfig);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_MISSINGKEY_H
