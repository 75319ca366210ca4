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

constexpr DiagEntry Entries[] = {
#define AUTOTUNE_DIAG(Name, Level, Text) {DiagnosticIDs::Level, Text},
#include "Diagnostics.def"
};
} // namespace

DiagnosticBuilder report(Preprocessor &PP, SourceLocation Loc, Diag D) {
  const DiagEntry &E = Entries[static_cast<unsigned>(D)];
  // Custom IDs are interned by text, so asking again returns the same ID.
  unsigned ID =
      PP.getDiagnostics().getDiagnosticIDs()->getCustomDiagID(E.Level, E.Text);
  return PP.Diag(Loc, ID);
}

} // namespace autotune
