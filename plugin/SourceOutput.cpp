//===- SourceOutput.cpp - The rewritten source text -----------------------===//

#include "SourceOutput.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace clang;

namespace autotune {

void SourceOutput::replace(unsigned Begin, unsigned End, std::string Text) {
  Replacements.push_back({Begin, End, std::move(Text)});
}

std::string SourceOutput::render(const SourceManager &SM) const {
  StringRef Input = SM.getBufferData(SM.getMainFileID());
  std::vector<Replacement> Sorted = Replacements;
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const Replacement &A, const Replacement &B) {
                     return A.Begin < B.Begin;
                   });
  // A byte-order mark must stay the file's first bytes: before the '#line',
  // it would be read as part of the directive's line and the rewrite would
  // not compile.
  StringRef ByteOrderMark = "\xEF\xBB\xBF";
  std::string Out;
  unsigned Pos = 0;
  if (Input.starts_with(ByteOrderMark)) {
    Out += ByteOrderMark;
    Pos = ByteOrderMark.size();
  }
  // Lines are kept where they were, so one directive makes the compiler's
  // diagnostics and debug information name the user's file. The name is
  // escaped as clang escapes it in its own line markers (backslash, quote,
  // newline and other control characters), so any file name survives.
  Out += "#line 1 \"";
  if (OptionalFileEntryRef Entry =
          SM.getFileEntryRefForID(SM.getMainFileID())) {
    llvm::raw_string_ostream Name(Out);
    Name.write_escaped(Entry->getName());
  }
  Out += "\"\n";
  for (const Replacement &R : Sorted) {
    // The same site seen twice (a header included twice) overlaps itself.
    if (R.Begin < Pos)
      continue;
    Out += Input.slice(Pos, R.Begin);
    Out += R.Text;
    Pos = R.End;
  }
  Out += Input.substr(Pos);
  return Out;
}

bool SourceOutput::write(const SourceManager &SM, StringRef Path,
                         DiagnosticsEngine &Diags) const {
  std::string Text = render(SM);
  if (Path == "-") {
    llvm::outs() << Text;
    llvm::outs().flush();
    return true;
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    unsigned ID =
        Diags.getCustomDiagID(DiagnosticsEngine::Error,
                              "cannot write the rewritten source to '%0': %1");
    Diags.Report(ID) << Path << EC.message();
    return false;
  }
  OS << Text;
  return true;
}

} // namespace autotune
