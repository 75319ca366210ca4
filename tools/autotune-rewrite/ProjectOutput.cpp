//===- ProjectOutput.cpp - The rewritten project as a mirror tree ---------===//

#include "ProjectOutput.h"

#include "SourceOutput.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace clang;

namespace autotune {

/// Whether Path is Dir or below it (both absolute, without dots).
static bool isUnder(StringRef Path, StringRef Dir) {
  if (!Path.starts_with(Dir))
    return false;
  return Path.size() == Dir.size() || Dir.ends_with("/") ||
         llvm::sys::path::is_separator(Path[Dir.size()]);
}

std::string ProjectOutput::mirrorOf(StringRef File) const {
  if (!isUnder(File, Root) || isUnder(File, OutDir))
    return "";
  SmallString<256> Out(OutDir);
  llvm::sys::path::append(Out, File.substr(Root.size()));
  return std::string(Out);
}

std::string commonDirectory(const std::set<std::string> &Paths) {
  std::string Common;
  for (const std::string &Path : Paths) {
    StringRef Dir = llvm::sys::path::parent_path(Path);
    if (&Path == &*Paths.begin()) {
      Common = Dir.str();
      continue;
    }
    while (!isUnder(Dir, Common))
      Common = llvm::sys::path::parent_path(Common).str();
  }
  return Common.empty() ? "/" : Common;
}

/// The absolute path of File without dots, relative names taken from the
/// directory of the compile command (the file system's). Lexically: right
/// for the project's own paths, which the mirror keeps.
static std::string absolutePath(const SourceManager &SM, FileEntryRef File) {
  SmallString<256> Path(File.getName());
  SM.getFileManager().getVirtualFileSystem().makeAbsolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// File's real path, for the depfile: the compiler's own headers are named
/// through '..' after symbolic links ("/usr/bin/../lib/gcc/..."), which a
/// build tool that removes dots lexically would turn into a missing file.
static std::string realPath(const SourceManager &SM, FileEntryRef File) {
  SmallString<256> Path;
  if (SM.getFileManager().getVirtualFileSystem().getRealPath(File.getName(),
                                                             Path))
    return absolutePath(SM, File);
  return std::string(Path);
}

/// The first line where A and B differ, numbered from 1 (the '#line' that
/// render() puts first counts as line 0), and the two lines.
static std::string firstDifference(StringRef A, StringRef B) {
  unsigned Line = 0;
  while (!A.empty() || !B.empty()) {
    auto [LineA, RestA] = A.split('\n');
    auto [LineB, RestB] = B.split('\n');
    if (LineA != LineB) {
      std::string Out;
      llvm::raw_string_ostream OS(Out);
      OS << "line " << Line << ": '" << LineA.take_front(160) << "' against '"
         << LineB.take_front(160) << "'";
      return Out;
    }
    A = RestA;
    B = RestB;
    ++Line;
  }
  return "";
}

bool ProjectOutput::collect(const SourceManager &SM, const SourceOutput &Source,
                            StringRef Input) {
  bool Ok = true;
  std::set<const FileEntry *> Seen;
  std::string Own =
      mirrorOf(absolutePath(SM, *SM.getFileEntryRefForID(SM.getMainFileID())));
  std::set<std::string> &OwnReads = ReadBy[Own];
  for (unsigned I = 0, E = SM.local_sloc_entry_size(); I < E; ++I) {
    const SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile())
      continue;
    FileID ID = SM.getFileID(SourceLocation::getFromRawEncoding(
        SourceLocation::UIntTy(Entry.getOffset())));
    OptionalFileEntryRef File = SM.getFileEntryRefForID(ID);
    if (!File || !Seen.insert(&File->getFileEntry()).second)
      continue;
    Read.insert(realPath(SM, *File));
    std::string Path = absolutePath(SM, *File);
    if (Entry.getFile().getFileCharacteristic() != SrcMgr::C_User)
      continue; // system headers are the compiler's, never mirrored
    std::string Mirror = mirrorOf(Path);
    if (Mirror.empty()) {
      if (Source.hasSites(SM, ID)) {
        llvm::errs() << "autotune-rewrite: error: '" << Path
                     << "' holds a '#pragma autotune' site, but it is outside "
                        "the root of the project, '"
                     << Root
                     << "'; name a directory that holds it with --root\n";
        Ok = false;
      }
      continue;
    }
    OwnReads.insert(Mirror);
    std::string Text = Source.render(SM, ID);
    auto [It, New] = Files.try_emplace(Mirror, MirrorFile{Text, Input.str()});
    if (New || It->second.Content == Text)
      continue;
    llvm::errs() << "autotune-rewrite: error: '" << Path
                 << "' comes out differently when read from '"
                 << It->second.Input << "' and from '" << Input << "' ("
                 << firstDifference(It->second.Content, Text)
                 << "): its sites depend on what includes it (macros defined "
                    "before the '#include', or other '-D' flags); rewrite "
                    "those inputs with separate --out-dir directories\n";
    Ok = false;
  }
  Failed |= !Ok;
  return Ok;
}

/// Whether Text is what render() writes: a '#line' first (after a byte-order
/// mark).
static bool isRendered(StringRef Text) {
  Text.consume_front("\xEF\xBB\xBF");
  return Text.starts_with("#line 1 \"");
}

/// Writes Text to Path unless Path holds it already (Wrote says which);
/// through a temporary file, so that a reader never sees half a file. A file
/// there that this tool did not write (an out directory inside the sources)
/// is kept.
static bool writeIfChanged(StringRef Path, StringRef Text,
                           bool *Wrote = nullptr) {
  if (auto Old =
          llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false)) {
    if ((*Old)->getBuffer() == Text)
      return true;
    if (isRendered(Text) && !isRendered((*Old)->getBuffer())) {
      llvm::errs() << "autotune-rewrite: error: not writing '" << Path
                   << "': a file is there that autotune-rewrite did not "
                      "write; choose another --out-dir\n";
      return false;
    }
  }
  StringRef Dir = llvm::sys::path::parent_path(Path);
  std::error_code EC = llvm::sys::fs::create_directories(Dir);
  SmallString<256> Temporary;
  int FD = -1;
  if (!EC)
    EC = llvm::sys::fs::createUniqueFile(Path + ".tmp-%%%%%%", FD, Temporary);
  if (!EC) {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    EC = OS.error();
    if (!EC)
      EC = llvm::sys::fs::rename(Temporary, Path);
    if (EC)
      llvm::sys::fs::remove(Temporary);
  }
  if (EC)
    llvm::errs() << "autotune-rewrite: error: cannot write '" << Path
                 << "': " << EC.message() << "\n";
  if (Wrote)
    *Wrote = !EC;
  return !EC;
}

/// Moves Path's time stamp to now.
static bool touch(StringRef Path) {
  int FD = -1;
  std::error_code EC = llvm::sys::fs::openFileForWrite(
      Path, FD, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_Append);
  if (!EC) {
    EC = llvm::sys::fs::setLastAccessAndModificationTime(
        FD, std::chrono::system_clock::now());
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
  if (EC)
    llvm::errs() << "autotune-rewrite: error: cannot touch '" << Path
                 << "': " << EC.message() << "\n";
  return !EC;
}

bool ProjectOutput::write() const {
  std::set<std::string> Written, Failed;
  for (const auto &[Path, File] : Files) {
    bool Wrote = false;
    if (!writeIfChanged(Path, File.Content, &Wrote))
      Failed.insert(Path); // not ours to touch: a foreign file, say
    if (Wrote)
      Written.insert(Path);
  }
  bool Ok = Failed.empty();
  // An input's copy that reads a file written anew, though its own text is
  // the same, gets a new time stamp: a build that compares time stamps
  // (ninja restats the rewrite's outputs) then compiles it again, where the
  // compile's own depfile was read before the rewrite ran.
  for (const auto &[Own, Reads] : ReadBy)
    if (!Own.empty() && !Written.count(Own) && !Failed.count(Own) &&
        llvm::any_of(
            Reads, [&](const std::string &F) { return Written.count(F) != 0; }))
      Ok &= touch(Own);
  return Ok;
}

/// Path as make reads it in a rule: spaces, '#' and '$' escaped.
static std::string makeEscaped(StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      Out += '\\';
    if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

bool ProjectOutput::writeDepfile(StringRef Path, StringRef Target) const {
  std::string Rule = makeEscaped(Target) + ":";
  for (const std::string &File : Read)
    Rule += " \\\n  " + makeEscaped(File);
  Rule += "\n";
  return writeIfChanged(Path, Rule);
}

} // namespace autotune
