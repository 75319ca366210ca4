// The site's name in logs and in the cache, and the hash that keeps names
// short and stable. Shared by the runtime and tools/autotune-cache.
#ifndef AUTOTUNE_SRC_SITELABEL_H
#define AUTOTUNE_SRC_SITELABEL_H

#include "autotune/autotune.h"

#include <cstdint>
#include <string>

namespace autotune {

// FNV-1a, 64 bits: stable across compilers and runs, unlike std::hash.
std::uint64_t stableHash(const std::string &Text,
                         std::uint64_t Seed = 0xcbf29ce484222325ull);

// The site's name in logs and in the cache: Info.Name, followed by the
// template arguments of the enclosing function where it is a template
// instantiation (each instantiation is a site of its own):
// "per-type[T = float]"; where that names none, the templates around a
// lambda or local class that holds the site, "per-type[outer<int>]". Long
// argument lists are cut and end in a hash of the whole function, so that
// labels stay short and distinct.
std::string siteLabel(const SiteInfo &Info);

// SiteInfo::Context's text: what tells apart the instantiations of the
// templates around the site where Function does not (a lambda or local class
// in a function template); "" where the site has none.
std::string siteContext(const SiteInfo &Info);

} // namespace autotune

#endif // AUTOTUNE_SRC_SITELABEL_H
