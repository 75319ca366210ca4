//===- ProjectOutput.h - The rewritten project as a mirror tree -----------===//
//
// 'autotune-rewrite --out-dir DIR' writes a project, not a file: every user
// file under the root (the inputs, and the headers they include that are not
// system headers) is written to the same relative path under DIR, with its
// sites rewritten, so that a compiler pointed at DIR (first on its include
// path) reads no '#pragma autotune'. Files without sites are copied too: a
// quoted include from a mirrored file is looked up beside the mirror first,
// and must not find nothing there, nor fall back to an original that still
// holds a pragma. A header read by several inputs is written once; where the
// inputs make it come out differently, that is an error, not a guess.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_TOOLS_PROJECTOUTPUT_H
#define AUTOTUNE_TOOLS_PROJECTOUTPUT_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace autotune {

class SourceOutput;

class ProjectOutput {
public:
  /// Root and OutDir: absolute paths without '.' or '..'.
  ProjectOutput(std::string Root, std::string OutDir)
      : Root(std::move(Root)), OutDir(std::move(OutDir)) {}

  /// Where File (absolute, without dots) goes under the out directory; ""
  /// when it is not under the root.
  std::string mirrorOf(llvm::StringRef File) const;

  /// Takes the text of every user file under the root that the translation
  /// unit of Input read, with Source's sites rewritten. False, with the
  /// reason printed, when a file with a site is outside the root, or a file
  /// comes out differently than from an earlier input (failed() says so
  /// from then on).
  bool collect(const clang::SourceManager &SM, const SourceOutput &Source,
               llvm::StringRef Input);

  bool failed() const { return Failed; }

  /// Writes each collected file whose mirror differs from its text (one
  /// that does not keeps its time stamp, so nothing recompiles for it); an
  /// input's copy that reads a file written anew gets a new time stamp.
  bool write() const;

  /// Writes a make rule 'Target: every file the inputs read' to Path.
  bool writeDepfile(llvm::StringRef Path, llvm::StringRef Target) const;

private:
  struct MirrorFile {
    std::string Content;
    std::string Input; // the first input that read the file
  };
  std::string Root, OutDir;
  std::map<std::string, MirrorFile> Files; // by mirror path
  std::set<std::string> Read;              // every file read, for the depfile
  // The mirror files each input's translation unit read, by the input's own
  // mirror path.
  std::map<std::string, std::set<std::string>> ReadBy;
  bool Failed = false;
};

/// The deepest directory that holds every one of Paths (absolute, without
/// dots); "" when they share none but '/'.
std::string commonDirectory(const std::set<std::string> &Paths);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_PROJECTOUTPUT_H
