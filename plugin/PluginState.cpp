//===- PluginState.cpp - What the pragma handler shares with its job ------===//

#include "PluginState.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace autotune {

PluginState &pluginState() {
  static PluginState State;
  return State;
}

bool PluginState::isInSiteStatement(const SourceManager &SM,
                                    SourceLocation Loc) const {
  SourceLocation L = SM.getExpansionLoc(Loc);
  for (const SourceRange &R : SiteStatements)
    if (SM.isPointWithin(L, R.getBegin(), R.getEnd()))
      return true;
  return false;
}

} // namespace autotune
