// Which host memory a restore(...)/verify(...) range may be copied to and
// from: the readable and writable mappings of the process, as Linux lists
// them in /proc/self/maps. A range that leaves them would fault in the
// snapshot copy; a range that stays inside but is longer than the program's
// array cannot be told apart from a correct one here.
#ifndef AUTOTUNE_SRC_HOSTPAGES_H
#define AUTOTUNE_SRC_HOSTPAGES_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace autotune {

struct Mapping {
  std::uintptr_t Begin = 0, End = 0; // [Begin, End)
  bool Readable = false, Writable = false;
};

// The mappings listed in the text of a /proc/<pid>/maps file, in its order
// (ascending addresses); lines that do not parse are left out.
std::vector<Mapping> parseMappings(const std::string &Text);

// The bytes from Address to the end of the run of adjacent readable and
// writable mappings that holds it; 0 when no such mapping holds Address.
std::size_t writableBytesFrom(const std::vector<Mapping> &Mappings,
                              std::uintptr_t Address);

// The same for this process; nullopt where /proc/self/maps cannot be read
// (not Linux, or /proc not mounted): nothing can be checked then.
std::optional<std::size_t> hostWritableBytesFrom(const void *Address);

} // namespace autotune

#endif // AUTOTUNE_SRC_HOSTPAGES_H
