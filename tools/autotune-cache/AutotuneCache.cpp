// autotune-cache: lists, shows, clears and exports the entries of the
// persistent tuning cache (docs/cache.md). It reads the files with the
// runtime's own code (CacheFile, CacheDirectory), so it accepts exactly the
// entries a program would use, and reports the others.
#include "CacheDirectory.h"
#include "CacheFile.h"
#include "StaleEntries.h"
#include "TextFormat.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
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
    "\n"
    "commands:\n"
    "  list [--binary F]...         a table of every entry: site, key, "
    "device,\n"
    "                               winner, speed-up over the default, date,\n"
    "                               state (stale: no program F can use it)\n"
    "  show SITE                    everything about the entries of SITE (its\n"
    "                               name as in the log, or its name(...))\n"
    "  clear [--site S] [--device D]\n"
    "                               remove entries: all of them (and damaged\n"
    "                               files), or those of site S and/or of the\n"
    "                               devices whose model contains D\n"
    "  export --json | --csv        every entry, to standard output\n"
    "  prune [--dry-run] [--binary F]...\n"
    "                               remove the entries no program F can use\n"
    "                               (without F: those a newer entry of the\n"
    "                               same site replaces)\n"
    "\n"
    "The directory is DIR, else $AUTOTUNE_CACHE_DIR, else\n"
    "$XDG_CACHE_HOME/autotune, else ~/.cache/autotune.\n";

int usageError(const std::string &Message) {
  std::cerr << "autotune-cache: error: " << Message << "\n"
            << "run 'autotune-cache --help' for usage\n";
  return 2;
}

struct LoadedEntry {
  std::string File; // name inside the directory
  CacheEntry Entry;
};

// The valid entries of Dir, sorted by site, device and key; every other
// file is reported on stderr. False when Dir cannot be listed.
bool loadEntries(const std::string &Dir, std::vector<LoadedEntry> &Entries,
                 std::vector<std::string> *Invalid = nullptr) {
  std::vector<std::string> Names;
  std::string Problem;
  if (!listCacheFiles(Dir, Names, Problem)) {
    std::cerr << "autotune-cache: error: " << Problem << "\n";
    return false;
  }
  for (const std::string &Name : Names) {
    LoadedEntry L;
    L.File = Name;
    if (readCacheFile(Dir + "/" + Name, L.Entry, Problem) != ReadStatus::Ok) {
      if (Problem.empty())
        Problem = "vanished while being read";
      std::cerr << "autotune-cache: warning: ignoring " << Dir << "/" << Name
                << ": " << Problem << "\n";
      if (Invalid)
        Invalid->push_back(Name);
      continue;
    }
    Entries.push_back(std::move(L));
  }
  std::sort(Entries.begin(), Entries.end(),
            [](const LoadedEntry &A, const LoadedEntry &B) {
              const CacheEntry &X = A.Entry, &Y = B.Entry;
              if (X.Site != Y.Site)
                return X.Site < Y.Site;
              if (X.DeviceModel != Y.DeviceModel)
                return X.DeviceModel < Y.DeviceModel;
              if (X.Key != Y.Key)
                return X.Key < Y.Key;
              return A.File < B.File;
            });
  return true;
}

bool siteMatches(const CacheEntry &E, const std::string &Site) {
  return E.Site == Site || E.Name == Site;
}

std::string speedUpText(const CacheEntry &E) {
  if (E.Winner == E.Default)
    return "default";
  return E.SpeedUp > 0 ? formatNumber("%.3gx", E.SpeedUp) : "-";
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
// cannot be read.
std::vector<EntryState> statesOf(const std::vector<LoadedEntry> &Entries,
                                 const std::vector<std::string> &Programs,
                                 bool &Ok) {
  std::vector<std::string> Binaries(Programs.size());
  std::string Problem;
  Ok = true;
  for (std::size_t I = 0; I < Programs.size(); ++I)
    if (!readBinary(Programs[I], Binaries[I], Problem)) {
      std::cerr << "autotune-cache: error: " << Problem << "\n";
      Ok = false;
      return {};
    }
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
    std::cout << "no entries in " << Dir << "\n";
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
    Rows.push_back({E.Site, keyText(E), E.DeviceModel,
                    formatCachedPoint(E, E.Winner), speedUpText(E), E.TunedAt,
                    entryStateName(States[I])});
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
    if (!siteMatches(E, Site))
      continue;
    if (Found)
      std::cout << "\n";
    Found = true;
    std::cout << "site:        " << E.Site << "\n"
              << "file:        " << Dir << "/" << L.File << "\n"
              << "source:      " << E.File << ":" << E.Line << "\n"
              << "function:    " << E.Function << "\n"
              << "pragma:      " << E.Pragma << "\n"
              << "statement:   " << E.Statement << "\n";
    char Fingerprint[17];
    std::snprintf(Fingerprint, sizeof Fingerprint, "%016llx",
                  static_cast<unsigned long long>(E.Fingerprint));
    std::cout << "fingerprint: " << Fingerprint << "\n"
              << "device:      " << E.DeviceModel << "\n";
    if (!E.Driver.empty() || !E.Runtime.empty())
      std::cout << "driver:      " << (E.Driver.empty() ? "-" : E.Driver)
                << ", runtime " << (E.Runtime.empty() ? "-" : E.Runtime)
                << "\n";
    std::cout << "key:         " << keyText(E) << "\n"
              << "winner:      " << formatCachedPoint(E, E.Winner) << "\n"
              << "default:     " << formatCachedPoint(E, E.Default) << "\n"
              << "speed-up:    " << speedUpText(E) << "\n"
              << "tuned:       " << E.TunedAt << " in "
              << secondsText(E.TuningSeconds) << "\n";
    if (E.Variants.empty())
      continue;
    std::vector<std::vector<std::string>> Rows;
    std::vector<std::string> Header(E.Params);
    Header.insert(Header.end(), {"STATUS", "MEDIAN", "RUNS", ""});
    Rows.push_back(Header);
    for (const CachedVariant &V : E.Variants) {
      std::vector<std::string> Row;
      for (long long Value : V.Point)
        Row.push_back(std::to_string(Value));
      std::string Note = V.Point == E.Winner ? "winner" : "";
      if (V.Point == E.Default)
        Note += Note.empty() ? "default" : ", default";
      if (!V.Problem.empty())
        Note += (Note.empty() ? "" : "; ") + V.Problem;
      Row.insert(Row.end(), {V.Status, secondsText(V.Median),
                             std::to_string(V.Samples.size()), Note});
      Rows.push_back(Row);
    }
    std::cout << "variants:\n";
    printTable(Rows);
  }
  if (!Found) {
    std::cerr << "autotune-cache: no entry for site '" << Site << "' in " << Dir
              << "\n";
    return 1;
  }
  return 0;
}

int clear(const std::string &Dir, const std::string &Site,
          const std::string &Device) {
  bool Everything = Site.empty() && Device.empty();
  std::vector<LoadedEntry> Entries;
  std::vector<std::string> Invalid;
  if (!loadEntries(Dir, Entries, &Invalid))
    return 1;
  std::vector<std::string> Remove;
  for (const LoadedEntry &L : Entries)
    if ((Site.empty() || siteMatches(L.Entry, Site)) &&
        (Device.empty() ||
         L.Entry.DeviceModel.find(Device) != std::string::npos))
      Remove.push_back(L.File);
  std::size_t Entry = Remove.size();
  if (Everything) {
    // Damaged files and temporaries of writers that died go too.
    Remove.insert(Remove.end(), Invalid.begin(), Invalid.end());
    std::vector<std::string> Temporary;
    std::string Problem;
    // A recent temporary file may belong to a program writing its result
    // right now; only leftovers of writers that died are removed.
    if (listTemporaryFiles(Dir, Temporary, Problem))
      for (const std::string &Name : Temporary) {
        struct stat Info;
        std::string Path = Dir + "/" + Name;
        if (::lstat(Path.c_str(), &Info) == 0 &&
            std::time(nullptr) - Info.st_mtime > 600)
          Remove.push_back(Name);
      }
  }
  int Failures = 0;
  for (const std::string &Name : Remove) {
    std::string Path = Dir + "/" + Name;
    if (::unlink(Path.c_str()) != 0 && errno != ENOENT) {
      std::cerr << "autotune-cache: error: cannot remove " << Path << ": "
                << std::strerror(errno) << "\n";
      ++Failures;
    }
  }
  std::cout << "removed " << Entry << (Entry == 1 ? " entry" : " entries");
  if (Remove.size() > Entry)
    std::cout << " and " << Remove.size() - Entry << " other file"
              << (Remove.size() - Entry == 1 ? "" : "s");
  std::cout << " from " << Dir << "\n";
  return Failures ? 1 : 0;
}

std::string csvField(const std::string &Text) {
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
  if (Json) {
    // The entries exactly as stored, with the file each came from.
    nlohmann::ordered_json All = nlohmann::ordered_json::array();
    for (const LoadedEntry &L : Entries) {
      nlohmann::ordered_json J = nlohmann::ordered_json::parse(
          serializeCacheEntry(L.Entry), nullptr, false);
      if (J.is_discarded())
        continue;
      J["file"] = L.File;
      All.push_back(std::move(J));
    }
    std::cout << All.dump(2, ' ', false,
                          nlohmann::ordered_json::error_handler_t::replace)
              << "\n";
    return 0;
  }
  std::cout << "site,name,function,source,key,device,driver,runtime,winner,"
               "default,speedup,tuned_at,tuning_seconds,file\n";
  for (const LoadedEntry &L : Entries) {
    const CacheEntry &E = L.Entry;
    std::string Key;
    for (std::size_t I = 0; I < E.Key.size(); ++I)
      Key += (I ? " " : "") + std::to_string(E.Key[I]);
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
    std::string Path = Dir + "/" + Entries[I].File;
    if (!DryRun && ::unlink(Path.c_str()) != 0 && errno != ENOENT) {
      std::cerr << "autotune-cache: error: cannot remove " << Path << ": "
                << std::strerror(errno) << "\n";
      ++Failures;
      continue;
    }
    ++Removed;
    std::cout << (DryRun ? "would remove " : "removed ") << E.Site << " "
              << keyText(E) << " " << E.DeviceModel << " ("
              << entryStateName(States[I]) << "): " << Entries[I].File << "\n";
  }
  std::cout << (DryRun ? "would remove " : "removed ") << Removed
            << (Removed == 1 ? " entry" : " entries") << " from " << Dir
            << "\n";
  return Failures ? 1 : 0;
}

const char *processGetenv(const char *Name) { return std::getenv(Name); }

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  std::string Dir, Command, Site, Device, Format;
  std::vector<std::string> Operands, Programs;
  bool DryRun = false;
  for (std::size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    auto Value = [&](std::string &Out) {
      if (I + 1 >= Args.size() || Args[I + 1].empty())
        return false;
      Out = Args[++I];
      return true;
    };
    if (A == "-h" || A == "--help" || A == "help") {
      std::cout << Usage;
      return 0;
    }
    if (A == "--dir") {
      if (!Value(Dir))
        return usageError("'--dir' needs a directory");
    } else if (A == "--site") {
      if (!Value(Site))
        return usageError("'--site' needs a site name");
    } else if (A == "--device") {
      if (!Value(Device))
        return usageError("'--device' needs a device model (or part of one)");
    } else if (A == "--binary") {
      Programs.emplace_back();
      if (!Value(Programs.back()))
        return usageError("'--binary' needs a program");
    } else if (A == "--dry-run") {
      DryRun = true;
    } else if (A == "--json" || A == "--csv") {
      if (!Format.empty() && Format != A)
        return usageError("give one of '--json' and '--csv'");
      Format = A;
    } else if (!A.empty() && A[0] == '-') {
      return usageError("unknown option '" + A + "'");
    } else if (Command.empty()) {
      Command = A;
    } else {
      Operands.push_back(A);
    }
  }
  if (Command.empty())
    return usageError("no command given (list, show, clear, export or prune)");
  if (Command != "list" && Command != "show" && Command != "clear" &&
      Command != "export" && Command != "prune")
    return usageError("unknown command '" + Command +
                      "' (expected list, show, clear, export or prune)");
  if (!Programs.empty() && Command != "list" && Command != "prune")
    return usageError("'--binary' is an option of 'list' and 'prune'");
  if (DryRun && Command != "prune")
    return usageError("'--dry-run' is an option of 'prune'");
  if ((!Site.empty() || !Device.empty()) && Command != "clear")
    return usageError("'--site' and '--device' are options of 'clear'");
  if (!Format.empty() && Command != "export")
    return usageError("'" + Format + "' is an option of 'export'");
  if (Command == "show" ? Operands.size() != 1 : !Operands.empty())
    return usageError(Command == "show"
                          ? "'show' needs exactly one site name"
                          : "unexpected argument '" + Operands[0] + "'");
  if (Command == "export" && Format.empty())
    return usageError("'export' needs '--json' or '--csv'");

  if (Dir.empty())
    Dir = cacheDirectoryFrom(processGetenv);
  if (Dir.empty())
    return usageError("no cache directory: give --dir DIR, or set "
                      "AUTOTUNE_CACHE_DIR or HOME");

  if (Command == "list")
    return list(Dir, Programs);
  if (Command == "prune")
    return prune(Dir, Programs, DryRun);
  if (Command == "show")
    return show(Dir, Operands[0]);
  if (Command == "clear")
    return clear(Dir, Site, Device);
  return exportEntries(Dir, Format == "--json");
}
