//===- DiagnosticRelocator.cpp - Diagnostics shown at the user's tokens ---===//

#include "DiagnosticRelocator.h"
#include "PluginState.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace autotune {

DiagnosticRelocator::DiagnosticRelocator(
    DiagnosticsEngine &Diags, DiagnosticConsumer &Target,
    std::unique_ptr<DiagnosticConsumer> Owned)
    : ForwardingConsumer(Target, std::move(Owned)),
      Relocated(Diags.getDiagnosticIDs(), &Diags.getDiagnosticOptions(),
                &Target, /*ShouldOwnClient=*/false) {}

/// True when Loc's macro backtrace would quote the scratch buffer.
static bool quotesScratch(const SourceManager &SM, SourceLocation Loc) {
  for (; Loc.isMacroID(); Loc = SM.getImmediateMacroCallerLoc(Loc))
    if (SM.isWrittenInScratchSpace(SM.getSpellingLoc(Loc)))
      return true;
  return false;
}

/// True when Loc is in generated code, or in a '_Pragma' string, of a site.
static bool isGenerated(const SourceManager &SM, SourceLocation Loc) {
  return Loc.isValid() && quotesScratch(SM, Loc) &&
         pluginState().isInSite(SM, Loc);
}

/// Message with the names of the generated code said in the user's words:
/// a template argument list '[with __autotune_point:auto =
/// autotune::Point<1, 2>]' reads '[with the point <1, 2>]', and the site's
/// check of a clause's value ('static assertion failed due to requirement
/// 'decltype(__autotune_key0)::IsKey': autotune: a key(...) value must be
/// ...', Rewrite.cpp) reads as its message.
static std::string reword(StringRef Message) {
  static const llvm::Regex Check(
      "^static assertion failed( due to requirement '.*')?: autotune: ");
  static const llvm::Regex Point(
      "__autotune_point:auto = (::)?autotune::Point(<[^]]*>)");
  static const llvm::Regex Name("__autotune_[A-Za-z0-9_]*");
  std::string Text = Check.sub("", Message);
  while (Point.match(Text))
    Text = Point.sub("the point \\2", Text);
  while (Name.match(Text))
    Text = Name.sub("the site's generated code", Text);
  return Text;
}

void DiagnosticRelocator::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                           const Diagnostic &Info) {
  relocate(Level, Info);
  takeCounts();
}

void DiagnosticRelocator::relocate(DiagnosticsEngine::Level Level,
                                   const Diagnostic &Info) {
  SmallString<256> Message;
  Info.FormatDiagnostic(Message);
  bool Generated = Info.hasSourceManager() &&
                   isGenerated(Info.getSourceManager(), Info.getLocation());
  if (!Generated && !StringRef(Message).contains("__autotune")) {
    Target.HandleDiagnostic(Level, Info);
    return;
  }
  if (Level == DiagnosticsEngine::Note && Info.getID() == diag::note_matching)
    return;
  std::string Text = reword(Message);
  if (!Info.hasSourceManager()) {
    Relocated.Report(StoredDiagnostic(Level, Info.getID(), Text));
    return;
  }
  SourceManager &SM = Info.getSourceManager();
  SmallVector<CharSourceRange, 4> Ranges;
  for (const CharSourceRange &R : Info.getRanges())
    if (!isGenerated(SM, R.getBegin()) && !isGenerated(SM, R.getEnd()))
      Ranges.push_back(R);
  SmallVector<FixItHint, 2> FixIts;
  for (const FixItHint &F : Info.getFixItHints())
    if (!isGenerated(SM, F.RemoveRange.getBegin()))
      FixIts.push_back(F);
  SourceLocation Where = Info.getLocation();
  FullSourceLoc Loc(Generated ? SM.getExpansionLoc(Where) : Where, SM);
  Relocated.setSourceManager(&SM);
  Relocated.Report(
      StoredDiagnostic(Level, Info.getID(), Text, Loc, Ranges, FixIts));
}

void installRelocator(DiagnosticsEngine &Diags) {
  installInFront(Diags, [&](DiagnosticConsumer &Target,
                            std::unique_ptr<DiagnosticConsumer> Owned) {
    return std::make_unique<DiagnosticRelocator>(Diags, Target,
                                                 std::move(Owned));
  });
}

} // namespace autotune
