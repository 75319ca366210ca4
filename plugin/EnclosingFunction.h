//===- EnclosingFunction.h - The function a pragma is in, from tokens -----===//
//
// Follows the preprocessed tokens of a translation unit to say, at a pragma,
// which function body it is in and which parameters and locals are visible.
// autotune-rewrite runs no parser, so this token-level view stands in for
// Sema there: it follows ordinary code and may miss unusual declarations.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_ENCLOSINGFUNCTION_H
#define AUTOTUNE_PLUGIN_ENCLOSINGFUNCTION_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace autotune {

/// A parameter or local variable of a function, as written.
struct DeclaredName {
  std::string Name;
  clang::SourceLocation Loc;
  bool Constexpr = false; // a compile-time constant, not a run-time value
  bool TemplateParameter = false; // of a template around the function
};

/// The function body a point of the token stream is in.
struct EnclosingFunction {
  std::string Name;
  /// "__global__", "__device__" or (written out) "__host__ __device__" for
  /// a function that runs on the device; empty for host code.
  llvm::StringRef DeviceKind;
  /// "constexpr" or "consteval" for a function declared so (the innermost
  /// such function around the point); empty otherwise.
  llvm::StringRef ConstantKind;
  std::string ConstantName;
  /// Parameters and locals in scope at that point, innermost last.
  llvm::SmallVector<DeclaredName, 16> Visible;

  const DeclaredName *find(llvm::StringRef Name) const;
};

/// A function's name without its qualifiers ('Stepper::run' gives 'run'), as
/// the compiler names it in its messages.
llvm::StringRef unqualified(llvm::StringRef Name);

class EnclosingFunctionTracker {
public:
  /// Takes the next token of the preprocessed stream.
  void observe(const clang::Token &T);
  /// The innermost function body at the point reached, if any.
  std::optional<EnclosingFunction> current() const;

private:
  enum class FrameKind { Namespace, Class, Function, Block, Other };
  struct Frame {
    FrameKind Kind;
    /// The tokens before the '{', taken up again after the '}' when the
    /// braces were part of a declaration or an expression.
    llvm::SmallVector<clang::Token, 16> SavedHead;
    int SavedDepth = 0;
    bool RestoreHead = false;
    std::string Name;
    llvm::StringRef DeviceKind;
    llvm::StringRef ConstantKind;
    llvm::SmallVector<DeclaredName, 8> Names;
  };

  bool inFunction() const;
  void openBrace();
  void closeBrace();
  void endStatement();

  std::vector<Frame> Frames;
  /// The declaration or statement being read, since the last ';', '{', '}'.
  llvm::SmallVector<clang::Token, 64> Head;
  int Depth = 0; // of '(' and '[' in Head
  clang::Token Previous;
  bool HasPrevious = false;
};

/// The names a declaration statement declares ('int a = 1, *b;' gives 'a'
/// and 'b'); nothing when Tokens do not read as a declaration.
void declaredNames(llvm::ArrayRef<clang::Token> Tokens,
                   llvm::SmallVectorImpl<DeclaredName> &Out);

/// Reads Head, the tokens before a '{', as a function definition's head: its
/// name, where it runs and its parameters. False when Head is no function's.
bool readFunctionHead(llvm::ArrayRef<clang::Token> Head, std::string &Name,
                      llvm::StringRef &DeviceKind,
                      llvm::SmallVectorImpl<DeclaredName> &Params);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_ENCLOSINGFUNCTION_H
