//===- SiteContext.h - Where a site can be compiled -----------------------===//
//
// A site becomes C++17 code with static state: a generic lambda, 'if
// constexpr' in the runtime header, a static 'Site'. In C, before C++17 or in
// a constexpr function that code cannot compile, so the site is refused with
// one error at the pragma instead of a dozen in the generated code.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_SITECONTEXT_H
#define AUTOTUNE_PLUGIN_SITECONTEXT_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class Preprocessor;
class Sema;
} // namespace clang

namespace autotune {

/// Reports, at Loc, a site in a language other than C++17 or later, or in a
/// constexpr or consteval function (S, when given, says which function the
/// parser is in). True when the site was refused.
bool rejectSiteContext(clang::Preprocessor &PP, clang::Sema *S,
                       clang::SourceLocation Loc);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SITECONTEXT_H
