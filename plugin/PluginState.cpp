//===- PluginState.cpp - What the pragma handler shares with its job ------===//

#include "PluginState.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace autotune {

PluginState &pluginState() {
  static PluginState State;
  return State;
}

static bool isWithinAny(const SourceManager &SM, SourceLocation Loc,
                        ArrayRef<SourceRange> Ranges) {
  SourceLocation L = SM.getExpansionLoc(Loc);
  // A range without an end is the site being read: it extends to here.
  return llvm::any_of(Ranges, [&](const SourceRange &R) {
    return R.getEnd().isValid()
               ? SM.isPointWithin(L, R.getBegin(), R.getEnd())
               : !SM.isBeforeInTranslationUnit(L, R.getBegin());
  });
}

bool PluginState::isInSiteStatement(const SourceManager &SM,
                                    SourceLocation Loc) const {
  return isWithinAny(SM, Loc, SiteStatements);
}

bool PluginState::isInSite(const SourceManager &SM, SourceLocation Loc) const {
  return isWithinAny(SM, Loc, Sites);
}

} // namespace autotune
