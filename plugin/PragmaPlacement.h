//===- PragmaPlacement.h - Where '#pragma autotune' may stand -------------===//
//
// A pragma belongs inside the body of a host function, right above the
// statement it tunes. This says where a pragma stands otherwise: outside any
// function body, in a function that runs on the device, or above a function's
// definition (a habit from tools that annotate kernels).
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_PRAGMAPLACEMENT_H
#define AUTOTUNE_PLUGIN_PRAGMAPLACEMENT_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class FunctionDecl;
class Preprocessor;
class Sema;
} // namespace clang

namespace autotune {

enum class Placement {
  InHostFunction,
  /// Outside a function body or in device code: the statement is dropped.
  Misplaced,
  /// Above a function's definition: the definition is left as it is.
  AboveDefinition,
  /// In the middle of an expression ('int y = n +' before it): the statement
  /// is dropped for a '0', which completes most such expressions.
  InsideExpression,
};

/// Reports a pragma (its 'autotune' token at PragmaLoc, its line ending at
/// EndOfLine) that is not inside a host function body.
Placement checkPlacement(clang::Preprocessor &PP,
                         clang::SourceLocation PragmaLoc,
                         clang::SourceLocation EndOfLine);

/// The function whose body holds the pragma (a lambda's call operator in a
/// lambda), or null outside any. A member function defined in its class is
/// read while the class is the current context, as the class's last member;
/// a pragma right after a function's '}' is not in it.
const clang::FunctionDecl *functionOfPragma(const clang::Sema &S);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_PRAGMAPLACEMENT_H
