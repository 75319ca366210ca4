//===- TokenInjection.h - What the compiler reads instead of a site -------===//
//
// The pragma handler has taken the statement's tokens from the preprocessor;
// what it hands back is read next in their place: the site's block, or an
// empty statement where the site cannot be rewritten (so that the error is
// reported once, not again as undeclared parameters).
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_TOKENINJECTION_H
#define AUTOTUNE_PLUGIN_TOKENINJECTION_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

struct SiteRewrite;

/// The block of R around the user's Statement, its generated tokens located
/// at PragmaStart (the '#' or '_Pragma' that starts the pragma). Records
/// where Statement was written (PluginState::SiteStatements).
void injectSite(clang::Preprocessor &PP, clang::SourceLocation PragmaStart,
                const SiteRewrite &R, llvm::ArrayRef<clang::Token> Statement);

/// ';' at Loc, in place of a statement that is dropped.
void injectEmptyStatement(clang::Preprocessor &PP, clang::SourceLocation Loc);

/// '0;' at Loc, in place of a statement that stood where an expression went
/// on: most such expressions read as complete, with no second error.
void injectZero(clang::Preprocessor &PP, clang::SourceLocation Loc);

/// ';' in place of a rejected Statement; a labeled statement keeps its label
/// for the gotos that use it.
void dropStatementKeepingLabel(clang::Preprocessor &PP,
                               llvm::ArrayRef<clang::Token> Statement);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_TOKENINJECTION_H
