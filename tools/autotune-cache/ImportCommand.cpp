// autotune-cache import (ImportCommand.h). It reads the whole file and checks
// every entry, then decides for each what happens to the file of its name in
// the cache directory, and writes only when every decision could be made:
// an invalid entry, or a file of the entry's name that is not the cache's,
// leaves the directory as it was.
#include "ImportCommand.h"

#include "cache/CacheDirectory.h"
#include "cache/CacheIdentity.h"
#include "cache/ExportFile.h"
#include "support/TextFormat.h"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <map>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace autotune {
namespace {

std::string out(const std::string &Text) { return printable(Text); }

// The whole of File ("-": standard input), at most one byte more than an
// export may hold, so that a larger one is refused by parseExportText().
bool readInput(const std::string &File, std::string &Text,
               std::string &Problem) {
  int Fd = File == "-" ? STDIN_FILENO : ::open(File.c_str(), O_RDONLY);
  if (Fd < 0) {
    Problem = std::strerror(errno);
    return false;
  }
  char Buffer[1 << 16];
  bool Ok = true;
  while (Text.size() <= MaxExportBytes) {
    ssize_t Count = ::read(Fd, Buffer, sizeof Buffer);
    if (Count < 0 && errno == EINTR)
      continue;
    if (Count < 0) {
      Problem = std::strerror(errno);
      Ok = false;
    }
    if (Count <= 0)
      break;
    Text.append(Buffer, static_cast<std::size_t>(Count));
  }
  if (Fd != STDIN_FILENO)
    ::close(Fd);
  return Ok;
}

// What importing one entry does to the file of its name.
enum class Action {
  Add,            // no file of that name
  ReplaceOlder,   // a local entry tuned earlier (or at the same time)
  ReplaceNewer,   // a local entry tuned later, with --force
  ReplaceDamaged, // a damaged cache file (Ownership::Damaged)
  KeepNewer,      // a local entry tuned later, without --force
  Unchanged,      // the same entry
  Refuse,         // a file that is not the cache's
};

struct Planned {
  CacheEntry Entry;
  std::string Name; // cacheFileName(Entry)
  std::string Text; // serializeCacheEntry(Entry)
  Action What = Action::Add;
  std::string Local; // the local entry's tuned_at, or why the file is damaged
};

// tuned_at as it sorts: a time the runtime writes (isCacheTime) sorts as
// text; any other text (a local file edited by hand) sorts as the oldest,
// with "", so that it never keeps out a dated entry.
std::string sortableTime(const std::string &TunedAt) {
  return isCacheTime(TunedAt) ? TunedAt : std::string();
}

Action decide(const std::string &Dir, Planned &P, bool Force) {
  CacheEntry Local;
  std::string Problem;
  switch (classifyCacheFile(Dir, P.Name, Local, Problem)) {
  case Ownership::Missing:
    return Action::Add;
  case Ownership::Foreign:
    return Action::Refuse;
  case Ownership::Damaged:
    P.Local = Problem;
    return Action::ReplaceDamaged;
  case Ownership::Entry:
    break;
  }
  P.Local = Local.TunedAt;
  if (serializeCacheEntry(Local) == P.Text)
    return Action::Unchanged;
  // A local online race still open: any result replaces it.
  if (Local.Unfinished)
    return Action::ReplaceOlder;
  if (sortableTime(Local.TunedAt) > sortableTime(P.Entry.TunedAt))
    return Force ? Action::ReplaceNewer : Action::KeepNewer;
  return Action::ReplaceOlder;
}

// "saxpy (4096) NVIDIA H100 ...: saxpy-0123456789abcdef.json", as prune
// names an entry.
std::string entryText(const Planned &P) {
  std::string Key = formatCachedKey(P.Entry);
  return out(P.Entry.Site) + " " + (Key.empty() ? "-" : Key) + " " +
         out(P.Entry.DeviceModel);
}

std::string actionLine(const Planned &P, bool DryRun) {
  const char *Import = DryRun ? "would import " : "imported ";
  const char *Replace = DryRun ? "would replace " : "replaced ";
  std::string Entry = entryText(P);
  std::string File = ": " + out(P.Name);
  switch (P.What) {
  case Action::Add:
    return Import + Entry + File;
  case Action::ReplaceOlder:
    return Replace + Entry + " (the local entry was tuned " + out(P.Local) +
           ")" + File;
  case Action::ReplaceNewer:
    return Replace + Entry + " (the local entry, tuned later at " +
           out(P.Local) + "; --force)" + File;
  case Action::ReplaceDamaged:
    return Replace + Entry + " (the local file is damaged: " + out(P.Local) +
           ")" + File;
  case Action::KeepNewer:
    return std::string(DryRun ? "would keep " : "kept ") + "the local entry " +
           Entry + " (tuned later, at " + out(P.Local) + ")" + File;
  case Action::Unchanged:
    return "unchanged " + Entry + File;
  case Action::Refuse:
    break;
  }
  return std::string();
}

// The summary line: "imported 3 entries into DIR (1 new, 2 replacing older
// local entries); kept 1 newer local entry (--force replaces it); 2
// unchanged".
std::string summaryLine(const std::map<Action, std::size_t> &Count,
                        const std::string &Dir, bool DryRun) {
  auto count = [&Count](Action A) {
    auto It = Count.find(A);
    return It == Count.end() ? std::size_t(0) : It->second;
  };
  std::size_t Add = count(Action::Add), Older = count(Action::ReplaceOlder),
              Newer = count(Action::ReplaceNewer),
              Damaged = count(Action::ReplaceDamaged);
  std::size_t Written = Add + Older + Newer + Damaged;
  std::string Line = std::string(DryRun ? "would import " : "imported ") +
                     plural(Written, "entry", "entries") + " into " + out(Dir);
  if (Written != Add) {
    std::vector<std::string> Parts;
    if (Add)
      Parts.push_back(std::to_string(Add) + " new");
    if (Older)
      Parts.push_back(plural(Older, "replacing an older local entry",
                             "replacing older local entries"));
    if (Newer)
      Parts.push_back(plural(Newer, "replacing a newer local entry by --force",
                             "replacing newer local entries by --force"));
    if (Damaged)
      Parts.push_back(plural(Damaged, "replacing a damaged file",
                             "replacing damaged files"));
    Line += " (";
    for (std::size_t I = 0; I < Parts.size(); ++I)
      Line += (I ? ", " : "") + Parts[I];
    Line += ")";
  }
  if (std::size_t Kept = count(Action::KeepNewer))
    Line += std::string("; ") + (DryRun ? "would keep " : "kept ") +
            plural(Kept, "newer local entry", "newer local entries") +
            (Kept == 1 ? " (--force replaces it)" : " (--force replaces them)");
  if (std::size_t Same = count(Action::Unchanged))
    Line += "; " + std::to_string(Same) + " unchanged";
  return Line;
}

// The entries of the export Request.File names, or false (with the reason
// on standard error) where it cannot be read or holds an invalid entry.
bool readExport(const ImportRequest &Request, const std::string &Source,
                std::vector<CacheEntry> &Entries) {
  std::string Text, Problem;
  if (!readInput(Request.File, Text, Problem)) {
    std::cerr << "autotune-cache: error: cannot read " << Source << ": "
              << out(Problem) << "\n";
    return false;
  }
  std::vector<std::string> Problems;
  if (!parseExportText(Text, Entries, Problems)) {
    for (const std::string &Line : Problems)
      std::cerr << "autotune-cache: error: " << Source << ": " << out(Line)
                << "\n";
    std::cerr << "autotune-cache: nothing imported\n";
    return false;
  }
  return true;
}

// Whether Dir may be imported into (or false, with the reason on standard
// error). A missing directory is created (not by --dry-run); anything else
// in its place is an error, found here so that --dry-run finds it too.
bool canImportInto(const std::string &Dir) {
  std::string Problem;
  struct stat Status;
  if (::stat(Dir.c_str(), &Status) == 0 && !S_ISDIR(Status.st_mode))
    Problem = Dir + " is not a directory";
  else if (isTrustedCacheDirectory(Dir, Problem))
    Problem.clear();
  if (Problem.empty())
    return true;
  std::cerr << "autotune-cache: error: not importing into " << out(Dir) << ": "
            << out(Problem) << "\n";
  return false;
}

// Leaves out the unfinished entries (an online race still open): such an
// entry is continued only by the program that left it, in the cache it left
// it in.
void leaveOutUnfinished(std::vector<CacheEntry> &Entries,
                        const std::string &Source) {
  std::size_t Unfinished = 0;
  for (std::size_t I = Entries.size(); I-- > 0;)
    if (Entries[I].Unfinished) {
      Entries.erase(Entries.begin() + static_cast<std::ptrdiff_t>(I));
      ++Unfinished;
    }
  if (Unfinished)
    std::cout << plural(Unfinished, "unfinished entry", "unfinished entries")
              << " of " << Source
              << " left out: an online race still open is no result\n";
}

// One plan per file name: of entries of the same site, device and key (a
// merged export), the one tuned last, as between the file and the cache.
std::vector<Planned> planByName(std::vector<CacheEntry> &Entries,
                                const std::string &Source) {
  std::vector<Planned> Plan;
  std::map<std::string, std::size_t> ByName;
  std::size_t Merged = 0;
  for (CacheEntry &Entry : Entries) {
    Planned P;
    P.Name = cacheFileName(Entry);
    P.Text = serializeCacheEntry(Entry);
    P.Entry = std::move(Entry);
    auto [It, Added] = ByName.emplace(P.Name, Plan.size());
    if (Added) {
      Plan.push_back(std::move(P));
      continue;
    }
    ++Merged;
    if (!(sortableTime(Plan[It->second].Entry.TunedAt) >
          sortableTime(P.Entry.TunedAt)))
      Plan[It->second] = std::move(P);
  }
  if (Merged)
    std::cout << plural(Merged, "entry", "entries") << " of " << Source
              << " left out: another entry there has the same site, device "
                 "and key and was not tuned earlier\n";
  return Plan;
}

bool writes(const Planned &P) {
  return P.What != Action::KeepNewer && P.What != Action::Unchanged;
}

// Decides what each plan does, counting the decisions; false (with the
// reasons on standard error) where any of them cannot be carried out, all
// found before anything is written: an import is all or nothing.
bool decideAll(const std::string &Dir, std::vector<Planned> &Plan, bool Force,
               std::map<Action, std::size_t> &Count) {
  bool Refused = false;
  for (Planned &P : Plan) {
    P.What = decide(Dir, P, Force);
    ++Count[P.What];
    if (P.What == Action::Refuse) {
      std::cerr << "autotune-cache: error: not replacing "
                << out(joinPath(Dir, P.Name)) << " with " << entryText(P)
                << ": it is not an autotune cache file\n";
      Refused = true;
    }
    if (writes(P) && P.Text.empty()) {
      std::cerr << "autotune-cache: error: " << entryText(P)
                << " is too large for a cache file\n";
      Refused = true;
    }
  }
  return !Refused;
}

// Carries out the plan (or, with DryRun, only says what it would do), a
// line each; a file that cannot be written is reported and not counted.
// Returns how many could not be written.
int carryOut(const std::string &Dir, const std::vector<Planned> &Plan,
             bool DryRun, std::map<Action, std::size_t> &Count) {
  int Failures = 0;
  std::string Problem;
  for (const Planned &P : Plan) {
    if (writes(P) && !DryRun && !writeCacheFile(Dir, P.Name, P.Text, Problem)) {
      std::cerr << "autotune-cache: error: " << out(Problem) << "\n";
      ++Failures;
      --Count[P.What];
      continue;
    }
    std::cout << actionLine(P, DryRun) << "\n";
  }
  return Failures;
}

} // namespace

int importCommand(const std::string &Dir, const ImportRequest &Request) {
  std::string Source =
      Request.File == "-" ? "standard input" : out(Request.File);
  std::vector<CacheEntry> Entries;
  if (!readExport(Request, Source, Entries) || !canImportInto(Dir))
    return 1;
  leaveOutUnfinished(Entries, Source);
  std::vector<Planned> Plan = planByName(Entries, Source);
  std::map<Action, std::size_t> Count;
  if (!decideAll(Dir, Plan, Request.Force, Count)) {
    std::cerr << "autotune-cache: nothing imported\n";
    return 1;
  }
  std::string Problem;
  if (!Request.DryRun && !makeCacheDirectory(Dir, Problem)) {
    std::cerr << "autotune-cache: error: not importing into " << out(Dir)
              << ": " << out(Problem) << "\n";
    return 1;
  }
  int Failures = carryOut(Dir, Plan, Request.DryRun, Count);
  std::cout << summaryLine(Count, Dir, Request.DryRun) << "\n";
  return Failures ? 1 : 0;
}

} // namespace autotune
