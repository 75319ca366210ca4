//===- DiagnosticRelocator.h - Diagnostics shown at the user's tokens -----===//
//
// The code a site becomes is lexed from the compiler's scratch buffer, as
// one macro expansion at the pragma (Rewrite.cpp), and a '_Pragma' is lexed
// from it too. A diagnostic located there would be followed by clang's
// "expanded from here" note quoting '<scratch space>': the generated block,
// '__autotune_site' and all. Within a site (the pragma's line to the end of
// its statement), such a diagnostic is shown instead at the user's token
// the expansion stands for, without the generated ranges and fix-its; a
// "to match this" note about a generated bracket, which names no token of
// the user's, is dropped. A message that names the generated code
// ('[with __autotune_point:auto = ...]') is reworded, wherever it is.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_DIAGNOSTICRELOCATOR_H
#define AUTOTUNE_PLUGIN_DIAGNOSTICRELOCATOR_H

#include "ForwardingConsumer.h"

#include "clang/Basic/Diagnostic.h"

#include <memory>

namespace autotune {

class DiagnosticRelocator : public ForwardingConsumer {
public:
  /// Forwards to Target; Owned, if given, is Target and is kept alive here.
  DiagnosticRelocator(clang::DiagnosticsEngine &Diags,
                      clang::DiagnosticConsumer &Target,
                      std::unique_ptr<clang::DiagnosticConsumer> Owned);

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  /// Passes Info on to Target, at the user's token if it is in generated
  /// code.
  void relocate(clang::DiagnosticsEngine::Level Level,
                const clang::Diagnostic &Info);

  /// Emits the relocated diagnostics to Target: a Diagnostic takes its
  /// location from its engine.
  clang::DiagnosticsEngine Relocated;
};

/// Puts a relocator in front of Diags' current consumer.
void installRelocator(clang::DiagnosticsEngine &Diags);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_DIAGNOSTICRELOCATOR_H
