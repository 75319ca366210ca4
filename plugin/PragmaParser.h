//===- PragmaParser.h - Tokens of '#pragma autotune' to a SiteSpec --------===//
//
// Reads the clauses of one pragma line. Every malformed clause is reported at
// the offending token; parsing then stops, and the handler drops the
// statement after the pragma.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_PRAGMAPARSER_H
#define AUTOTUNE_PLUGIN_PRAGMAPARSER_H

#include "SiteSpec.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// Parses Tokens, the clauses between 'autotune' and the end of the line at
/// EndLoc. Returns nothing after reporting an error.
std::optional<SiteSpec> parsePragma(clang::Preprocessor &PP,
                                    clang::SourceLocation PragmaLoc,
                                    llvm::ArrayRef<clang::Token> Tokens,
                                    clang::SourceLocation EndLoc);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_PRAGMAPARSER_H
