//===- TokenText.h - Small utilities over token runs ----------------------===//
//
// Bracket matching, comma splitting and spelling of token runs, shared by the
// pragma parser, the statement analysis and the rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_TOKENTEXT_H
#define AUTOTUNE_PLUGIN_TOKENTEXT_H

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// Splits at commas outside (), [] and {}. An empty run gives one empty item.
llvm::SmallVector<llvm::ArrayRef<clang::Token>, 8>
splitTopLevel(llvm::ArrayRef<clang::Token> Tokens);

/// True when the bracket at Open is closed exactly at Close.
bool closesAt(llvm::ArrayRef<clang::Token> Tokens, size_t Open, size_t Close);

/// The index of the bracket that opens the one at Close (Close if unmatched).
size_t openingOf(llvm::ArrayRef<clang::Token> Tokens, size_t Close);

/// For the annotation that starts an OpenMP or OpenACC directive, the kind of
/// the annotation that ends it (the directive's clauses lie between); for
/// any other token, tok::unknown. Annotations, left by other pragmas, have no
/// spelling.
clang::tok::TokenKind directiveEndOf(const clang::Token &T);

/// The tokens' spellings joined by single spaces where the source had space;
/// annotation tokens are left out.
std::string joinSpellings(clang::Preprocessor &PP,
                          llvm::ArrayRef<clang::Token> Tokens);

/// The source text that the tokens were written as (macros unexpanded), or
/// their spellings when they do not come from one contiguous file range.
std::string sourceText(clang::Preprocessor &PP,
                       llvm::ArrayRef<clang::Token> Tokens);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_TOKENTEXT_H
