// autotune-cache import: the entries of an export (`export --json`, or one
// cache file) into the cache directory, every entry checked first, a newer
// local entry kept unless forced (docs/cache.md, "import").
#ifndef AUTOTUNE_TOOLS_IMPORTCOMMAND_H
#define AUTOTUNE_TOOLS_IMPORTCOMMAND_H

#include <string>

namespace autotune {

struct ImportRequest {
  std::string File;   // "-": standard input
  bool Force = false; // replace local entries tuned later than the imported
  bool DryRun = false;
};

// Imports Request.File into Dir, printing a line per entry and a summary.
// Returns the exit status: 0; 1 when the file cannot be read or holds an
// invalid entry (nothing is written then), when Dir is not the user's, when
// an entry's file name is taken by a file that is not the cache's (nothing
// is written then either), or when a write fails.
int importCommand(const std::string &Dir, const ImportRequest &Request);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_IMPORTCOMMAND_H
