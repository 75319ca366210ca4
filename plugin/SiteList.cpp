//===- SiteList.cpp - The sites of a compile, for the build loop ----------===//

#include "SiteList.h"
#include "LeftOutPoints.h"

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace autotune {

/// Text without the tabs and line breaks that separate fields and lines.
static std::string field(StringRef Text) {
  std::string Out = Text.str();
  for (char &C : Out)
    if (C == '\t' || C == '\n' || C == '\r')
      C = ' ';
  return Out;
}

void listSite(Preprocessor &PP, const SiteSpec &Spec, const Space &S,
              const SiteName &Name, uint64_t Key) {
  const std::string &Path = leaveOutOptions().SitesFile;
  if (Path.empty() || PP.getLangOpts().CUDAIsDevice)
    return;
  std::error_code Error;
  llvm::raw_fd_ostream Out(Path, Error, llvm::sys::fs::OF_Append);
  if (Error) {
    unsigned ID = PP.getDiagnostics().getCustomDiagID(
        DiagnosticsEngine::Error, "cannot write the list of sites '%0': %1");
    PP.getDiagnostics().Report(ID) << Path << Error.message();
    return;
  }
  Out << "0x" << llvm::utohexstr(Key) << '\t' << field(Name.File) << '\t'
      << Name.Line << '\t' << field(Name.Name) << '\t' << S.DefaultIndex;
  for (unsigned I = 0; I < S.size(); ++I)
    Out << '\t' << field(describePoint(Spec, S.point(I)));
  Out << '\n';
}

} // namespace autotune
