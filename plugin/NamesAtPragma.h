//===- NamesAtPragma.h - What a name refers to where a pragma stands ------===//
//
// The checks of the names at a site (HiddenVariables, MissingKey) ask what a
// name refers to at the pragma. In a compile with the plugin, Sema answers:
// the name is looked up in the parser's scope at the pragma. autotune-rewrite
// runs no parser; the parameters and locals that EnclosingFunction has seen
// answer there.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_NAMESATPRAGMA_H
#define AUTOTUNE_PLUGIN_NAMESATPRAGMA_H

#include "EnclosingFunction.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace clang {
class NamedDecl;
class Preprocessor;
class Scope;
class Sema;
} // namespace clang

namespace autotune {

class NamesAtPragma {
public:
  /// The names visible at the pragma whose 'autotune' token is at PragmaLoc.
  NamesAtPragma(clang::Preprocessor &PP, clang::SourceLocation PragmaLoc);

  /// True when Sema answers (declaration()); false when the token-level view
  /// does (local()).
  bool hasSema() const { return S != nullptr; }

  /// The one declaration that Name, written at Loc, finds at the pragma;
  /// null for none or an overload set.
  const clang::NamedDecl *declaration(llvm::StringRef Name,
                                      clang::SourceLocation Loc) const;

  /// The parameter or local of the enclosing function named Name, as
  /// autotune-rewrite sees it; null for none.
  const DeclaredName *local(llvm::StringRef Name) const;

private:
  clang::Preprocessor &PP;
  clang::Sema *S = nullptr;
  clang::Scope *At = nullptr;
  std::optional<EnclosingFunction> Function;
};

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_NAMESATPRAGMA_H
