//===- Diagnostics.cpp - The plugin's messages ----------------------------===//

#include "Diagnostics.h"

#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

namespace {

struct DiagEntry {
  DiagnosticIDs::Level Level;
  const char *Text;
};

} // namespace

static constexpr DiagEntry Entries[] = {
#define AUTOTUNE_DIAG(Name, Level, Text) {DiagnosticIDs::Level, Text},
#include "Diagnostics.def"
};

DiagnosticBuilder report(Preprocessor &PP, SourceLocation Loc, Diag D) {
  const DiagEntry &E = Entries[static_cast<unsigned>(D)];
  // A CUDA compile runs one device job per GPU architecture besides the host
  // job, each reading the same pragmas: warnings are the host job's alone
  // (notes after an ignored warning are ignored with it).
  DiagnosticIDs::Level Level = E.Level;
  if (Level == DiagnosticIDs::Warning && PP.getLangOpts().CUDAIsDevice)
    Level = DiagnosticIDs::Ignored;
  // Custom IDs are interned by level and text, so asking again returns the
  // same ID.
  unsigned ID =
      PP.getDiagnostics().getDiagnosticIDs()->getCustomDiagID(Level, E.Text);
  return PP.Diag(Loc, ID);
}

} // namespace autotune
