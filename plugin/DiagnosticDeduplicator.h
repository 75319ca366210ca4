//===- DiagnosticDeduplicator.h - One report per site, not per variant ----===//
//
// Clang instantiates a site's statement once per point, and some of its
// warnings are issued per instantiation. Inside a site's statement, a
// diagnostic identical in kind, place and text to one already reported is
// dropped with its notes, so the user reads it once.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_DIAGNOSTICDEDUPLICATOR_H
#define AUTOTUNE_PLUGIN_DIAGNOSTICDEDUPLICATOR_H

#include "ForwardingConsumer.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringSet.h"

#include <memory>

namespace clang {
class SourceManager;
} // namespace clang

namespace autotune {

class DiagnosticDeduplicator : public ForwardingConsumer {
public:
  /// Forwards to Target; Owned, if given, is Target and is kept alive here.
  using ForwardingConsumer::ForwardingConsumer;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  llvm::StringSet<> Seen;
  bool DroppingNotes = false;
};

/// Puts a deduplicator in front of Diags' current consumer.
void installDeduplicator(clang::DiagnosticsEngine &Diags);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_DIAGNOSTICDEDUPLICATOR_H
