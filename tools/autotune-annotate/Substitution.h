//===- Substitution.h - A launch's text with the tuned values replaced ----===//
//
// The annotated launch is the user's text with a few names replaced: a tuned
// variable by its parameter ('block_size' -> 'BLOCK_SIZE'), a component of a
// tuned 'dim3' by its own ('block.x' -> 'BLOCK_X'), a local computed from a
// tuned value by its initialiser ('grid' -> '(ceil_div(n, BLOCK_SIZE))'), and
// in the grid, literals that spell the block size ('(n + 255) / 256'). Every
// replaced name must be written in the file (or as a macro's argument): one
// inside a macro's body cannot be replaced, and says so.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_ANNOTATE_SUBSTITUTION_H
#define AUTOTUNE_ANNOTATE_SUBSTITUTION_H

#include "clang/AST/Expr.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace autotune {

/// Where Range is written in a file (a macro's argument included), as a
/// character range; invalid inside a macro's body.
clang::CharSourceRange fileRange(clang::SourceRange Range,
                                 const clang::SourceManager &SM,
                                 const clang::LangOptions &LO);

class Substitution {
public:
  Substitution(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Every use of V reads Text instead.
  void replaceVariable(const clang::VarDecl *V, std::string Text) {
    Variables[V] = std::move(Text);
  }
  /// 'V.x' (Component 0), 'V.y', 'V.z' read Text.
  void replaceComponent(const clang::VarDecl *V, unsigned Component,
                        std::string Text) {
    Components[{V, Component}] = std::move(Text);
  }
  /// This node (an expression the user wrote) reads Text.
  void replaceNode(const clang::Expr *E, std::string Text) {
    Nodes[E] = std::move(Text);
  }
  /// In expressions read with literals on, a literal of value V reads Text.
  void replaceLiteral(int64_t V, std::string Text) {
    Literals[V] = std::move(Text);
  }

  /// E as written, with the replacements inside it; nothing when one is in
  /// a macro's body or E is not in a file, with the reason in Why.
  std::optional<std::string> text(const clang::Expr *E, bool WithLiterals,
                                  std::string &Why) const;
  /// Whether some replacement applies inside E.
  bool touches(const clang::Expr *E, bool WithLiterals) const;
  /// The replacement of E itself, if any.
  const std::string *replacementOf(const clang::Expr *E,
                                   bool WithLiterals) const;

private:
  struct Edit {
    clang::CharSourceRange Range;
    std::string Text;
  };
  bool collect(const clang::Stmt *S, bool WithLiterals,
               std::vector<Edit> &Edits, std::string &Why) const;

  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::VarDecl *, std::string> Variables;
  std::map<std::pair<const clang::VarDecl *, unsigned>, std::string> Components;
  llvm::DenseMap<const clang::Expr *, std::string> Nodes;
  std::map<int64_t, std::string> Literals;
};

} // namespace autotune

#endif // AUTOTUNE_ANNOTATE_SUBSTITUTION_H
