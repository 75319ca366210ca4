//===- TokenText.h - Small utilities over token runs ----------------------===//
//
// Brackets, comma splitting and spelling of token runs: the one home of these
// helpers, shared by every step of the pragma handler and by
// EnclosingFunction.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_TOKENTEXT_H
#define AUTOTUNE_PLUGIN_TOKENTEXT_H

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// '(', '[' or '{'.
bool isOpeningBracket(const clang::Token &T);
/// ')', ']' or '}'.
bool isClosingBracket(const clang::Token &T);
/// The kind of the bracket that closes one of kind Open.
clang::tok::TokenKind closingBracketFor(clang::tok::TokenKind Open);

/// The depth of (), [] and {} along a run of tokens, the one bracket-depth
/// scan of the plugin: call step() on each token in order (stepBack() when
/// walking backwards) and it returns the depth outside that token, a bracket
/// being outside its own group; negative once more groups closed than
/// opened. It counts, it does not match kinds: ExpressionShape and
/// StatementReader, which report a mismatch, keep a stack of kinds.
class BracketDepth {
public:
  int step(const clang::Token &T) {
    if (isClosingBracket(T))
      return --Depth;
    return isOpeningBracket(T) ? Depth++ : Depth;
  }
  int stepBack(const clang::Token &T) {
    if (isOpeningBracket(T))
      return --Depth;
    return isClosingBracket(T) ? Depth++ : Depth;
  }

private:
  int Depth = 0;
};

/// The index of the bracket that closes the one at Open, or Tokens.size()
/// when none does.
size_t closingOf(llvm::ArrayRef<clang::Token> Tokens, size_t Open);

/// The index of the bracket that opens the one at Close (Close if unmatched).
size_t openingOf(llvm::ArrayRef<clang::Token> Tokens, size_t Close);

/// One past the '>' that closes the '<' at Open, bracketed groups in between
/// skipped whole ('>>' closes two, and '>>>', one token in CUDA, three).
/// Nothing when the angle brackets do not balance first: a ';', a '<<<' or
/// a closing bracket of an enclosing group comes first, or more close than
/// opened (a comparison, not a template argument list).
std::optional<size_t> closingAngleOf(llvm::ArrayRef<clang::Token> Tokens,
                                     size_t Open);

/// Splits at commas outside (), [] and {}. An empty run gives one empty item.
llvm::SmallVector<llvm::ArrayRef<clang::Token>, 8>
splitTopLevel(llvm::ArrayRef<clang::Token> Tokens);

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
