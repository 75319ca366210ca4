//===- SourceOutput.cpp - The rewritten source text -----------------------===//

#include "SourceOutput.h"
#include "Diagnostics.h"
#include "Rewrite.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>

using namespace clang;

namespace autotune {

/// The line ending Text uses, its first one: "\r\n", "\r" (a file from an
/// old Mac) or "\n" (also when there is none).
static StringRef lineEnding(StringRef Text) {
  size_t End = Text.find_first_of("\r\n");
  if (End == StringRef::npos || Text[End] == '\n')
    return "\n";
  return Text.substr(End).starts_with("\r\n") ? "\r\n" : "\r";
}

/// The line endings in Text, of any kind, as clang counts lines: "\r\n" and
/// "\n\r" are one each.
static unsigned countLineEnds(StringRef Text) {
  unsigned Count = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '\n' && Text[I] != '\r')
      continue;
    ++Count;
    if (I + 1 < Text.size() && (Text[I + 1] == '\n' || Text[I + 1] == '\r') &&
        Text[I + 1] != Text[I])
      ++I;
  }
  return Count;
}

void SourceOutput::replace(const FileEntry *File, unsigned Begin, unsigned End,
                           std::string Text) {
  Replacements.push_back({File, Begin, End, std::move(Text)});
}

/// Whether the sites of File are written: the main file's always, the other
/// user files' in a project.
static bool isWritten(const SourceManager &SM, FileID File, bool AllUserFiles) {
  if (File == SM.getMainFileID())
    return true;
  return AllUserFiles && !SM.isInSystemHeader(SM.getLocForStartOfFile(File)) &&
         SM.getFileEntryForID(File);
}

void SourceOutput::addSite(Preprocessor &PP, const PragmaIntroducer &Introducer,
                           SourceLocation PragmaLoc, SourceLocation EndOfLine,
                           ArrayRef<Token> Statement, const SiteRewrite &R) {
  const SourceManager &SM = PP.getSourceManager();
  std::pair<FileID, unsigned> Begin =
      SM.getDecomposedLoc(SM.getExpansionLoc(Introducer.Loc));
  std::pair<FileID, unsigned> LineEnd =
      SM.getDecomposedLoc(SM.getExpansionLoc(EndOfLine));
  SourceLocation LastLoc =
      SM.getExpansionRange(Statement.back().getLocation()).getEnd();
  std::pair<FileID, unsigned> End = SM.getDecomposedLoc(LastLoc);
  // The statement's last token as written: ';' itself, or the macro name or
  // ')' of the invocation it came from.
  unsigned LastLength =
      Lexer::MeasureTokenLength(LastLoc, SM, PP.getLangOpts());
  FileID File = Begin.first;
  if (!isWritten(SM, File, AllUserFiles)) {
    // The text written is that of other files: this site stays a pragma.
    report(PP, PragmaLoc,
           AllUserFiles ? Diag::SiteInSystemHeader : Diag::NotInSourceOutput);
    return;
  }
  if (LineEnd.first != File || End.first != File ||
      Introducer.Kind != PIK_HashPragma || LineEnd.second < Begin.second) {
    report(PP, PragmaLoc, Diag::SiteNotInOneFile);
    return;
  }
  SourceLocation Semi = Statement.back().getLocation();
  if (Semi.isMacroID() &&
      !Lexer::isAtEndOfMacroExpansion(Semi, SM, PP.getLangOpts())) {
    report(PP, SM.getExpansionLoc(Semi), Diag::StatementEndsInMacro);
    return;
  }
  const FileEntry *Entry = SM.getFileEntryForID(File);
  StringRef Buffer = SM.getBufferData(File);
  std::string Prologue = renderText(PP, R.Prologue);
  // The pragma's continued lines stay lines, ended as the file ends its
  // own: a '\n' before a file's '\r' would join the two into one.
  StringRef Pragma = Buffer.slice(Begin.second, LineEnd.second);
  StringRef Ending = lineEnding(Buffer);
  for (unsigned I = countLineEnds(Pragma); I > 0; --I)
    Prologue += Ending;
  replace(Entry, Begin.second, LineEnd.second, std::move(Prologue));
  replace(Entry, End.second + LastLength, End.second + LastLength,
          renderText(PP, R.Epilogue));
}

bool SourceOutput::hasSites(const SourceManager &SM, FileID File) const {
  const FileEntry *Entry = SM.getFileEntryForID(File);
  return Entry &&
         std::any_of(Replacements.begin(), Replacements.end(),
                     [&](const Replacement &R) { return R.File == Entry; });
}

std::string SourceOutput::render(const SourceManager &SM, FileID File) const {
  if (File.isInvalid())
    File = SM.getMainFileID();
  const FileEntry *Entry = SM.getFileEntryForID(File);
  StringRef Input = SM.getBufferData(File);
  std::vector<Replacement> Sorted;
  for (const Replacement &R : Replacements)
    if (R.File == Entry)
      Sorted.push_back(R);
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
  if (OptionalFileEntryRef Ref = SM.getFileEntryRefForID(File)) {
    // Without '.' and '..', as the sites' names (SiteName.cpp).
    SmallString<256> Path(Ref->getName());
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    llvm::raw_string_ostream Name(Out);
    Name.write_escaped(Path);
  }
  Out += "\"";
  Out += lineEnding(Input);
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

/// The file among those the compile read (the main file, every header,
/// '-include's) that Path is, however it is spelled: through a symbolic or
/// hard link (the same device and inode) or another path to it (the same
/// real path). None when Path is no such file.
static std::optional<std::string> inputAt(const SourceManager &SM,
                                          StringRef Path) {
  llvm::sys::fs::UniqueID Output;
  bool HasID = !llvm::sys::fs::getUniqueID(Path, Output);
  SmallString<256> RealOutput;
  bool HasReal = !llvm::sys::fs::real_path(Path, RealOutput);
  if (!HasID && !HasReal)
    return std::nullopt; // a new file
  FileManager &Files = SM.getFileManager();
  SmallVector<OptionalFileEntryRef> Read;
  Files.GetUniqueIDMapping(Read);
  for (OptionalFileEntryRef File : Read) {
    if (!File)
      continue;
    if (HasID && File->getUniqueID() == Output)
      return File->getName().str();
    // The compile's file system resolves its names (autotune-rewrite reads
    // them from the compile command's directory).
    SmallString<256> Real;
    if (HasReal &&
        !Files.getVirtualFileSystem().getRealPath(File->getName(), Real) &&
        Real == RealOutput)
      return File->getName().str();
  }
  return std::nullopt;
}

bool SourceOutput::write(const SourceManager &SM, StringRef Path,
                         DiagnosticsEngine &Diags) const {
  // Writing over a file the compile read would lose it (a header the main
  // file includes, every pragma of the main file).
  if (Path != "-")
    if (std::optional<std::string> Input = inputAt(SM, Path)) {
      unsigned ID = Diags.getCustomDiagID(
          DiagnosticsEngine::Error,
          "not writing the rewritten source to '%0': it is '%1', a file "
          "this compile reads; write it to another file");
      Diags.Report(ID) << Path << *Input;
      return false;
    }
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
