//===- SiteSpec.h - What a '#pragma autotune' line says -------------------===//
//
// The parsed clauses of one pragma, before the space is enumerated. Run-time
// expressions (key, restore, verify, stream) are kept as the user's tokens so
// that the rewrite can splice them back with their original locations.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_SITESPEC_H
#define AUTOTUNE_PLUGIN_SITESPEC_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace autotune {

/// A run of the user's tokens: an expression of a clause.
struct TokenRun {
  llvm::SmallVector<clang::Token, 8> Tokens;
};

struct Parameter {
  std::string Name;
  clang::SourceLocation Loc;
  llvm::SmallVector<int64_t, 8> Values; // in the order written
};

/// `ptr[count]` in restore(...) or verify(...).
struct BufferSpec {
  TokenRun Pointer;
  TokenRun Count;
  std::string Spelling; // "ptr[count]", for messages at run time
};

struct WhereSpec {
  TokenRun Condition;
  clang::SourceLocation Loc;   // the 'where' keyword
  clang::SourceLocation Close; // its ')'
};

struct DefaultSpec {
  llvm::SmallVector<std::pair<std::string, int64_t>, 4> Values;
  llvm::SmallVector<clang::SourceLocation, 4> NameLocs;
  clang::SourceLocation Loc; // the 'default' keyword
};

struct SiteSpec {
  clang::SourceLocation PragmaLoc; // the 'autotune' token
  llvm::SmallVector<Parameter, 4> Params;
  /// configs(...): explicit points, each in the order of Params.
  llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 8> Configs;
  bool HasConfigs = false;
  bool HasSpace = false;
  llvm::SmallVector<WhereSpec, 2> Wheres;
  std::optional<DefaultSpec> Default;
  llvm::SmallVector<TokenRun, 2> Keys;
  bool HasKey = false; // a 'key' clause, 'key()' included
  llvm::SmallVector<BufferSpec, 2> Restores;
  llvm::SmallVector<BufferSpec, 2> Verifies;
  /// verify(...)'s bounds, as written: `rtol` (or its other name `tol`,
  /// which RelToleranceName keeps for messages) and `atol`.
  std::optional<double> RelTolerance, AbsTolerance;
  std::string RelToleranceSpelling, AbsToleranceSpelling, RelToleranceName;
  std::optional<TokenRun> Stream;
  unsigned Budget = 0;
  /// measure(time = S, cold_l2); min_gain(F). The spellings are what the
  /// rewrite emits, so the value is the literal as written.
  std::optional<double> TimeLimit;
  std::string TimeLimitSpelling;
  bool ColdL2 = false;
  clang::SourceLocation MeasureLoc; // the 'measure' keyword
  std::optional<double> MinGain;
  std::string MinGainSpelling;
  bool Online = false;           // mode(online)
  clang::SourceLocation ModeLoc; // the 'mode' keyword
  std::string Name;
  clang::SourceLocation NameLoc; // the string literal in name(...)
  std::string ClauseText;        // the clauses, joinSpellings()
};

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SITESPEC_H
