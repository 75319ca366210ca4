#include "LoadedEntries.h"
#include "ExistingDirectory.h"
#include "cache/CacheDirectory.h"
#include "support/TextFormat.h"

#include <algorithm>
#include <iostream>

namespace autotune {

bool loadEntries(const std::string &Dir, std::vector<LoadedEntry> &Entries,
                 OtherFiles *Others) {
  if (!isExistingDirectory(Dir))
    return false;
  std::vector<std::string> Names;
  std::string Problem;
  if (!listCacheFiles(Dir, Names, Problem)) {
    std::cerr << "autotune-cache: error: " << printable(Problem) << "\n";
    return false;
  }
  for (const std::string &Name : Names) {
    LoadedEntry L;
    L.File = Name;
    Problem.clear();
    Ownership Whose = classifyCacheFile(Dir, Name, L.Entry, Problem);
    if (Whose == Ownership::Entry) {
      Entries.push_back(std::move(L));
      continue;
    }
    if (Whose == Ownership::Missing)
      continue; // removed while we looked: nothing to report
    if (Others) {
      (Whose == Ownership::Damaged ? Others->Damaged : Others->Foreign)
          .push_back(Name);
      continue;
    }
    std::cerr << "autotune-cache: warning: ignoring "
              << printable(joinPath(Dir, Name)) << ": " << printable(Problem)
              << "\n";
  }
  std::sort(Entries.begin(), Entries.end(),
            [](const LoadedEntry &A, const LoadedEntry &B) {
              const CacheEntry &X = A.Entry, &Y = B.Entry;
              if (X.Site != Y.Site)
                return X.Site < Y.Site;
              if (X.DeviceModel != Y.DeviceModel)
                return X.DeviceModel < Y.DeviceModel;
              if (X.Key != Y.Key)
                return X.Key < Y.Key;
              return A.File < B.File;
            });
  return true;
}

} // namespace autotune
