//===- LaunchPlan.h - What autotune-annotate would do to one launch -------===//
//
// Reads one kernel launch and decides: nothing hand-picked (silently
// skipped), hand-picked values it cannot tune safely (left alone, with the
// reason), or a plan: the parameters with their values and default, the
// key, the text each written expression becomes, the declarations that the
// annotated launch no longer needs, and the buffers to confirm for restore.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_ANNOTATE_LAUNCHPLAN_H
#define AUTOTUNE_ANNOTATE_LAUNCHPLAN_H

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceLocation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace autotune {

struct TunedParameter {
  std::string Name;          // 'BLOCK_SIZE'
  int64_t Value;             // the hand-picked value: the default
  std::string Values;        // 'pow2(32, 1024)'
  std::string What;          // 'the block size 512 (from 'block_size')'
  std::string Why;           // why it may change: 'k' reads 'blockDim.x'
  clang::SourceLocation Loc; // where the value is written
};

/// A note that goes with the finding.
struct PlanNote {
  clang::SourceLocation Loc;
  std::string Text;
};

/// One written expression of the launch and what it becomes.
struct ExpressionEdit {
  clang::CharSourceRange Range;
  std::string Text;
};

struct LaunchPlan {
  enum { NothingHandPicked, LeftAlone, Annotate } Outcome = NothingHandPicked;
  std::string Kernel;  // the kernel's name, for messages
  std::string Summary; // 'a hand-picked block size 512 ('block_size')'
  std::string Reason;  // LeftAlone: why
  clang::SourceLocation ReasonLoc;
  std::vector<TunedParameter> Params;
  std::vector<std::string> Where;
  std::vector<std::string> Keys;
  std::vector<ExpressionEdit> Edits;
  /// Declarations only the launch used, removed with it.
  std::vector<const clang::DeclStmt *> Removed;
  /// 'restore(y[<count>])' proposals and other notes.
  std::vector<PlanNote> Notes;
};

/// The plan for Launch, a statement of Function's body.
LaunchPlan planLaunch(const clang::CUDAKernelCallExpr *Launch,
                      const clang::FunctionDecl *Function,
                      clang::ASTContext &Ctx);

} // namespace autotune

#endif // AUTOTUNE_ANNOTATE_LAUNCHPLAN_H
