//===- StatementForm.h - The form of the statement a pragma tunes ---------===//
//
// Classifies the statement after '#pragma autotune' by its form, which decides
// how it is timed: a CUDA launch, a statement with a stream(...) clause, or a
// host statement. Also finds the launch's stream and the callee's name.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_STATEMENTFORM_H
#define AUTOTUNE_PLUGIN_STATEMENTFORM_H

#include "SiteSpec.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

enum class StatementForm { Launch, Stream, Host };

struct Statement {
  StatementForm Form = StatementForm::Host;
  /// The launch's grid, block and shared memory sizes: its configuration
  /// without the stream.
  llvm::ArrayRef<clang::Token> LaunchConfig;
  /// The launch's fourth configuration argument, if written.
  llvm::ArrayRef<clang::Token> LaunchStream;
  /// The kernel or function called, for the default site name.
  std::string Callee;
};

/// Analyses Tokens, the statement including its final ';'. Reports a
/// statement that is not a single expression statement, one with another
/// pragma in it and a launch with other than 2 to 4 configuration arguments;
/// warns about side effects in its arguments and about memory allocated in
/// the caller's frame ('alloca').
std::optional<Statement> analyzeStatement(clang::Preprocessor &PP,
                                          const SiteSpec &Spec,
                                          llvm::ArrayRef<clang::Token> Tokens);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_STATEMENTFORM_H
