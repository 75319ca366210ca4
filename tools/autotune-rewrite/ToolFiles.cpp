//===- ToolFiles.cpp - Where autotune's clang tools find their files ------===//

#include "ToolFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace autotune {

std::string findShimDir(const char *Argv0, const char *BuildShimDir) {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&findShimDir));
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Exe));
  for (const char *Rel :
       {"../share/autotune/cuda-shims", "../../cuda-shims", "../cuda-shims"}) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, Rel);
    llvm::sys::path::remove_dots(Candidate, true);
    if (llvm::sys::fs::exists(Candidate + "/texture_fetch_functions.h"))
      return std::string(Candidate);
  }
  return BuildShimDir;
}

} // namespace autotune
