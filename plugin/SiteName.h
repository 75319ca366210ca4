//===- SiteName.h - What a site is called at run time ---------------------===//
//
// A site is known to the cache and the logs by its name: 'name("...")' or,
// by default, its file's name and the function it calls. Sites of one
// translation unit that share a name are told apart by their order.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_SITENAME_H
#define AUTOTUNE_PLUGIN_SITENAME_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

struct SiteSpec;

struct SiteName {
  std::string Name; // name("id") or file:callee; "#N" for the Nth of a name
  std::string File; // presumed file name of the pragma
  unsigned Line = 0;
};

/// Names the site of Spec, whose statement calls Callee. Warns when a
/// 'name' is given a second time in the translation unit.
SiteName nameSite(clang::Preprocessor &PP, const SiteSpec &Spec,
                  llvm::StringRef Callee);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SITENAME_H
