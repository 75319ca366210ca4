//===- Findings.cpp - What autotune-annotate found, over all its inputs ---===//

#include "Findings.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace autotune {

static const char *const CheckName = "autotune-annotate";

bool Findings::firstTime(SourceLocation Loc, const SourceManager &SM) {
  SourceLocation File = SM.getFileLoc(Loc);
  CurrentMainFile =
      SM.getFileEntryRefForID(SM.getMainFileID())->getName().str();
  std::string Key =
      SM.getFilename(File).str() + ":" + std::to_string(SM.getFileOffset(File));
  return Seen.insert(Key).second;
}

void Findings::note(DiagnosticsEngine &Diags, SourceLocation Loc,
                    StringRef Text, tooling::Diagnostic &Yaml) {
  unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  Diags.Report(Loc, ID) << Text;
  Yaml.Notes.push_back(
      tooling::DiagnosticMessage(Text, Diags.getSourceManager(),
                                 Diags.getSourceManager().getFileLoc(Loc)));
}

void Findings::report(const LaunchPlan &Plan, const CUDAKernelCallExpr *Launch,
                      const std::vector<FixItHint> &Fixes,
                      DiagnosticsEngine &Diags) {
  const SourceManager &SM = Diags.getSourceManager();
  SourceLocation Loc = Launch->getBeginLoc();
  std::string Message = "launch of '" + Plan.Kernel + "' with " + Plan.Summary;
  if (Plan.Outcome == LaunchPlan::LeftAlone) {
    ++LeftAlone;
    Message += " is left alone";
  } else {
    ++Annotated;
    Message += ": tune it with '#pragma autotune'";
  }
  unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
  Diags.Report(Loc, ID) << Message << Fixes;
  tooling::Diagnostic Yaml(CheckName, tooling::Diagnostic::Warning,
                           /*BuildDirectory=*/"");
  Yaml.Message = tooling::DiagnosticMessage(Message, SM, SM.getFileLoc(Loc));
  for (const FixItHint &Fix : Fixes) {
    tooling::Replacement R(SM, Fix.RemoveRange, Fix.CodeToInsert);
    llvm::consumeError(Yaml.Message.Fix[R.getFilePath()].add(R));
    Edits[CurrentMainFile].insert({R.getFilePath().str(), R.getOffset(),
                                   R.getLength(),
                                   R.getReplacementText().str()});
  }
  if (Plan.Outcome == LaunchPlan::LeftAlone)
    note(Diags, Plan.ReasonLoc, Plan.Reason, Yaml);
  for (const TunedParameter &P : Plan.Params)
    if (Plan.Outcome == LaunchPlan::Annotate)
      note(Diags, P.Loc,
           "'" + P.Name + "' tunes the " + P.What + " over " + P.Values + ": " +
               P.Why,
           Yaml);
  for (const PlanNote &N : Plan.Notes)
    note(Diags, N.Loc, N.Text, Yaml);
  Diagnostics.push_back(std::move(Yaml));
}

bool Findings::apply() const {
  std::map<std::string, tooling::Replacements> PerFile;
  std::set<Edit> All;
  for (const auto &[Main, Set] : Edits)
    All.insert(Set.begin(), Set.end());
  bool Ok = true;
  for (const auto &[File, Offset, Length, Text] : All)
    if (llvm::Error E = PerFile[File].add(
            tooling::Replacement(File, Offset, Length, Text))) {
      llvm::errs() << "autotune-annotate: error: conflicting fixes in '" << File
                   << "': " << llvm::toString(std::move(E)) << "\n";
      Ok = false;
    }
  if (!Ok)
    return false;
  for (const auto &[File, Replacements] : PerFile) {
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer) {
      llvm::errs() << "autotune-annotate: error: cannot read '" << File
                   << "': " << Buffer.getError().message() << "\n";
      return false;
    }
    llvm::Expected<std::string> Result =
        tooling::applyAllReplacements((*Buffer)->getBuffer(), Replacements);
    if (!Result) {
      llvm::errs() << "autotune-annotate: error: '" << File
                   << "': " << llvm::toString(Result.takeError()) << "\n";
      return false;
    }
    std::error_code EC;
    llvm::raw_fd_ostream Out(File, EC, llvm::sys::fs::OF_None);
    if (EC) {
      llvm::errs() << "autotune-annotate: error: cannot write '" << File
                   << "': " << EC.message() << "\n";
      return false;
    }
    Out << *Result;
  }
  return true;
}

bool Findings::exportFixes(StringRef Path) const {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_None);
  if (EC) {
    llvm::errs() << "autotune-annotate: error: cannot write '" << Path
                 << "': " << EC.message() << "\n";
    return false;
  }
  tooling::TranslationUnitDiagnostics Unit;
  Unit.MainSourceFile = CurrentMainFile;
  Unit.Diagnostics = Diagnostics;
  llvm::yaml::Output Yaml(Out);
  Yaml << Unit;
  return true;
}

} // namespace autotune
