// autotune-cache: lists, shows, clears, exports, imports, prunes and reports
// on the entries of the persistent tuning cache, prints the clause that pins
// a winner and draws a site's measured times as SVG (docs/cache.md). It reads
// the files with the runtime's own code (CacheFile, CacheDirectory,
// Environment), so it accepts exactly the entries a program would use, and
// reports the others.
#include "ImportCommand.h"
#include "LoadedEntries.h"
#include "PinCommand.h"
#include "PlotCommand.h"
#include "ReportCommand.h"
#include "SiteEntries.h"
#include "StaleEntries.h"
#include "cache/CacheDirectory.h"
#include "cache/CacheFile.h"
#include "cache/ExportFile.h"
#include "fleet/TuningLease.h"
#include "support/Environment.h"
#include "support/TextFormat.h"
#include "support/Version.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

namespace {

using namespace autotune;

const char *const Usage =
    "usage: autotune-cache [--dir DIR] COMMAND\n"
    "       autotune-cache --version\n"
    "\n"
    "commands:\n"
    "  list [--binary F]...         a table of every entry: site, key, "
    "device,\n"
    "                               winner, speed-up over the default, date,\n"
    "                               state (stale: a program F has its site\n"
    "                               but none can use it; other: no F has its\n"
    "                               site)\n"
    "  show SITE                    everything about the entries of SITE (its\n"
    "                               name as in the log, or its name(...))\n"
    "  clear [--site S] [--device D]\n"
    "                               remove entries: all of them (and damaged\n"
    "                               cache files), or those of site S and/or "
    "of\n"
    "                               the devices whose model contains D; files\n"
    "                               that are not the cache's are left\n"
    "  export --json | --csv        every entry, to standard output\n"
    "  import [--force] [--dry-run] FILE\n"
    "                               the entries of FILE (export --json, or a\n"
    "                               cache file; - is standard input), each\n"
    "                               checked first; a local entry tuned later\n"
    "                               is kept unless --force\n"
    "  prune [--dry-run] (--binary F... | --superseded)\n"
    "                               remove the entries of the sites of the\n"
    "                               programs F that none of them can use (F\n"
    "                               must hold a site of the cache), or those\n"
    "                               a newer entry of the same site replaces\n"
    "                               (a guess)\n"
    "  pin SITE [--key K[,K...]] [--top N]\n"
    "                               the clause that fixes the winner in the\n"
    "                               source, per entry of SITE (or of key K):\n"
    "                               default(P = v); with --top, configs(...)\n"
    "                               of the N fastest measured points\n"
    "  plot SITE [--key K[,K...]] [--output FILE]\n"
    "                               an SVG picture of each entry of SITE\n"
    "                               (or of key K): the fastest run of every\n"
    "                               point, as bars (one parameter) or heat\n"
    "                               maps (more); to standard output (or -)\n"
    "                               or FILE (a device or pipe is written in\n"
    "                               place)\n"
    "  report [--site S]            per site, device and key: the winner, "
    "its\n"
    "                               speed-up over the default, tuning time "
    "and\n"
    "                               points measured/failed/rejected/cut; "
    "totals\n"
    "\n"
    "Options also take the form --dir=DIR; '--' ends the options (show -- "
    "-x).\n"
    "The directory is DIR, else $AUTOTUNE_CACHE_DIR, else\n"
    "$XDG_CACHE_HOME/autotune, else ~/.cache/autotune.\n";

int usageError(const std::string &Message) {
  std::cerr << "autotune-cache: error: " << Message << "\n"
            << "run 'autotune-cache --help' for usage\n";
  return 2;
}

// Every file name, field and message from the cache or the environment
// goes through this before it is printed.
std::string out(const std::string &Text) { return printable(Text); }

std::string speedUpText(const CacheEntry &E) {
  if (E.Unfinished)
    return "-";
  if (E.Winner == E.Default)
    return "default";
  return E.SpeedUp > 0 ? formatSpeedUp(E.SpeedUp) : "-";
}

std::string secondsText(double Seconds) {
  return Seconds < 0 ? "-" : formatSeconds(Seconds);
}

std::string keyText(const CacheEntry &E) {
  std::string Key = formatCachedKey(E);
  return Key.empty() ? "-" : Key;
}

void printTable(const std::vector<std::vector<std::string>> &Rows) {
  std::vector<std::size_t> Widths;
  for (const auto &Row : Rows)
    for (std::size_t C = 0; C < Row.size(); ++C) {
      if (Widths.size() <= C)
        Widths.push_back(0);
      Widths[C] = std::max(Widths[C], Row[C].size());
    }
  for (const auto &Row : Rows) {
    std::string Line;
    for (std::size_t C = 0; C < Row.size(); ++C) {
      Line += Row[C];
      if (C + 1 < Row.size())
        Line += std::string(Widths[C] - Row[C].size() + 2, ' ');
    }
    Line.erase(Line.find_last_not_of(' ') + 1);
    std::cout << Line << "\n";
  }
}

// The state of each of Entries (StaleEntries.h); empty when a program
// cannot be read, or holds no site of any entry: what it owns cannot be
// told, and taking it for a program that owns nothing would make every
// entry stale (a directory, /bin/ls, a launcher script, a program whose
// sites are in a shared library).
std::vector<EntryState> statesOf(const std::vector<LoadedEntry> &Entries,
                                 const std::vector<std::string> &Programs,
                                 bool &Ok) {
  std::vector<std::string> Binaries(Programs.size());
  std::string Problem;
  Ok = false;
  for (std::size_t I = 0; I < Programs.size(); ++I) {
    if (!readBinary(Programs[I], Binaries[I], Problem)) {
      std::cerr << "autotune-cache: error: " << out(Problem) << "\n";
      return {};
    }
    bool HasSite = Entries.empty();
    for (const LoadedEntry &L : Entries)
      HasSite = HasSite || hasSiteOf(Binaries[I], L.Entry);
    if (!HasSite) {
      std::cerr << "autotune-cache: error: " << out(Programs[I])
                << " holds no site of an entry in this cache: not a program "
                   "built with autotune, or its sites are in a shared "
                   "library (give that library to '--binary')\n";
      return {};
    }
  }
  Ok = true;
  std::vector<const CacheEntry *> List;
  for (const LoadedEntry &L : Entries)
    List.push_back(&L.Entry);
  return entryStates(List, Binaries);
}

int list(const std::string &Dir, const std::vector<std::string> &Programs) {
  std::vector<LoadedEntry> Entries;
  if (!loadEntries(Dir, Entries))
    return 1;
  if (Entries.empty()) {
    std::cout << "no entries in " << out(Dir) << "\n";
    return 0;
  }
  bool Ok;
  std::vector<EntryState> States = statesOf(Entries, Programs, Ok);
  if (!Ok)
    return 1;
  std::vector<std::vector<std::string>> Rows = {
      {"SITE", "KEY", "DEVICE", "WINNER", "SPEEDUP", "TUNED", "STATE"}};
  for (std::size_t I = 0; I < Entries.size(); ++I) {
    const CacheEntry &E = Entries[I].Entry;
    // An unfinished entry has no winner: what its race has run so far.
    Rows.push_back({out(E.Site), keyText(E), out(E.DeviceModel),
                    E.Unfinished ? "(" + describeUnfinished(E) + ")"
                                 : out(formatCachedPoint(E, E.Winner)),
                    speedUpText(E), out(E.TunedAt), entryStateName(States[I])});
  }
  printTable(Rows);
  return 0;
}

int show(const std::string &Dir, const std::string &Site) {
  std::vector<LoadedEntry> Entries;
  if (!loadEntries(Dir, Entries))
    return 1;
  bool Found = false;
  for (const LoadedEntry &L : Entries) {
    const CacheEntry &E = L.Entry;
    if (!isEntryOfSite(E, Site))
      continue;
    if (Found)
      std::cout << "\n";
    Found = true;
    std::cout << "site:        " << out(E.Site) << "\n"
              << "file:        " << out(joinPath(Dir, L.File)) << "\n"
              << "source:      " << out(E.File) << ":" << E.Line << "\n"
              << "function:    " << out(E.Function) << "\n"
              << "pragma:      " << out(E.Pragma) << "\n"
              << "statement:   " << out(E.Statement) << "\n";
    std::cout << "fingerprint: " << hex64(E.Fingerprint) << "\n"
              << "device:      " << out(E.DeviceModel) << "\n";
    if (!E.Driver.empty() || !E.Runtime.empty())
      std::cout << "driver:      " << (E.Driver.empty() ? "-" : out(E.Driver))
                << ", runtime " << (E.Runtime.empty() ? "-" : out(E.Runtime))
                << "\n";
    std::cout << "key:         " << keyText(E) << "\n";
    if (E.Unfinished)
      std::cout << "winner:      none yet (" << describeUnfinished(E)
                << "; leading: " << out(formatCachedPoint(E, E.Winner))
                << ")\n";
    else
      std::cout << "winner:      " << out(formatCachedPoint(E, E.Winner))
                << "\n";
    std::cout << "default:     " << out(formatCachedPoint(E, E.Default)) << "\n"
              << "speed-up:    " << speedUpText(E) << "\n";
    if (E.TieBand >= 0 && !E.Fastest.empty())
      std::cout << "tie band:    " << formatPercent(E.TieBand)
                << " (the points marked 'tie' ran within it of the fastest, "
                << out(formatCachedPoint(E, E.Fastest))
                << ": the default point, else the first in the space's "
                   "order, wins)\n";
    std::cout << (E.Unfinished ? "raced:       " : "tuned:       ")
              << out(E.TunedAt) << " in " << secondsText(E.TuningSeconds)
              << "\n";
    if (E.Variants.empty())
      continue;
    std::vector<std::vector<std::string>> Rows;
    std::vector<std::string> Header;
    for (const std::string &Param : E.Params)
      Header.push_back(out(Param));
    Header.insert(Header.end(), {"STATUS", "MEDIAN", "RUNS", ""});
    Rows.push_back(Header);
    for (const CachedVariant &V : E.Variants) {
      std::vector<std::string> Row;
      for (long long Value : V.Point)
        Row.push_back(std::to_string(Value));
      std::string Note = V.Point != E.Winner ? ""
                         : E.Unfinished      ? "leading"
                                             : "winner";
      if (V.Point == E.Default)
        Note += Note.empty() ? "default" : ", default";
      if (V.Point != E.Winner && isInTieBand(E, V))
        Note += Note.empty() ? "tie" : ", tie";
      if (!V.Problem.empty())
        Note += (Note.empty() ? "" : "; ") + V.Problem;
      Row.insert(Row.end(), {out(V.Status), secondsText(V.Median),
                             std::to_string(V.Samples.size()), out(Note)});
      Rows.push_back(Row);
    }
    std::cout << "variants:\n";
    printTable(Rows);
  }
  if (!Found) {
    std::cerr << "autotune-cache: no entry for site '" << out(Site) << "' in "
              << out(Dir) << "\n";
    return 1;
  }
  return 0;
}

// The temporary files in Dir of writers that died: a recent one may belong
// to a program writing its result right now.
std::vector<std::string> deadWritersFiles(const std::string &Dir) {
  std::vector<std::string> Temporary, Dead;
  std::string Problem;
  if (listTemporaryFiles(Dir, Temporary, Problem))
    for (const std::string &Name : Temporary) {
      struct stat Info;
      std::string Path = joinPath(Dir, Name);
      if (::lstat(Path.c_str(), &Info) == 0 && S_ISREG(Info.st_mode) &&
          std::time(nullptr) - Info.st_mtime > 600)
        Dead.push_back(Name);
    }
  return Dead;
}

// Removes the leases of dead tuners; returns how many, and names the leases
// of tunings at work in Live. The markers of ending leases go first: one
// whose maker died keeps its lease.
std::size_t endStaleLeases(const std::string &Dir,
                           std::vector<std::string> &Live) {
  std::size_t Ended = 0;
  std::string Problem;
  double LeaseSeconds = leaseSecondsFrom(processGetenv);
  for (bool (*IsLeaseFile)(const std::string &) :
       {isLeaseEndFileName, isLeaseFileName}) {
    std::vector<std::string> Leases;
    if (listFilesWhere(Dir, IsLeaseFile, Leases, Problem))
      for (const std::string &Name : Leases) {
        if (removeStaleLeaseFile(Dir, Name, LeaseSeconds))
          ++Ended;
        else if (IsLeaseFile == isLeaseFileName)
          Live.push_back(Name);
      }
  }
  return Ended;
}

// Unlinks each of Names in Dir; the number that could not be removed.
int removeFiles(const std::string &Dir, const std::vector<std::string> &Names) {
  int Failures = 0;
  for (const std::string &Name : Names) {
    std::string Path = joinPath(Dir, Name);
    if (::unlink(Path.c_str()) != 0 && errno != ENOENT) {
      std::cerr << "autotune-cache: error: cannot remove " << out(Path) << ": "
                << std::strerror(errno) << "\n";
      ++Failures;
    }
  }
  return Failures;
}

// What clear did, and what it left: live leases, files not of the cache.
void reportCleared(const std::string &Dir, std::size_t Entries,
                   std::size_t Other, const std::vector<std::string> &Live,
                   const std::vector<std::string> &Foreign) {
  std::cout << "removed " << plural(Entries, "entry", "entries");
  if (Other)
    std::cout << " and " << plural(Other, "other file", "other files");
  std::cout << " from " << out(Dir) << "\n";
  if (!Live.empty()) {
    std::cout << "left "
              << (Live.size() == 1
                      ? "the lease of a tuning"
                      : plural(Live.size(), "lease", "leases") + " of tunings")
              << " in progress:";
    for (const std::string &Name : Live)
      std::cout << " " << out(Name);
    std::cout << "\n";
  }
  if (!Foreign.empty()) {
    std::cout << "left " << plural(Foreign.size(), "file", "files") << " that "
              << (Foreign.size() == 1 ? "is not an autotune cache file:"
                                      : "are not autotune cache files:");
    for (const std::string &Name : Foreign)
      std::cout << " " << out(Name);
    std::cout << "\n";
  }
}

// Removes only what is provably the cache's (docs/cache.md, 'clear'):
// valid entries, damaged cache files (classifyCacheFile), old temporary
// files of dead writers and the leases of dead tuners. Everything else in
// Dir is left and counted, so that a mistyped --dir, or
// AUTOTUNE_CACHE_DIR=., loses no file.
int clear(const std::string &Dir, const std::string &Site,
          const std::string &Device) {
  bool Everything = Site.empty() && Device.empty();
  std::vector<LoadedEntry> Entries;
  OtherFiles Others;
  if (!loadEntries(Dir, Entries, &Others))
    return 1;
  std::string Problem;
  if (!isTrustedCacheDirectory(Dir, Problem)) {
    std::cerr << "autotune-cache: error: not clearing " << out(Dir) << ": "
              << out(Problem) << "\n";
    return 1;
  }
  std::vector<std::string> Remove, LiveLeases;
  std::size_t LeasesEnded = 0;
  for (const LoadedEntry &L : Entries)
    if ((Site.empty() || isEntryOfSite(L.Entry, Site)) &&
        (Device.empty() ||
         L.Entry.DeviceModel.find(Device) != std::string::npos))
      Remove.push_back(L.File);
  std::size_t Entry = Remove.size();
  if (Everything) {
    for (const std::string &Name : Others.Damaged)
      std::cerr << "autotune-cache: removing damaged cache file "
                << out(joinPath(Dir, Name)) << "\n";
    Remove.insert(Remove.end(), Others.Damaged.begin(), Others.Damaged.end());
    std::vector<std::string> Dead = deadWritersFiles(Dir);
    Remove.insert(Remove.end(), Dead.begin(), Dead.end());
    LeasesEnded = endStaleLeases(Dir, LiveLeases);
  }
  int Failures = removeFiles(Dir, Remove);
  reportCleared(Dir, Entry, Remove.size() - Entry + LeasesEnded, LiveLeases,
                Others.Foreign);
  return Failures ? 1 : 0;
}

// A field of RFC 4180: quoted when it holds a comma, a quote or a line
// break, quotes doubled; control characters escaped first, as everywhere.
// A field that a spreadsheet would take for a formula (it starts with =,
// +, -, @, a tab or a carriage return: a site named "=HYPERLINK(...)", a
// negative key) starts with a ' that keeps it text.
std::string csvField(const std::string &Raw) {
  std::string Text = out(Raw);
  if (!Raw.empty() && std::strchr("=+-@\t\r", Raw[0]))
    Text.insert(0, "'");
  if (Text.find_first_of(",\"\n\r") == std::string::npos)
    return Text;
  std::string Quoted = "\"";
  for (char C : Text) {
    if (C == '"')
      Quoted += '"';
    Quoted += C;
  }
  return Quoted + "\"";
}

int exportEntries(const std::string &Dir, bool Json) {
  std::vector<LoadedEntry> Entries;
  if (!loadEntries(Dir, Entries))
    return 1;
  // An unfinished entry is an online race to be continued by the program
  // that left it, not a result to ship: left out, and said.
  std::size_t Unfinished = 0;
  for (std::size_t I = Entries.size(); I-- > 0;)
    if (Entries[I].Entry.Unfinished) {
      Entries.erase(Entries.begin() + static_cast<std::ptrdiff_t>(I));
      ++Unfinished;
    }
  if (Unfinished)
    std::cerr << "autotune-cache: left out "
              << plural(Unfinished, "unfinished entry", "unfinished entries")
              << " (online races still open)\n";
  if (Json) {
    // The entries exactly as stored, with the file each came from.
    std::vector<ExportedEntry> Exported;
    for (const LoadedEntry &L : Entries)
      Exported.push_back({L.Entry, L.File});
    std::cout << serializeExport(Exported);
    return 0;
  }
  std::cout << "site,name,function,source,key,device,driver,runtime,winner,"
               "default,speedup,tuned_at,tuning_seconds,file\n";
  for (const LoadedEntry &L : Entries) {
    const CacheEntry &E = L.Entry;
    std::string Key;
    for (std::size_t I = 0; I < E.Key.size(); ++I)
      Key +=
          (I ? " " : "") + formatKeyValue(E.Key[I], I < E.KeyUnsigned.size() &&
                                                        E.KeyUnsigned[I]);
    std::vector<std::string> Fields = {
        E.Site,
        E.Name,
        E.Function,
        E.File + ":" + std::to_string(E.Line),
        Key,
        E.DeviceModel,
        E.Driver,
        E.Runtime,
        formatCachedPoint(E, E.Winner),
        formatCachedPoint(E, E.Default),
        E.SpeedUp > 0 ? formatNumber("%.6g", E.SpeedUp) : "",
        E.TunedAt,
        formatNumber("%.6g", E.TuningSeconds),
        L.File};
    std::string Line;
    for (std::size_t I = 0; I < Fields.size(); ++I)
      Line += (I ? "," : "") + csvField(Fields[I]);
    std::cout << Line << "\n";
  }
  return 0;
}

// The entries of the site (and key) the user asked for, to PinCommand.
int pin(const std::string &Dir, const SiteRequest &Request, unsigned Top) {
  std::vector<CacheEntry> Entries;
  if (int Status = selectSiteEntries(Dir, Request, Entries, std::cerr))
    return Status;
  return printPinClauses(Entries, Top, std::cout, std::cerr);
}

int prune(const std::string &Dir, const std::vector<std::string> &Programs,
          bool DryRun) {
  std::vector<LoadedEntry> Entries;
  if (!loadEntries(Dir, Entries))
    return 1;
  bool Ok;
  std::vector<EntryState> States = statesOf(Entries, Programs, Ok);
  if (!Ok)
    return 1;
  std::size_t Removed = 0;
  int Failures = 0;
  for (std::size_t I = 0; I < Entries.size(); ++I) {
    if (!isStale(States[I]))
      continue;
    const CacheEntry &E = Entries[I].Entry;
    std::string Path = joinPath(Dir, Entries[I].File);
    if (!DryRun && ::unlink(Path.c_str()) != 0 && errno != ENOENT) {
      std::cerr << "autotune-cache: error: cannot remove " << out(Path) << ": "
                << std::strerror(errno) << "\n";
      ++Failures;
      continue;
    }
    ++Removed;
    std::cout << (DryRun ? "would remove " : "removed ") << out(E.Site) << " "
              << keyText(E) << " " << out(E.DeviceModel) << " ("
              << entryStateName(States[I]) << "): " << out(Entries[I].File)
              << "\n";
  }
  std::cout << (DryRun ? "would remove " : "removed ") << Removed
            << (Removed == 1 ? " entry" : " entries") << " from " << out(Dir)
            << "\n";
  return Failures ? 1 : 0;
}

// What the command line says.
struct Invocation {
  std::string Command, Dir, Site, Device, Format, Output;
  SiteRequest Selection;
  unsigned Top = 0;
  std::vector<std::string> Operands, Programs;
  bool DryRun = false, Superseded = false, Force = false;
  // The options given (Option bits), each with its spelling, in order.
  std::vector<std::pair<unsigned, std::string>> Given;
};

// The options a command may take.
enum Option : unsigned {
  SiteOption = 1 << 0,
  DeviceOption = 1 << 1,
  BinaryOption = 1 << 2,
  KeyOption = 1 << 3,
  TopOption = 1 << 4,
  OutputOption = 1 << 5,
  DryRunOption = 1 << 6,
  ForceOption = 1 << 7,
  SupersededOption = 1 << 8,
  FormatOption = 1 << 9,
};

// An option: its spelling, what it needs (null: it takes no value), and
// what stores it (false: the value is not what it needs).
struct OptionSpec {
  const char *Spelling;
  Option Bit;
  const char *Needs;
  bool (*Store)(Invocation &I, const std::string &Value);
};

const OptionSpec Options[] = {
    {"--site", SiteOption, "a site name",
     [](Invocation &I, const std::string &V) { return !(I.Site = V).empty(); }},
    {"--device", DeviceOption, "a device model (or part of one)",
     [](Invocation &I, const std::string &V) {
       return !(I.Device = V).empty();
     }},
    {"--binary", BinaryOption, "a program",
     [](Invocation &I, const std::string &V) {
       I.Programs.push_back(V);
       return !V.empty();
     }},
    {"--key", KeyOption,
     "the key's values, separated by commas ('--key 4096' or '--key "
     "4096,64')",
     [](Invocation &I, const std::string &V) {
       I.Selection.HasKey = true;
       return parseKeyValues(V, I.Selection.Key, I.Selection.KeyUnsigned);
     }},
    {"--top", TopOption, "a number of points (1 or more)",
     [](Invocation &I, const std::string &V) { return parsePinTop(V, I.Top); }},
    {"--output", OutputOption, "a file",
     [](Invocation &I, const std::string &V) {
       return !(I.Output = V).empty();
     }},
    {"--dry-run", DryRunOption, nullptr,
     [](Invocation &I, const std::string &) { return I.DryRun = true; }},
    {"--force", ForceOption, nullptr,
     [](Invocation &I, const std::string &) { return I.Force = true; }},
    {"--superseded", SupersededOption, nullptr,
     [](Invocation &I, const std::string &) { return I.Superseded = true; }},
    {"--json", FormatOption, nullptr,
     [](Invocation &I, const std::string &) {
       bool Alone = I.Format.empty() || I.Format == "--json";
       I.Format = "--json";
       return Alone;
     }},
    {"--csv", FormatOption, nullptr,
     [](Invocation &I, const std::string &) {
       bool Alone = I.Format.empty() || I.Format == "--csv";
       I.Format = "--csv";
       return Alone;
     }},
};

// A command: its name, the options it takes, what its one operand is (null:
// it takes none) and what runs it.
struct Command {
  const char *Name;
  unsigned Takes;
  const char *Operand;
  int (*Run)(const std::string &Dir, Invocation &I);
};

const Command Commands[] = {
    {"list", BinaryOption, nullptr,
     [](const std::string &Dir, Invocation &I) {
       return list(Dir, I.Programs);
     }},
    {"show", 0, "site name",
     [](const std::string &Dir, Invocation &I) {
       return show(Dir, I.Operands[0]);
     }},
    {"clear", SiteOption | DeviceOption, nullptr,
     [](const std::string &Dir, Invocation &I) {
       return clear(Dir, I.Site, I.Device);
     }},
    {"export", FormatOption, nullptr,
     [](const std::string &Dir, Invocation &I) {
       return exportEntries(Dir, I.Format == "--json");
     }},
    {"import", DryRunOption | ForceOption, "file ('-': standard input)",
     [](const std::string &Dir, Invocation &I) {
       return importCommand(Dir, {I.Operands[0], I.Force, I.DryRun});
     }},
    {"prune", BinaryOption | DryRunOption | SupersededOption, nullptr,
     [](const std::string &Dir, Invocation &I) {
       return prune(Dir, I.Programs, I.DryRun);
     }},
    {"pin", KeyOption | TopOption, "site name",
     [](const std::string &Dir, Invocation &I) {
       I.Selection.Site = I.Operands[0];
       return pin(Dir, I.Selection, I.Top);
     }},
    {"plot", KeyOption | OutputOption, "site name",
     [](const std::string &Dir, Invocation &I) {
       I.Selection.Site = I.Operands[0];
       return plotCommand(Dir, I.Selection, I.Output);
     }},
    {"report", SiteOption, nullptr,
     [](const std::string &Dir, Invocation &I) {
       return reportCommand(Dir, I.Site);
     }},
};

// "list, show, ... or report"; Joiner "and" with quotes: "'pin' and 'plot'".
std::string commandList(unsigned Taking, const char *Quote,
                        const char *Joiner) {
  std::vector<std::string> Names;
  for (const Command &C : Commands)
    if (!Taking || (C.Takes & Taking))
      Names.push_back(std::string(Quote) + C.Name + Quote);
  std::string List;
  for (std::size_t I = 0; I < Names.size(); ++I)
    List += (I == 0                  ? ""
             : I + 1 == Names.size() ? std::string(" ") + Joiner + " "
                                     : ", ") +
            Names[I];
  return List;
}

// Reads Args into I. False with Status set where the command line is done
// (a usage error, or --help).
bool parseArguments(const std::vector<std::string> &Args, Invocation &I,
                    int &Status) {
  bool OptionsEnded = false;
  for (std::size_t At = 0; At < Args.size(); ++At) {
    std::string A = Args[At];
    // "-" is an operand: standard input, for import.
    if (OptionsEnded || A.empty() || A[0] != '-' || A == "-") {
      (I.Command.empty() ? I.Command : I.Operands.emplace_back()) = A;
      continue;
    }
    if (A == "--") {
      OptionsEnded = true;
      continue;
    }
    if (A == "-h" || A == "--help") {
      std::cout << Usage;
      Status = 0;
      return false;
    }
    if (A == "--version") {
      std::cout << "autotune-cache (" << versionText() << ")\n";
      Status = 0;
      return false;
    }
    // "--dir=DIR" is "--dir DIR".
    std::size_t Equals = A.find('=');
    bool Inline = A.compare(0, 2, "--") == 0 && Equals != std::string::npos;
    std::string Value = Inline ? A.substr(Equals + 1) : "";
    if (Inline)
      A.erase(Equals);
    auto TakeValue = [&] {
      if (!Inline && At + 1 < Args.size() && !Args[At + 1].empty())
        Value = Args[++At];
      return !Value.empty();
    };
    if (A == "--dir") {
      if (!TakeValue()) {
        Status = usageError("'--dir' needs a directory");
        return false;
      }
      I.Dir = Value;
      continue;
    }
    const OptionSpec *Spec = nullptr;
    for (const OptionSpec &O : Options)
      if (A == O.Spelling)
        Spec = &O;
    if (!Spec) {
      Status = usageError("unknown option '" + out(Args[At]) + "'");
      return false;
    }
    if (!Spec->Needs && Inline) {
      Status = usageError("'" + A + "' takes no value");
      return false;
    }
    if (Spec->Needs ? !TakeValue() || !Spec->Store(I, Value)
                    : !Spec->Store(I, Value)) {
      Status = usageError(Spec->Needs ? "'" + A + "' needs " + Spec->Needs
                                      : "give one of '--json' and '--csv'");
      return false;
    }
    I.Given.push_back({Spec->Bit, A});
  }
  return true;
}

// The command I names, after checking what I gives it; null with Status
// set on a usage error.
const Command *checkedCommand(const Invocation &I, int &Status) {
  const Command *C = nullptr;
  for (const Command &Each : Commands)
    if (I.Command == Each.Name)
      C = &Each;
  std::string Error;
  if (I.Command.empty())
    Error = "no command given (" + commandList(0, "", "or") + ")";
  else if (!C)
    Error = "unknown command '" + out(I.Command) + "' (expected " +
            commandList(0, "", "or") + ")";
  for (const auto &[Bit, Spelling] : I.Given)
    if (Error.empty() && !(C->Takes & Bit))
      Error =
          "'" + Spelling + "' is an option of " + commandList(Bit, "'", "and");
  if (Error.empty() && C->Takes & SupersededOption &&
      I.Programs.empty() == !I.Superseded)
    Error = I.Superseded
                ? "give either '--binary' or '--superseded', not both"
                : "'prune' needs the programs that use the cache ('--binary "
                  "F', once per program), or '--superseded' to remove the "
                  "entries a newer build of the same site replaced (a guess: "
                  "another build in use tunes again)";
  if (Error.empty() &&
      (C->Operand ? I.Operands.size() != 1 : !I.Operands.empty()))
    Error = C->Operand ? "'" + I.Command + "' needs exactly one " + C->Operand
                       : "unexpected argument '" + out(I.Operands[0]) + "'";
  if (Error.empty() && C->Takes & FormatOption && I.Format.empty())
    Error = "'export' needs '--json' or '--csv'";
  if (Error.empty())
    return C;
  Status = usageError(Error);
  return nullptr;
}

} // namespace

int main(int Argc, char **Argv) {
  Invocation I;
  int Status = 0;
  if (!parseArguments(std::vector<std::string>(Argv + 1, Argv + Argc), I,
                      Status))
    return Status;
  const Command *C = checkedCommand(I, Status);
  if (!C)
    return Status;
  std::string Dir = I.Dir.empty() ? cacheDirectoryFrom(processGetenv) : I.Dir;
  if (Dir.empty())
    return usageError("no cache directory: give --dir DIR, or set "
                      "AUTOTUNE_CACHE_DIR or HOME");
  std::string Problem;
  // clear and import refuse such a directory, and say so.
  if (I.Command != "clear" && I.Command != "import" &&
      !isTrustedCacheDirectory(Dir, Problem))
    std::cerr << "autotune-cache: warning: programs do not use this cache: "
              << out(Problem) << "\n";
  return C->Run(Dir, I);
}
