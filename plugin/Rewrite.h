//===- Rewrite.h - The code a site becomes --------------------------------===//
//
// Builds the block that replaces '#pragma autotune' and its statement, once,
// as a list of pieces: generated text and runs of the user's own tokens. The
// pieces become tokens for the compiler and text for the rewritten source.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_REWRITE_H
#define AUTOTUNE_PLUGIN_REWRITE_H

#include "SiteName.h"
#include "SiteSpec.h"
#include "Space.h"
#include "StatementForm.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// Generated text, or the user's tokens when Text is empty.
struct Piece {
  std::string Text;
  llvm::ArrayRef<clang::Token> UserTokens;
  /// The user's token that generated text stands for (a parameter's name,
  /// a clause's expression), where its diagnostics are shown; invalid: the
  /// site's.
  clang::SourceLocation At;
};

struct SiteRewrite {
  /// Everything before the statement: the site and the variant lambda's head.
  llvm::SmallVector<Piece, 4> Prologue;
  /// Everything after it: the lambda's end, the call's arguments, the call.
  llvm::SmallVector<Piece, 16> Epilogue;
};

/// The most points whose variants a site's switch runs inline; a larger
/// space calls a decided winner through Variants::run. The runtime's
/// detail::SwitchedPoints (autotune/autotune.h) has the same bound.
constexpr unsigned InlineSwitchPoints = 64;

/// The block for the site of Spec, named Name, whose points are S and whose
/// statement, analysed as Stmt, is StatementTokens. Fingerprint is
/// siteFingerprint()'s; the rewrite only writes it down.
SiteRewrite buildRewrite(clang::Preprocessor &PP, const SiteSpec &Spec,
                         const Space &S, const Statement &Stmt,
                         llvm::ArrayRef<clang::Token> StatementTokens,
                         const SiteName &Name, uint64_t Fingerprint);

/// The pieces as tokens: generated ones lexed and located at their At, else
/// at Loc; the user's as they were.
void appendTokens(clang::Preprocessor &PP, llvm::ArrayRef<Piece> Pieces,
                  clang::SourceLocation Loc,
                  llvm::SmallVectorImpl<clang::Token> &Out);

/// The pieces as source text: the user's tokens as they were written.
std::string renderText(clang::Preprocessor &PP, llvm::ArrayRef<Piece> Pieces);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_REWRITE_H
