//===- ForwardingConsumer.h - A diagnostic consumer in front of another ---===//
//
// The plugin's consumers (DiagnosticDeduplicator, DiagnosticRelocator) sit in
// front of the compiler's own and pass what they keep on to it: the
// forwarding of the consumer's life cycle, and the installing, live here.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_FORWARDINGCONSUMER_H
#define AUTOTUNE_PLUGIN_FORWARDINGCONSUMER_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>

namespace autotune {

class ForwardingConsumer : public clang::DiagnosticConsumer {
public:
  /// Forwards to Target; Owned, if given, is Target and is kept alive here.
  ForwardingConsumer(clang::DiagnosticConsumer &Target,
                     std::unique_ptr<clang::DiagnosticConsumer> Owned)
      : Target(Target), Owned(std::move(Owned)) {}

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    Target.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    Target.EndSourceFile();
    takeCounts();
  }
  void finish() override {
    Target.finish();
    takeCounts();
  }
  void clear() override {
    Target.clear();
    DiagnosticConsumer::clear();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Target.IncludeInDiagnosticCounts();
  }

protected:
  /// The compiler reads how many errors and warnings a job had from its
  /// consumer, this one: they are the target's, what it showed (or, under
  /// '-verify', what did not match its expectations). Called after each
  /// diagnostic passed on.
  void takeCounts() {
    NumErrors = Target.getNumErrors();
    NumWarnings = Target.getNumWarnings();
  }

  clang::DiagnosticConsumer &Target;

private:
  std::unique_ptr<clang::DiagnosticConsumer> Owned;
};

/// Puts the consumer that Make returns for Diags' current one (and its
/// ownership, if Diags had it) in front of it.
inline void
installInFront(clang::DiagnosticsEngine &Diags,
               llvm::function_ref<std::unique_ptr<ForwardingConsumer>(
                   clang::DiagnosticConsumer &,
                   std::unique_ptr<clang::DiagnosticConsumer>)>
                   Make) {
  clang::DiagnosticConsumer *Current = Diags.getClient();
  if (!Current)
    return;
  std::unique_ptr<clang::DiagnosticConsumer> Owned = Diags.takeClient();
  Diags.setClient(Make(*Current, std::move(Owned)).release(),
                  /*ShouldOwnClient=*/true);
}

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_FORWARDINGCONSUMER_H
