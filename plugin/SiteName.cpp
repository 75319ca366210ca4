//===- SiteName.cpp - What a site is called at run time -------------------===//

#include "SiteName.h"
#include "Diagnostics.h"
#include "PluginState.h"
#include "SiteSpec.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace autotune {

SiteName nameSite(Preprocessor &PP, const SiteSpec &Spec, StringRef Callee) {
  SiteName Id;
  PresumedLoc Presumed = PP.getSourceManager().getPresumedLoc(Spec.PragmaLoc);
  // Without '.' and '..': a header reached as "src/../include/x.h" from one
  // file and "include/x.h" from another is one site, with one text (the
  // files autotune-rewrite writes for a project must agree).
  SmallString<256> File(Presumed.isValid() ? Presumed.getFilename()
                                           : "<unknown>");
  llvm::sys::path::remove_dots(File, /*remove_dot_dot=*/true);
  Id.File = std::string(File);
  Id.Line = Presumed.isValid() ? Presumed.getLine() : 0;
  // No line in a default name: a line added above the site must not make
  // it another site. Sites that share a name are told apart by their order.
  Id.Name = !Spec.Name.empty()
                ? Spec.Name
                : (llvm::sys::path::filename(Id.File) + ":" + Callee).str();
  auto &[Count, First] = pluginState().SiteNames[Id.Name];
  SourceLocation NameLoc =
      Spec.NameLoc.isValid() ? Spec.NameLoc : Spec.PragmaLoc;
  if (++Count == 1) {
    First = NameLoc;
    return Id;
  }
  // (Warnings are the host job's: report() drops them in device jobs.)
  if (!Spec.Name.empty()) {
    report(PP, NameLoc, Diag::RepeatedSiteName) << Id.Name << Count;
    report(PP, First, Diag::FirstSiteName) << Id.Name;
  }
  Id.Name += "#" + std::to_string(Count);
  return Id;
}

} // namespace autotune
