//===- DiagnosticDeduplicator.cpp - One report per site, not per variant --===//

#include "DiagnosticDeduplicator.h"
#include "PluginState.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace autotune {

void DiagnosticDeduplicator::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                              const Diagnostic &Info) {
  if (Level == DiagnosticsEngine::Note) {
    if (!DroppingNotes)
      Target.HandleDiagnostic(Level, Info);
    takeCounts();
    return;
  }
  DroppingNotes = false;
  if (Info.hasSourceManager() && Info.getLocation().isValid() &&
      pluginState().isInSiteStatement(Info.getSourceManager(),
                                      Info.getLocation())) {
    SmallString<128> Key;
    Info.FormatDiagnostic(Key);
    Key += '\0';
    Key += std::to_string(Info.getID());
    Key += '\0';
    Key += std::to_string(Info.getLocation().getRawEncoding());
    if (!Seen.insert(Key).second) {
      DroppingNotes = true;
      return;
    }
  }
  Target.HandleDiagnostic(Level, Info);
  takeCounts();
}

void installDeduplicator(DiagnosticsEngine &Diags) {
  installInFront(Diags, [](DiagnosticConsumer &Target,
                           std::unique_ptr<DiagnosticConsumer> Owned) {
    return std::make_unique<DiagnosticDeduplicator>(Target, std::move(Owned));
  });
}

} // namespace autotune
