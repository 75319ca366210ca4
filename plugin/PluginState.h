//===- PluginState.h - What the pragma handler shares with its job --------===//
//
// One compiler job (or one input of autotune-rewrite) runs the handler once
// per pragma; what outlives a pragma lives here: the parser's Sema or the
// token-level view that stands in for it, the rewritten source text, the
// site names and statements seen so far, and the cached hashes.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_PLUGINSTATE_H
#define AUTOTUNE_PLUGIN_PLUGINSTATE_H

#include "EnclosingFunction.h"
#include "SourceOutput.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace clang {
class Sema;
class SourceManager;
} // namespace clang

namespace autotune {

/// What the pragma handler shares with the rest of one compiler job.
struct PluginState {
  /// Set while parsing, where Sema exists: it says which function the
  /// pragma is in (device code and constexpr functions are refused) and
  /// what a name means there (NamesAtPragma).
  clang::Sema *CurrentSema = nullptr;
  /// Set where no parser runs (autotune-rewrite): the same questions,
  /// answered from the tokens read so far.
  EnclosingFunctionTracker *Tokens = nullptr;
  /// Set while the handler runs: a pragma handled inside it is refused.
  bool InHandler = false;
  /// Set while the clauses of a pragma are being read.
  bool ReadingClauses = false;
  /// The first pragma started while ReadingClauses (the user's token).
  clang::SourceLocation PragmaInClauses;
  /// Set while the statement after a pragma is being read.
  bool ReadingStatement = false;
  /// The preprocessor callback that sets PragmaInClauses, while it lives.
  const void *PragmaWatcher = nullptr;
  /// The kind of the last token the compiler read before the pragma (a
  /// rewritten site counts as a ';'): one that an expression must go on
  /// after says the pragma is in the middle of one.
  clang::tok::TokenKind PrecedingToken = clang::tok::semi;
  /// The '{' the compiler has read and not closed yet, outermost first:
  /// right after a function's '}' the parser has not left the function (the
  /// pragma is the token that ends its body), and the innermost '{' still
  /// open says whether the pragma is in it (functionOfPragma).
  llvm::SmallVector<clang::SourceLocation, 32> OpenBraces;
  /// The rewritten source text is wanted (a plugin argument, or the tool).
  bool WritesSource = false;
  SourceOutput Source;
  /// Where each rewritten statement was written, for diagnostics that
  /// concern the user's own tokens.
  std::vector<clang::SourceRange> SiteStatements;
  /// Where each pragma handled was written, from its start to the end of its
  /// statement (of its line, when it has none): the diagnostics there are
  /// shown at the user's tokens (DiagnosticRelocator).
  std::vector<clang::SourceRange> Sites;
  /// Hashes of the tokens of each file, per translation unit.
  llvm::DenseMap<const void *, uint64_t> ContentHashes;
  /// The files (FileEntry) whose tokens each site's fingerprint holds, for
  /// the check at the end of the translation unit that every file its file
  /// included after it is among them (warnFilesOutsideFingerprints).
  struct FingerprintFiles {
    clang::SourceLocation PragmaLoc; // in its file, not in a macro
    llvm::SmallVector<const void *, 16> Files;
  };
  std::vector<FingerprintFiles> SiteFiles;
  /// How many sites of this translation unit have a name so far, and where
  /// the first is: a name's second site is tuned as "name#2".
  llvm::StringMap<std::pair<unsigned, clang::SourceLocation>> SiteNames;
  /// compileOptionsHash() of this job, set when the plugin's action starts
  /// ('clang -E' runs none); autotune-rewrite adds nvcc's code options.
  std::optional<uint64_t> CompileOptionsHash;

  /// Forgets everything of the previous translation unit.
  void reset() {
    Source.clear();
    SiteStatements.clear();
    Sites.clear();
    ContentHashes.clear();
    SiteFiles.clear();
    SiteNames.clear();
    CompileOptionsHash.reset();
    // A job's preprocessor may outlive it (-disable-free): each job installs
    // its own watcher.
    PragmaWatcher = nullptr;
    PrecedingToken = clang::tok::semi;
    OpenBraces.clear();
  }

  bool isInSiteStatement(const clang::SourceManager &SM,
                         clang::SourceLocation Loc) const;
  bool isInSite(const clang::SourceManager &SM,
                clang::SourceLocation Loc) const;
};

/// The state of the job this process runs.
PluginState &pluginState();

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_PLUGINSTATE_H
