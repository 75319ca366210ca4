//===- LaunchEdits.cpp - The replacements that annotate one launch --------===//

#include "LaunchEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace autotune {

/// Columns a pragma line may take before it continues on the next.
constexpr size_t LineWidth = 80;

std::string pragmaText(const LaunchPlan &Plan, StringRef Indent) {
  std::vector<std::string> Space, Default;
  for (const TunedParameter &P : Plan.Params) {
    Space.push_back(P.Name + " = " + P.Values);
    Default.push_back(P.Name + " = " + std::to_string(P.Value));
  }
  std::vector<std::string> Clauses = {"space(" + llvm::join(Space, ", ") + ")"};
  for (const std::string &W : Plan.Where)
    Clauses.push_back("where(" + W + ")");
  Clauses.push_back("default(" + llvm::join(Default, ", ") + ")");
  if (!Plan.Keys.empty())
    Clauses.push_back("key(" + llvm::join(Plan.Keys, ", ") + ")");
  std::string Text = Indent.str() + "#pragma autotune";
  size_t LineStart = 0;
  for (const std::string &Clause : Clauses) {
    if (Text.size() - LineStart + 1 + Clause.size() + 2 > LineWidth &&
        Text.size() - LineStart > Indent.size() + 17) {
      Text += " \\\n";
      LineStart = Text.size();
      Text += Indent.str() + "   ";
    }
    Text += " " + Clause;
  }
  return Text + "\n";
}

/// The whitespace that starts Loc's line, and whether only whitespace
/// precedes Loc on it.
static std::pair<StringRef, bool> lineIndent(SourceLocation Loc,
                                             const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(File);
  size_t Start = Buffer.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  StringRef Before = Buffer.slice(Start, Offset);
  StringRef Indent =
      Before.take_while([](char C) { return C == ' ' || C == '\t'; });
  return {Indent, Indent.size() == Before.size()};
}

/// A declaration's whole line(s) when nothing else is on them, else itself.
static CharSourceRange removalRange(const DeclStmt *Decl,
                                    const SourceManager &SM,
                                    const LangOptions &LO) {
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Decl->getSourceRange()), SM, LO);
  auto [File, Begin] = SM.getDecomposedLoc(Range.getBegin());
  unsigned End = SM.getFileOffset(Range.getEnd());
  StringRef Buffer = SM.getBufferData(File);
  auto [Indent, Alone] = lineIndent(Range.getBegin(), SM);
  size_t LineEnd = Buffer.find('\n', End);
  if (!Alone || LineEnd == StringRef::npos ||
      !Buffer.slice(End, LineEnd).trim().empty())
    return Range;
  SourceLocation FileStart = SM.getLocForStartOfFile(File);
  return CharSourceRange::getCharRange(
      FileStart.getLocWithOffset(Begin - Indent.size()),
      FileStart.getLocWithOffset(LineEnd + 1));
}

/// '#include <autotune/autotune.h>' before the file's first include, unless
/// the file includes it already.
static std::optional<FixItHint> includeRuntime(SourceLocation Loc,
                                               const SourceManager &SM) {
  FileID File = SM.getFileID(Loc);
  StringRef Buffer = SM.getBufferData(File);
  size_t At = StringRef::npos;
  for (size_t Line = 0; Line < Buffer.size();) {
    StringRef Text = Buffer.substr(Line).split('\n').first.ltrim();
    if (Text.starts_with("#include") && Text.contains("autotune/autotune.h"))
      return std::nullopt;
    if (Text.starts_with("#include") && At == StringRef::npos)
      At = Line;
    size_t Next = Buffer.find('\n', Line);
    if (Next == StringRef::npos)
      break;
    Line = Next + 1;
  }
  if (At == StringRef::npos)
    At = 0;
  return FixItHint::CreateInsertion(
      SM.getLocForStartOfFile(File).getLocWithOffset(At),
      "#include <autotune/autotune.h>\n");
}

std::vector<FixItHint> launchFixes(const LaunchPlan &Plan,
                                   const CUDAKernelCallExpr *Launch,
                                   ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::vector<FixItHint> Fixes;
  if (std::optional<FixItHint> Include =
          includeRuntime(Launch->getBeginLoc(), SM))
    Fixes.push_back(*Include);
  for (const DeclStmt *Decl : Plan.Removed)
    Fixes.push_back(FixItHint::CreateRemoval(removalRange(Decl, SM, LO)));
  SourceLocation Start = Launch->getBeginLoc();
  auto [Indent, Alone] = lineIndent(Start, SM);
  if (Alone) {
    Fixes.push_back(FixItHint::CreateInsertion(
        Start.getLocWithOffset(-static_cast<int>(Indent.size())),
        pragmaText(Plan, Indent)));
  } else {
    // 'if (c) k<<<...>>>(...);': the pragma needs a line of its own.
    std::string Deeper = Indent.str() + "  ";
    auto [File, Offset] = SM.getDecomposedLoc(Start);
    StringRef Before = SM.getBufferData(File).substr(0, Offset);
    size_t Blanks = Before.size() - Before.rtrim(" \t").size();
    Fixes.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getCharRange(
            Start.getLocWithOffset(-static_cast<int>(Blanks)), Start),
        "\n" + pragmaText(Plan, Deeper) + Deeper));
  }
  for (const ExpressionEdit &Edit : Plan.Edits)
    Fixes.push_back(FixItHint::CreateReplacement(Edit.Range, Edit.Text));
  return Fixes;
}

} // namespace autotune
