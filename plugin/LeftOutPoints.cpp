//===- LeftOutPoints.cpp - The points of a site this job compiles ---------===//

#include "LeftOutPoints.h"
#include "Diagnostics.h"

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace clang;

namespace autotune {

LeaveOutOptions &leaveOutOptions() {
  static LeaveOutOptions Options;
  return Options;
}

bool usesLeftOutPoints() {
  const LeaveOutOptions &Options = leaveOutOptions();
  return !Options.ExcludedFile.empty() || !Options.Probe.empty() ||
         !Options.SitesFile.empty() || Options.DefaultOnly;
}

/// "0x1F2E" as its value.
static std::optional<uint64_t> parseKey(StringRef Text) {
  uint64_t Key = 0;
  if (!Text.consume_front("0x") || Text.empty() || Text.getAsInteger(16, Key))
    return std::nullopt;
  return Key;
}

bool isProbe(StringRef Probe) {
  if (Probe == "none")
    return true;
  auto [Key, Index] = Probe.split(':');
  unsigned Point = 0;
  return parseKey(Key) &&
         (!Probe.contains(':') || !Index.getAsInteger(10, Point));
}

namespace {

/// The left-out points of each site: index -> the compiler's reason.
using LeftOutTable = llvm::DenseMap<uint64_t, std::map<unsigned, std::string>>;

/// The file of left-out points, read once per process: every job of a
/// compile reads the same file, and must leave out the same points (a
/// kernel the host job registers must be one a GPU job compiled).
struct LoadedTable {
  LeftOutTable Table;
  unsigned BadLine = 0; // the first line that is not 'KEY INDEX REASON'
  bool Reported = false;
};

} // namespace

static LoadedTable readTable(StringRef Path) {
  LoadedTable Loaded;
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return Loaded; // no point left out yet
  SmallVector<StringRef, 64> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (unsigned N = 0; N < Lines.size(); ++N) {
    StringRef Line = Lines[N].trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    auto [KeyText, Rest] = Line.split(' ');
    auto [IndexText, Reason] = Rest.split(' ');
    std::optional<uint64_t> Key = parseKey(KeyText);
    unsigned Index = 0;
    if (!Key || IndexText.getAsInteger(10, Index)) {
      Loaded.BadLine = N + 1;
      return Loaded;
    }
    Loaded.Table[*Key][Index] = Reason.trim().str();
  }
  return Loaded;
}

/// The table of this process, or nothing after an error at Loc.
static const LeftOutTable *leftOutTable(Preprocessor &PP, SourceLocation Loc) {
  static std::optional<LoadedTable> Loaded;
  const std::string &Path = leaveOutOptions().ExcludedFile;
  if (!Loaded)
    Loaded = Path.empty() ? LoadedTable() : readTable(Path);
  if (!Loaded->BadLine)
    return &Loaded->Table;
  if (!Loaded->Reported)
    report(PP, Loc, Diag::LeftOutFileMalformed) << Loaded->BadLine << Path;
  Loaded->Reported = true;
  return nullptr;
}

/// S with only the points Keep says, its default moved to the first point
/// kept when it is not one of them.
static Space keepPoints(const Space &S,
                        llvm::function_ref<bool(unsigned)> Keep) {
  Space Kept;
  Kept.NumParams = S.NumParams;
  bool DefaultKept = false;
  for (unsigned I = 0; I < S.size(); ++I) {
    if (!Keep(I))
      continue;
    if (I == S.DefaultIndex) {
      Kept.DefaultIndex = Kept.size();
      DefaultKept = true;
    }
    llvm::append_range(Kept.Values, S.point(I));
  }
  if (!DefaultKept)
    Kept.DefaultIndex = 0;
  return Kept;
}

static std::optional<Space>
probedPoints(const Space &S, uint64_t Key,
             const std::map<unsigned, std::string> *LeftOut) {
  StringRef Probe = leaveOutOptions().Probe;
  auto [KeyText, IndexText] = Probe.split(':');
  if (Probe == "none" || parseKey(KeyText) != Key)
    return Space{S.NumParams, {}, 0};
  if (Probe.contains(':')) {
    unsigned Point = ~0u;
    IndexText.getAsInteger(10, Point);
    return keepPoints(S, [&](unsigned I) { return I == Point; });
  }
  return keepPoints(S,
                    [&](unsigned I) { return !LeftOut || !LeftOut->count(I); });
}

/// Says each point the site leaves out, in the host job only (every job of
/// a compile leaves out the same points), as the build loop words it. Each
/// compile says it again, as a compiler repeats a warning: ccache, which
/// replays a compile's output, then says what the compile it saved said.
static void sayLeftOut(Preprocessor &PP, const SiteSpec &Spec, const Space &S,
                       const SiteName &Name,
                       const std::map<unsigned, std::string> &LeftOut) {
  if (PP.getLangOpts().CUDAIsDevice)
    return;
  for (const auto &[Index, Reason] : LeftOut)
    if (Index < S.size())
      llvm::errs() << "autotune: " << Name.File << ':' << Name.Line
                   << ": site '" << Name.Name << "': point ("
                   << describePoint(Spec, S.point(Index))
                   << ") left out: " << Reason << '\n';
}

/// S without the points the build left out, or a probe's; nothing after an
/// error.
static std::optional<Space> pointsLeft(Preprocessor &PP, const SiteSpec &Spec,
                                       const Space &S, const SiteName &Name,
                                       uint64_t Key) {
  const LeftOutTable *Table = leftOutTable(PP, Spec.PragmaLoc);
  if (!Table)
    return std::nullopt;
  auto Found = Table->find(Key);
  const std::map<unsigned, std::string> *LeftOut =
      Found == Table->end() ? nullptr : &Found->second;
  if (!leaveOutOptions().Probe.empty())
    return probedPoints(S, Key, LeftOut);
  if (!LeftOut)
    return S;
  sayLeftOut(PP, Spec, S, Name, *LeftOut);
  auto Reason = [&](unsigned I) {
    auto It = LeftOut->find(I);
    return It == LeftOut->end() ? std::string() : It->second;
  };
  if (Spec.Default && LeftOut->count(S.DefaultIndex)) {
    report(PP, Spec.Default->Loc, Diag::DefaultLeftOut)
        << describePoint(Spec, S.point(S.DefaultIndex))
        << Reason(S.DefaultIndex);
    return std::nullopt;
  }
  Space Kept = keepPoints(S, [&](unsigned I) { return !LeftOut->count(I); });
  if (Kept.size() == 0) {
    report(PP, Spec.PragmaLoc, Diag::EveryPointLeftOut)
        << S.size() << describePoint(Spec, S.point(S.DefaultIndex))
        << Reason(S.DefaultIndex);
    return std::nullopt;
  }
  return Kept;
}

std::optional<Space> compiledPoints(Preprocessor &PP, const SiteSpec &Spec,
                                    const Space &S, const SiteName &Name,
                                    uint64_t Key) {
  std::optional<Space> Left = pointsLeft(PP, Spec, S, Name, Key);
  if (!Left || !leaveOutOptions().DefaultOnly ||
      !leaveOutOptions().Probe.empty() || Left->size() == 0)
    return Left;
  unsigned Default = Left->DefaultIndex;
  return keepPoints(*Left, [&](unsigned I) { return I == Default; });
}

} // namespace autotune
