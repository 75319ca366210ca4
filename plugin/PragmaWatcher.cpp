//===- PragmaWatcher.cpp - Pragmas run while '#pragma autotune' reads -----===//

#include "PragmaWatcher.h"
#include "PluginState.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

namespace {

class PragmaWatcher : public PPCallbacks {
public:
  explicit PragmaWatcher(const SourceManager &SM) : SM(SM) {
    pluginState().PragmaWatcher = this;
  }
  ~PragmaWatcher() override {
    if (pluginState().PragmaWatcher == this)
      pluginState().PragmaWatcher = nullptr;
  }

  // Called before the pragma's handler runs, for '#pragma', '_Pragma' and
  // '__pragma' alike.
  void PragmaDirective(SourceLocation Loc,
                       PragmaIntroducerKind Introducer) override {
    PluginState &State = pluginState();
    if (!State.ReadingClauses || State.PragmaInClauses.isValid())
      return;
    // The user's token: the macro or '_Pragma' written on the line.
    State.PragmaInClauses = SM.getExpansionLoc(Loc);
  }

private:
  const SourceManager &SM;
};

} // namespace

void watchPragmas(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<PragmaWatcher>(PP.getSourceManager()));
  // The tokens the compiler reads, not those a handler reads or injects.
  PP.setTokenWatcher([](const Token &T) {
    PluginState &State = pluginState();
    State.PrecedingToken = T.getKind();
    if (T.is(tok::l_brace))
      State.OpenBraces.push_back(T.getLocation());
    else if (T.is(tok::r_brace) && !State.OpenBraces.empty())
      State.OpenBraces.pop_back();
  });
}

} // namespace autotune
