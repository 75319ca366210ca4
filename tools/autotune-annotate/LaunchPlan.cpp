//===- LaunchPlan.cpp - What autotune-annotate would do to one launch -----===//
//
// planLaunch reads a launch in these steps, each a function of Planner:
//   1. readConfiguration: the grid, block and template arguments as written;
//   2. findHandPicked: the constants among them (none: nothing to say);
//   3. checkStatement, checkKernel: a launch it can rewrite, of a kernel
//      whose body it can read;
//   4. tuneBlock, tuneGrid, tieTemplateArguments: the parameters, and what
//      each written name becomes;
//   5. deriveLocals: the locals computed from a tuned value, moved inside;
//   6. checkSafety: the kernel follows the new block size, and the grid too;
//   7. writeEdits, findKeys, findWorkKeys, findRemovals, proposeRestores:
//      the plan;
//   8. checkKeptUses: nothing outside the launch reads a tuned value.
//
//===----------------------------------------------------------------------===//

#include "LaunchPlan.h"
#include "HandPicked.h"
#include "KernelBody.h"
#include "Substitution.h"
#include "TuningSpace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace autotune {

namespace {

const char *const ComponentName[3] = {"x", "y", "z"};
const char *const ComponentSuffix[3] = {"_X", "_Y", "_Z"};

/// A grid or block as written: its components, and the 'dim3' variable or
/// construction they come from.
struct Dims {
  const Expr *Written = nullptr;
  const Expr *Component[3] = {nullptr, nullptr, nullptr};
  const VarDecl *Dim3Var = nullptr;
  bool IsDim3 = false; // written as a dim3 (a variable or 'dim3(...)')
};

/// A hand-picked component that becomes a parameter.
struct Candidate {
  unsigned Component;
  HandPicked Value;
  const Expr *Written;
};

const Expr *skipImplicit(const Expr *E) {
  while (true) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
      if (Cast->getSubExpr()->getType()->isRecordType())
        return E;
    // An integer converted to dim3 as written is the integer.
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
        Construct && !isa<CXXTemporaryObjectExpr>(Construct) &&
        Construct->getParenOrBraceRange().isInvalid() &&
        Construct->getNumArgs() >= 1 &&
        !Construct->getConstructor()->isCopyOrMoveConstructor()) {
      E = Construct->getArg(0);
      continue;
    }
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
        Construct && Construct->getNumArgs() == 1 &&
        Construct->getConstructor()->isCopyOrMoveConstructor()) {
      E = Construct->getArg(0);
      continue;
    }
    return E;
  }
}

const CXXConstructExpr *dim3Construction(const Expr *E) {
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit();
  const auto *Construct = dyn_cast<CXXConstructExpr>(E);
  if (!Construct || Construct->getConstructor()->isCopyOrMoveConstructor())
    return nullptr;
  return Construct;
}

bool isDim3(QualType T) {
  const CXXRecordDecl *Record = T->getAsCXXRecordDecl();
  return Record && Record->getIdentifier() && Record->getName() == "dim3";
}

std::string upper(StringRef Name) { return Name.upper(); }

class Planner {
public:
  Planner(const CUDAKernelCallExpr *Launch, const FunctionDecl *Function,
          ASTContext &Ctx)
      : Launch(Launch), Function(Function), Body(Function->getBody()), Ctx(Ctx),
        SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), Subst(Ctx) {}

  LaunchPlan run();

private:
  bool readConfiguration();
  Dims readDims(const Expr *E);
  bool findHandPicked();
  bool checkStatement();
  bool checkKernel();
  bool tuneBlock();
  void tuneGrid();
  void tieTemplateArguments();
  bool deriveLocals();
  bool deriveFrom(const Expr *E);
  const VarDecl *changedInput(const Expr *E);
  bool checkSafety();
  bool writeEdits();
  bool findKeys(const Expr *E);
  bool findDim3Keys(const Expr *Dim3);
  bool addKey(const Expr *Value, std::string Key);
  bool findWorkKeys();
  void findRemovals();
  bool checkKeptUses();
  bool insideRemoved(SourceLocation Loc) const;
  void proposeRestores();

  bool leaveAlone(SourceLocation Loc, std::string Reason) {
    Plan.Outcome = LaunchPlan::LeftAlone;
    Plan.ReasonLoc = Loc;
    Plan.Reason = std::move(Reason);
    return false;
  }
  std::string source(const Expr *E) const {
    return Lexer::getSourceText(fileRange(E->getSourceRange(), SM, LO), SM, LO)
        .str();
  }
  std::string parameterName(std::string Base);
  std::string describe(const Candidate &C, StringRef Role) const;

  const CUDAKernelCallExpr *Launch;
  const FunctionDecl *Function;
  const Stmt *Body;
  ASTContext &Ctx;
  const SourceManager &SM;
  const LangOptions &LO;
  Substitution Subst;
  LaunchPlan Plan;

  const FunctionDecl *Kernel = nullptr;
  KernelBody Kern;
  const Expr *Callee = nullptr;
  Dims Grid, Block;
  const Expr *SharedMemory = nullptr;
  SmallVector<Candidate, 3> BlockPicks, GridPicks;
  SmallVector<const Expr *, 2> TemplateArgs;
  SmallVector<std::pair<const Expr *, HandPicked>, 2> TemplatePicks;
  /// The tuned block components: parameter name per component.
  std::string BlockParam[3];
  llvm::SmallPtrSet<const VarDecl *, 4> TunedVars;
  llvm::SmallVector<const VarDecl *, 4> DerivedVars;
  llvm::SmallPtrSet<const VarDecl *, 8> Visited;
  /// The declarations findRemovals removes.
  llvm::SmallPtrSet<const VarDecl *, 8> Removed;
};

Dims Planner::readDims(const Expr *E) {
  Dims D;
  D.Written = E;
  const Expr *Bare = skipImplicit(E);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (V && V->getType()->isRecordType()) {
      D.IsDim3 = true;
      if (V->isLocalVarDecl() && V->getInit())
        if (const CXXConstructExpr *C =
                dim3Construction(V->getInit()->IgnoreImplicit())) {
          D.Dim3Var = V;
          for (unsigned I = 0; I < 3 && I < C->getNumArgs(); ++I)
            if (!isa<CXXDefaultArgExpr>(C->getArg(I)))
              D.Component[I] = C->getArg(I);
        }
      return D;
    }
  }
  if (const CXXConstructExpr *C = dim3Construction(Bare)) {
    D.IsDim3 = true;
    for (unsigned I = 0; I < 3 && I < C->getNumArgs(); ++I)
      if (!isa<CXXDefaultArgExpr>(C->getArg(I)))
        D.Component[I] = C->getArg(I);
    return D;
  }
  D.Component[0] = Bare;
  return D;
}

bool Planner::readConfiguration() {
  Callee = Launch->getCallee()->IgnoreImplicit();
  Kernel = Launch->getDirectCallee();
  if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(Callee)) {
    if (Lookup->getNumDecls() == 1)
      if (const auto *T =
              dyn_cast<FunctionTemplateDecl>(*Lookup->decls_begin()))
        Kernel = T->getTemplatedDecl();
    for (const TemplateArgumentLoc &Arg : Lookup->template_arguments())
      if (Arg.getArgument().getKind() == TemplateArgument::Expression)
        TemplateArgs.push_back(Arg.getSourceExpression());
  } else if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee)) {
    for (const TemplateArgumentLoc &Arg : Ref->template_arguments())
      if (Arg.getArgument().getKind() == TemplateArgument::Expression)
        TemplateArgs.push_back(Arg.getSourceExpression());
  }
  Plan.Kernel = Kernel ? Kernel->getNameAsString() : source(Callee);
  const CallExpr *Config = Launch->getConfig();
  if (!Config || Config->getNumArgs() < 2)
    return false;
  Grid = readDims(Config->getArg(0));
  Block = readDims(Config->getArg(1));
  if (Config->getNumArgs() > 2 && !isa<CXXDefaultArgExpr>(Config->getArg(2)))
    SharedMemory = Config->getArg(2);
  return true;
}

bool Planner::findHandPicked() {
  for (unsigned I = 0; I < 3; ++I) {
    if (const Expr *C = Block.Component[I])
      if (std::optional<HandPicked> V = handPicked(C, Ctx, Body);
          V && V->Value > 1)
        BlockPicks.push_back({I, *V, C->IgnoreParenImpCasts()});
    if (const Expr *C = Grid.Component[I])
      if (std::optional<HandPicked> V = handPicked(C, Ctx, Body);
          V && V->Value > 1)
        GridPicks.push_back({I, *V, C->IgnoreParenImpCasts()});
  }
  for (const Expr *Arg : TemplateArgs)
    if (std::optional<HandPicked> V = handPicked(Arg, Ctx, Body))
      TemplatePicks.push_back({Arg, *V});
  std::vector<std::string> Parts;
  for (const Candidate &C : BlockPicks)
    Parts.push_back(describe(C, Block.IsDim3 ? "block" : "block size"));
  for (const Candidate &C : GridPicks)
    Parts.push_back(describe(C, Grid.IsDim3 ? "grid" : "grid size"));
  for (auto &[Arg, V] : TemplatePicks)
    Parts.push_back("template argument " + std::to_string(V.Value) +
                    (V.Var ? " ('" + V.Var->getNameAsString() + "')" : ""));
  if (Parts.empty())
    return false;
  Plan.Summary = "hand-picked " + llvm::join(Parts, ", ");
  return true;
}

std::string Planner::describe(const Candidate &C, StringRef Role) const {
  std::string Text = Role.str();
  if (Role == "block" || Role == "grid")
    Text += "." + std::string(ComponentName[C.Component]);
  Text += " " + std::to_string(C.Value.Value);
  if (C.Value.Var)
    Text += " ('" + C.Value.Var->getNameAsString() + "')";
  return Text;
}

bool Planner::checkStatement() {
  if (Launch->getBeginLoc().isMacroID() || Launch->getEndLoc().isMacroID()) {
    StringRef Macro =
        Lexer::getImmediateMacroName(Launch->getBeginLoc(), SM, LO);
    return leaveAlone(Launch->getBeginLoc(),
                      "the launch is written by macro '" + Macro.str() +
                          "': a pragma cannot be put inside it");
  }
  const Stmt *Node = Launch;
  DynTypedNodeList Parents = Ctx.getParents(*Node);
  while (!Parents.empty() && Parents[0].get<ExprWithCleanups>()) {
    Node = Parents[0].get<ExprWithCleanups>();
    Parents = Ctx.getParents(*Node);
  }
  const Stmt *Parent = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
  bool Statement = Parent && !isa<Expr>(Parent);
  if (const auto *If = dyn_cast_or_null<IfStmt>(Parent))
    Statement = If->getThen() == Node || If->getElse() == Node;
  if (!Statement)
    return leaveAlone(Launch->getBeginLoc(),
                      "the launch is part of a larger expression; the pragma "
                      "applies to a launch that is a statement of its own");
  return true;
}

bool Planner::checkKernel() {
  if (!Kernel)
    return leaveAlone(Callee->getBeginLoc(),
                      "the kernel '" + Plan.Kernel +
                          "' is not known here (an overload set or a "
                          "dependent name)");
  Kern = readKernelBody(Kernel);
  if (!Kern.Definition)
    return leaveAlone(Callee->getBeginLoc(),
                      "the body of '" + Plan.Kernel +
                          "' is not in this file: whether it works with "
                          "other sizes cannot be checked");
  return true;
}

std::string Planner::parameterName(std::string Base) {
  std::string Name = upper(Base);
  auto Taken = [&](const std::string &N) {
    if (Ctx.Idents.find(N) != Ctx.Idents.end())
      return true;
    return llvm::any_of(Plan.Params,
                        [&](const TunedParameter &P) { return P.Name == N; });
  };
  // A name the file already uses would hide it in the statement (and a
  // macro of that name would replace the parameter).
  if (Taken(Name))
    Name += "_TUNED";
  while (Taken(Name))
    Name += "_";
  return Name;
}

bool Planner::tuneBlock() {
  unsigned Tuned = BlockPicks.size();
  for (const Candidate &C : BlockPicks) {
    if (C.Value.Value > MaxBlockDim[C.Component])
      return leaveAlone(C.Written->getBeginLoc(),
                        "the block's " +
                            std::string(ComponentName[C.Component]) + " size " +
                            std::to_string(C.Value.Value) +
                            " is over the limit of every CUDA GPU");
    std::string Base = C.Value.Var     ? C.Value.Var->getName().str()
                       : Block.Dim3Var ? Block.Dim3Var->getName().str()
                                       : "block";
    if (Block.IsDim3)
      Base += ComponentSuffix[C.Component];
    TunedRole Role = Tuned == 1 && C.Component == 0 && !Block.Component[1]
                         ? TunedRole::Block1D
                         : TunedRole::BlockComponent;
    TunedParameter P;
    P.Name = parameterName(Base);
    P.Value = C.Value.Value;
    P.Values = valuesText(proposedValues(Role, P.Value, C.Component));
    P.What = describe(C, Block.IsDim3 ? "block" : "block size");
    P.Loc = C.Value.Var ? C.Value.Var->getLocation() : C.Written->getBeginLoc();
    BlockParam[C.Component] = P.Name;
    Plan.Params.push_back(P);
    if (C.Value.Var && !Block.Dim3Var) {
      Subst.replaceVariable(C.Value.Var, P.Name);
      TunedVars.insert(C.Value.Var);
    } else {
      Subst.replaceNode(C.Written, P.Name);
      if (!C.Value.Var && Tuned == 1) {
        // '(n + 255) / 256' spells the block size twice.
        Subst.replaceLiteral(P.Value, P.Name);
        Subst.replaceLiteral(P.Value - 1, "(" + P.Name + " - 1)");
      }
    }
  }
  if (Block.Dim3Var && Tuned) {
    std::vector<std::string> Args;
    for (unsigned I = 0; I < 3; ++I) {
      if (!BlockParam[I].empty())
        Subst.replaceComponent(Block.Dim3Var, I, BlockParam[I]);
      else if (Block.Component[I])
        Args.push_back(source(Block.Component[I]));
      if (!BlockParam[I].empty())
        Args.push_back(BlockParam[I]);
      else if (!Block.Component[I] && I < 2 && !BlockParam[I + 1].empty())
        Args.push_back("1");
    }
    Subst.replaceVariable(Block.Dim3Var,
                          "dim3(" + llvm::join(Args, ", ") + ")");
    TunedVars.insert(Block.Dim3Var);
  }
  if (Tuned > 1 || (Tuned == 1 && Block.Component[1])) {
    // The plugin evaluates 'where' over the parameters and numbers only: a
    // component known at run time only is left out (a variant over the
    // limit then fails to launch, and tuning skips it).
    std::vector<std::string> Factors;
    for (unsigned I = 0; I < 3; ++I) {
      Expr::EvalResult Value;
      if (!BlockParam[I].empty())
        Factors.push_back(BlockParam[I]);
      else if (const Expr *C = Block.Component[I];
               C && !C->isValueDependent() && C->EvaluateAsInt(Value, Ctx))
        Factors.push_back(toString(Value.Val.getInt(), 10));
    }
    if (Factors.size() > 1)
      Plan.Where.push_back(llvm::join(Factors, " * ") +
                           " <= " + std::to_string(MaxThreadsPerBlock));
  }
  return true;
}

void Planner::tuneGrid() {
  for (const Candidate &C : GridPicks) {
    std::string Component =
        Grid.IsDim3 ? "gridDim." + std::string(ComponentName[C.Component])
                    : "gridDim.x";
    if (!Kern.reads(Component)) {
      Plan.Notes.push_back(
          {C.Written->getBeginLoc(),
           "the " + describe(C, Grid.IsDim3 ? "grid" : "grid size") +
               " is not tuned: '" + Plan.Kernel + "' does not read '" +
               Component + "', so each block's work depends on it"});
      continue;
    }
    // A number has no name whose other uses can be checked: where blocks
    // keep results of their own, a buffer sized by the same number
    // elsewhere would overflow under a larger grid.
    const char *Axis = ComponentName[Grid.IsDim3 ? C.Component : 0];
    if (!C.Value.Var && Kern.BlockIdxAlone.contains(Axis)) {
      Plan.Notes.push_back(
          {C.Written->getBeginLoc(),
           "the " + describe(C, Grid.IsDim3 ? "grid" : "grid size") +
               " is not tuned: it is a number, and '" + Plan.Kernel +
               "' reads 'blockIdx." + Axis +
               "' on its own, so memory may be sized by the grid; name it "
               "with a constant used for every such size to have it tuned"});
      continue;
    }
    std::string Base = C.Value.Var    ? C.Value.Var->getName().str()
                       : Grid.Dim3Var ? Grid.Dim3Var->getName().str()
                                      : "grid";
    if (Grid.IsDim3)
      Base += ComponentSuffix[C.Component];
    TunedParameter P;
    P.Name = parameterName(Base);
    P.Value = C.Value.Value;
    P.Values = valuesText(proposedValues(TunedRole::Grid, P.Value, 0));
    P.What = describe(C, Grid.IsDim3 ? "grid" : "grid size");
    P.Why = "'" + Plan.Kernel + "' reads '" + Component + "'";
    P.Loc = C.Value.Var ? C.Value.Var->getLocation() : C.Written->getBeginLoc();
    Plan.Params.push_back(P);
    if (C.Value.Var && !Grid.Dim3Var) {
      Subst.replaceVariable(C.Value.Var, P.Name);
      TunedVars.insert(C.Value.Var);
    } else {
      Subst.replaceNode(C.Written, P.Name);
    }
  }
}

void Planner::tieTemplateArguments() {
  for (auto &[Arg, V] : TemplatePicks) {
    if (V.Var && TunedVars.contains(V.Var))
      continue;
    // 'k<256><<<g, 256>>>': the literal is the block size.
    const TunedParameter *Tie = nullptr;
    for (const Candidate &C : BlockPicks)
      if (!V.Var && !C.Value.Var && C.Value.Value == V.Value)
        Tie = &*llvm::find_if(Plan.Params, [&](const TunedParameter &P) {
          return P.Name == BlockParam[C.Component];
        });
    if (Tie) {
      Subst.replaceNode(Arg->IgnoreParenImpCasts(), Tie->Name);
      Plan.Notes.push_back(
          {Arg->getBeginLoc(), "template argument " + std::to_string(V.Value) +
                                   " is taken for the block size '" +
                                   Tie->Name + "' it equals"});
      continue;
    }
    Plan.Notes.push_back(
        {Arg->getBeginLoc(),
         "template argument " + std::to_string(V.Value) +
             " is not tuned: it is not the launch's block or grid size, and "
             "may be a problem size; add it to the space by hand if it is a "
             "tuning choice"});
  }
}

/// Registers the locals E reads that are computed from a tuned value, the
/// innermost first; false (the launch left alone) for one that cannot move.
bool Planner::deriveFrom(const Expr *E) {
  if (!E)
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts())) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (!V || !V->isLocalVarDecl() || TunedVars.contains(V) || !V->getInit() ||
        !Visited.insert(V).second)
      return true;
    const Expr *Init = V->getInit();
    if (!deriveFrom(Init))
      return false;
    if (!Subst.touches(Init, true))
      return true;
    const auto *Decl = dyn_cast_or_null<DeclStmt>(
        Ctx.getParents(*V).empty() ? nullptr
                                   : Ctx.getParents(*V)[0].get<DeclStmt>());
    if (!isOnlyRead(V, Body, Ctx) || !Decl || !Decl->isSingleDecl())
      return leaveAlone(V->getLocation(),
                        "'" + V->getNameAsString() +
                            "' is computed from a tuned value but is changed "
                            "or declared with others: it cannot move into "
                            "the launch");
    if (const VarDecl *Changed = changedInput(Init))
      return leaveAlone(V->getLocation(),
                        "'" + V->getNameAsString() + "' reads '" +
                            Changed->getNameAsString() +
                            "', which the function changes: moved into the "
                            "launch, it could read another value");
    std::string Why;
    std::optional<std::string> Text;
    const auto *Construct = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit());
    if (Construct && Construct->getParenOrBraceRange().isValid() &&
        !isa<CXXTemporaryObjectExpr>(Construct)) {
      // 'dim3 grid(a, b)': the type and the parenthesised arguments.
      std::vector<std::string> Args;
      for (const Expr *Arg : Construct->arguments()) {
        if (isa<CXXDefaultArgExpr>(Arg))
          continue;
        std::optional<std::string> A = Subst.text(Arg, true, Why);
        if (!A)
          return leaveAlone(V->getLocation(), Why);
        Args.push_back(*A);
      }
      Text = V->getType().getUnqualifiedType().getAsString(
                 Ctx.getPrintingPolicy()) +
             "(" + llvm::join(Args, ", ") + ")";
    } else if ((Text = Subst.text(Init, true, Why))) {
      // A call or a parenthesised expression needs no parentheses of its own.
      if (!isa<ParenExpr, CallExpr, DeclRefExpr, IntegerLiteral,
               CXXConstructExpr>(Init->IgnoreImplicit()))
        Text = "(" + *Text + ")";
    } else {
      return leaveAlone(V->getLocation(), Why);
    }
    Subst.replaceVariable(V, *Text);
    DerivedVars.push_back(V);
    return true;
  }
  for (const Stmt *Child : E->children())
    if (const auto *C = dyn_cast_or_null<Expr>(Child))
      if (!deriveFrom(C))
        return false;
  return true;
}

bool Planner::deriveLocals() {
  for (const Expr *Arg : Launch->arguments())
    if (!deriveFrom(Arg))
      return false;
  return deriveFrom(Grid.Written) && deriveFrom(SharedMemory);
}

/// A local or parameter E reads that the function also changes.
const VarDecl *Planner::changedInput(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && V->isLocalVarDeclOrParm() && !isOnlyRead(V, Body, Ctx))
      return V;
  for (const Stmt *Child : E->children())
    if (const auto *C = dyn_cast_or_null<Expr>(Child))
      if (const VarDecl *V = changedInput(C))
        return V;
  return nullptr;
}

bool Planner::checkSafety() {
  // The tuned value reaches the kernel as an argument of the launch.
  bool Passed =
      llvm::any_of(TemplateArgs,
                   [&](const Expr *A) { return Subst.touches(A, false); }) ||
      llvm::any_of(Launch->arguments(),
                   [&](const Expr *A) { return Subst.touches(A, false); });
  for (const Candidate &C : BlockPicks) {
    std::string Dim = "blockDim." + std::string(ComponentName[C.Component]);
    auto Param = llvm::find_if(Plan.Params, [&](const TunedParameter &P) {
      return P.Name == BlockParam[C.Component];
    });
    if (C.Value.Var && Kern.OuterVariables.contains(C.Value.Var))
      return leaveAlone(C.Value.Var->getLocation(),
                        "'" + Plan.Kernel + "' uses '" +
                            C.Value.Var->getNameAsString() +
                            "' too: it cannot change for this launch alone; "
                            "make it a template parameter of the kernel first");
    if (!Kern.reads(Dim) && !Passed)
      return leaveAlone(C.Written->getBeginLoc(),
                        "'" + Plan.Kernel + "' reads neither '" + Dim +
                            "' nor an argument that carries the block size: "
                            "it may rely on " +
                            std::to_string(C.Value.Value) + " threads");
    for (const SharedArray &A : Kern.SharedArrays)
      if (A.Elements == static_cast<uint64_t>(C.Value.Value) &&
          Block.Component[0] && !Block.Component[1])
        return leaveAlone(A.Var->getLocation(),
                          "'" + Plan.Kernel + "' sizes its shared array '" +
                              A.Var->getNameAsString() + "' for " +
                              std::to_string(A.Elements) +
                              " elements, the block size: make the size a "
                              "template parameter first");
    Param->Why = Kern.reads(Dim)
                     ? "'" + Plan.Kernel + "' reads '" + Dim + "'"
                     : "the launch passes it to '" + Plan.Kernel + "'";
  }
  bool GridFollows = Subst.touches(Grid.Written, true) ||
                     llvm::any_of(DerivedVars, [&](const VarDecl *V) {
                       return !usesOf(V, Grid.Written, Ctx).empty();
                     });
  if (!BlockPicks.empty() && !GridFollows && Kern.CoversBlockTimesDim &&
      !Kern.reads("gridDim"))
    return leaveAlone(Grid.Written->getBeginLoc(),
                      "the grid '" + source(Grid.Written) +
                          "' does not follow the block size, but '" +
                          Plan.Kernel +
                          "' covers 'blockIdx * blockDim' elements: compute "
                          "the grid from the block size in this function "
                          "first");
  return true;
}

bool Planner::writeEdits() {
  SmallVector<std::pair<const Expr *, bool>, 8> Written;
  for (const Expr *Arg : TemplateArgs)
    Written.push_back({Arg, false});
  Written.push_back({Grid.Written, true});
  Written.push_back({Block.Written, true});
  if (SharedMemory)
    Written.push_back({SharedMemory, true});
  for (const Expr *Arg : Launch->arguments())
    if (!isa<CXXDefaultArgExpr>(Arg))
      Written.push_back({Arg, false});
  for (auto [E, WithLiterals] : Written) {
    if (!Subst.touches(E, WithLiterals))
      continue;
    std::string Why;
    std::optional<std::string> Text = Subst.text(E, WithLiterals, Why);
    if (!Text)
      return leaveAlone(E->getBeginLoc(), Why);
    Plan.Edits.push_back({fileRange(E->getSourceRange(), SM, LO), *Text});
  }
  return true;
}

/// The run-time values E depends on: its variables, members and calls of
/// integral type, through the arithmetic, the moved locals and the
/// components of a 'dim3'; false (the launch left alone) for a value that
/// cannot be a key.
bool Planner::findKeys(const Expr *E) {
  if (!E || isa<CXXDefaultArgExpr>(E))
    return true;
  E = skipImplicit(E);
  if (Subst.replacementOf(E, true)) {
    // A moved local: what its initialiser reads; a tuned 'dim3': what its
    // other components read.
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (V && llvm::is_contained(DerivedVars, V))
      return findKeys(V->getInit());
    if (V && V == Block.Dim3Var)
      for (unsigned I = 0; I < 3; ++I)
        if (BlockParam[I].empty() && !findKeys(Block.Component[I]))
          return false;
    return true;
  }
  const Expr *Bare = E->IgnoreParenImpCasts();
  Expr::EvalResult Constant;
  if (!Bare->isValueDependent() && Bare->EvaluateAsInt(Constant, Ctx))
    return true;
  bool Atom = isa<DeclRefExpr, MemberExpr>(Bare) ||
              (isa<CallExpr>(Bare) && !Subst.touches(Bare, true));
  if (!Atom) {
    for (const Stmt *Child : Bare->children())
      if (const auto *C = dyn_cast_or_null<Expr>(Child); C && !findKeys(C))
        return false;
    return true;
  }
  if (Bare->getType()->isIntegralOrEnumerationType())
    return addKey(Bare, source(Bare));
  if (isDim3(Bare->getType()))
    return findDim3Keys(Bare);
  return leaveAlone(Bare->getBeginLoc(),
                    "the launch depends on '" + source(Bare) +
                        "', which is not an integer: it cannot be part of "
                        "the key; annotate it by hand with a key of the "
                        "integers it holds");
}

/// A 'dim3' value the launch reads as it is: the run-time values of a
/// local's components where they still hold at the launch, else the
/// components themselves.
bool Planner::findDim3Keys(const Expr *Dim3) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Dim3);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const CXXConstructExpr *Construct =
      V && V->isLocalVarDecl() && V->getInit()
          ? dim3Construction(V->getInit()->IgnoreImplicit())
          : nullptr;
  if (Construct && isOnlyRead(V, Body, Ctx) && !changedInput(Construct)) {
    for (const Expr *Arg : Construct->arguments())
      if (!findKeys(Arg))
        return false;
    return true;
  }
  std::string Name = source(Dim3);
  for (const char *Component : ComponentName)
    if (!addKey(Dim3, Name.empty() ? Name : Name + "." + Component))
      return false;
  return true;
}

/// Key, the text of Value, joins the key; an empty one (a value written in
/// a macro's body) cannot be written, and the launch is left alone.
bool Planner::addKey(const Expr *Value, std::string Key) {
  if (Key.empty())
    return leaveAlone(Value->getBeginLoc(),
                      "the launch depends on a value written inside a "
                      "macro's body: it cannot be written as a key");
  if (!llvm::is_contained(Plan.Keys, Key))
    Plan.Keys.push_back(std::move(Key));
  return true;
}

/// The arguments that bound the kernel's loops striding by the block or
/// the grid: its work, whatever the grid and block.
bool Planner::findWorkKeys() {
  if (const Expr *Bound = Kern.UnkeyableStrideBound)
    return leaveAlone(Bound->getBeginLoc(),
                      "'" + Plan.Kernel +
                          "' strides over a range bounded by '" +
                          source(Bound) +
                          "', which is not made of its parameters and "
                          "constants: the launch cannot write the key its "
                          "work needs; annotate it by hand");
  for (unsigned Index : Kern.StrideBoundParams)
    if (Index < Launch->getNumArgs() && !findKeys(Launch->getArg(Index)))
      return false;
  return true;
}

/// Loc is in the launch, or in the initialiser of a declaration removed.
bool Planner::insideRemoved(SourceLocation Loc) const {
  if (SM.isPointWithin(Loc, Launch->getBeginLoc(), Launch->getEndLoc()))
    return true;
  return llvm::any_of(Removed, [&](const VarDecl *R) {
    return SM.isPointWithin(Loc, R->getInit()->getBeginLoc(),
                            R->getInit()->getEndLoc());
  });
}

void Planner::findRemovals() {
  SmallVector<const VarDecl *, 8> Candidates(TunedVars.begin(),
                                             TunedVars.end());
  Candidates.append(DerivedVars.begin(), DerivedVars.end());
  // A hand-picked constant the launch reads through a tuned 'dim3' ('const
  // int block_size = 256; dim3 block(block_size);'): not replaced itself,
  // so it goes only when no code but removed declarations reads it, the
  // launch included.
  llvm::SmallPtrSet<const VarDecl *, 4> ReadThroughDim3;
  auto AddPicked = [&](const VarDecl *V) {
    if (V && !TunedVars.contains(V) && !llvm::is_contained(Candidates, V)) {
      Candidates.push_back(V);
      ReadThroughDim3.insert(V);
    }
  };
  for (const Candidate &C : BlockPicks)
    AddPicked(C.Value.Var);
  for (const Candidate &C : GridPicks)
    AddPicked(C.Value.Var);
  auto InLaunch = [&](SourceLocation Loc) {
    return SM.isPointWithin(Loc, Launch->getBeginLoc(), Launch->getEndLoc());
  };
  auto UsedOnlyByRemoved = [&](const VarDecl *V) {
    return llvm::all_of(usesOf(V, Body, Ctx), [&](const DeclRefExpr *Use) {
      SourceLocation Loc = Use->getBeginLoc();
      return insideRemoved(Loc) &&
             !(ReadThroughDim3.contains(V) && InLaunch(Loc));
    });
  };
  // The launch's own locals first, then those only they read.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const VarDecl *V : Candidates) {
      if (Removed.contains(V) || !V->isLocalVarDecl() || !UsedOnlyByRemoved(V))
        continue;
      DynTypedNodeList Parents = Ctx.getParents(*V);
      const auto *Decl = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
      if (!Decl || !Decl->isSingleDecl() || Decl->getBeginLoc().isMacroID())
        continue;
      Removed.insert(V);
      Plan.Removed.push_back(Decl);
      Changed = true;
    }
  }
}

/// The launch no longer reads the variables it tunes or moves inside; code
/// outside it that still reads one sees the hand-picked value while the
/// launch runs another ('blocks' partial sums copied back, a buffer sized
/// by the block size): the launch is left alone. Another launch's
/// configuration may read a tuned constant: it is tuned, or not, by itself.
bool Planner::checkKeptUses() {
  auto InConfiguration = [&](const DeclRefExpr *Use) {
    for (DynTypedNodeList Parents = Ctx.getParents(*Use); !Parents.empty();
         Parents = Ctx.getParents(Parents[0]))
      if (const auto *Other = Parents[0].get<CUDAKernelCallExpr>())
        return Other->getConfig() &&
               SM.isPointWithin(Use->getBeginLoc(),
                                Other->getConfig()->getBeginLoc(),
                                Other->getConfig()->getEndLoc());
    return false;
  };
  auto Check = [&](const VarDecl *V, bool Derived) {
    if (Removed.contains(V))
      return true;
    for (const DeclRefExpr *Use : usesOf(V, Body, Ctx)) {
      if (insideRemoved(Use->getBeginLoc()) ||
          (!Derived && InConfiguration(Use)))
        continue;
      return leaveAlone(
          Use->getBeginLoc(),
          "'" + V->getNameAsString() + "' is " +
              (Derived ? "computed from the tuned value and " : "tuned and ") +
              "also read outside the launch: here it would keep the "
              "hand-picked value while the launch runs another; compute "
              "what depends on it inside the launch, or leave it fixed");
    }
    return true;
  };
  for (const VarDecl *V : DerivedVars)
    if (!Check(V, true))
      return false;
  for (const VarDecl *V : TunedVars)
    if (!Check(V, false))
      return false;
  return true;
}

void Planner::proposeRestores() {
  for (unsigned Index : Kern.InPlaceParams) {
    if (Index >= Launch->getNumArgs())
      continue;
    const Expr *Arg = Launch->getArg(Index);
    std::string Name = Kern.Definition->getParamDecl(Index)->getNameAsString();
    Plan.Notes.push_back(
        {Arg->getBeginLoc(),
         "'" + Plan.Kernel + "' reads and writes '" + Name +
             "' in place: tuning runs it many times, so confirm and add "
             "'restore(" +
             source(Arg) +
             "[<elements>])' to the pragma, with the number of elements it "
             "updates"});
  }
}

LaunchPlan Planner::run() {
  if (!readConfiguration() || !findHandPicked())
    return Plan;
  if (!checkStatement() || !checkKernel() || !tuneBlock())
    return Plan;
  tuneGrid();
  tieTemplateArguments();
  if (Plan.Params.empty())
    return leaveAlone(Launch->getBeginLoc(),
                      "none of its hand-picked values is one it can tune "
                      "(see the notes)"),
           Plan;
  if (!deriveLocals() || !checkSafety() || !writeEdits())
    return Plan;
  if (!findKeys(Grid.Written) || !findKeys(Block.Written) ||
      !findKeys(SharedMemory) || !findWorkKeys())
    return Plan;
  findRemovals();
  if (!checkKeptUses())
    return Plan;
  proposeRestores();
  Plan.Outcome = LaunchPlan::Annotate;
  return Plan;
}

} // namespace

LaunchPlan planLaunch(const CUDAKernelCallExpr *Launch,
                      const FunctionDecl *Function, ASTContext &Ctx) {
  return Planner(Launch, Function, Ctx).run();
}

} // namespace autotune
