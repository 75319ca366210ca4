// Which autotune this is: the project's version (CMakeLists.txt), said by
// every tool's --version, the runtime's log header and every cache entry.
#ifndef AUTOTUNE_SRC_VERSION_H
#define AUTOTUNE_SRC_VERSION_H

#ifndef AUTOTUNE_VERSION
#error "AUTOTUNE_VERSION is defined by CMakeLists.txt (add_compile_definitions)"
#endif

namespace autotune {

// "autotune 0.1.0": as --version prints it and "tuned_by" stores it.
inline const char *versionText() { return "autotune " AUTOTUNE_VERSION; }

} // namespace autotune

#endif // AUTOTUNE_SRC_VERSION_H
