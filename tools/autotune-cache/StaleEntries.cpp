// Which entries no program can use any more, by fingerprint or by date
// (StaleEntries.h).
#include "StaleEntries.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <tuple>

#include <sys/stat.h>

namespace autotune {
namespace {

bool containsFingerprint(const std::string &Binary, std::uint64_t Fingerprint) {
  char Bytes[8];
  for (int I = 0; I < 8; ++I)
    Bytes[I] = static_cast<char>((Fingerprint >> (8 * I)) & 0xff);
  return Binary.find(std::string(Bytes, 8)) != std::string::npos;
}

// Entries of one site on one device for one key replace each other.
bool sameSlot(const CacheEntry &A, const CacheEntry &B) {
  return std::tie(A.Name, A.Function, A.Context, A.File, A.DeviceModel) ==
             std::tie(B.Name, B.Function, B.Context, B.File, B.DeviceModel) &&
         sameKey(A, B);
}

// Entries of another driver or CUDA runtime are another machine's (a cache
// shared over a network file system), not an older build's.
bool sameMachine(const CacheEntry &A, const CacheEntry &B) {
  return A.Driver == B.Driver && A.Runtime == B.Runtime;
}

} // namespace

const char *entryStateName(EntryState State) {
  switch (State) {
  case EntryState::Current:
    return "current";
  case EntryState::Stale:
    return "stale";
  case EntryState::Other:
    return "other";
  case EntryState::Latest:
    return "latest";
  case EntryState::Superseded:
    return "superseded";
  }
  return "?";
}

bool isStale(EntryState State) {
  return State == EntryState::Stale || State == EntryState::Superseded;
}

std::vector<EntryState>
entryStates(const std::vector<const CacheEntry *> &Entries,
            const std::vector<std::string> &Binaries) {
  std::vector<EntryState> States;
  for (const CacheEntry *E : Entries) {
    if (!Binaries.empty()) {
      bool Found = false, Owned = false;
      for (const std::string &Binary : Binaries) {
        Found = Found || containsFingerprint(Binary, E->Fingerprint);
        Owned = Owned || hasSiteOf(Binary, *E);
      }
      States.push_back(Found   ? EntryState::Current
                       : Owned ? EntryState::Stale
                               : EntryState::Other);
      continue;
    }
    // ISO 8601 times in UTC compare as text.
    bool Newer = false;
    for (const CacheEntry *Other : Entries)
      Newer =
          Newer ||
          (Other != E && sameSlot(*E, *Other) && sameMachine(*E, *Other) &&
           Other->Fingerprint != E->Fingerprint && Other->TunedAt > E->TunedAt);
    States.push_back(Newer ? EntryState::Superseded : EntryState::Latest);
  }
  return States;
}

bool hasSiteOf(const std::string &Binary, const CacheEntry &Entry) {
  auto Holds = [&](const std::string &Text) {
    return Binary.find(Text + '\0') != std::string::npos;
  };
  return !Entry.Name.empty() && Holds(Entry.Name) && Holds(Entry.File);
}

bool readBinary(const std::string &Path, std::string &Data,
                std::string &Problem) {
  struct stat Info;
  if (::stat(Path.c_str(), &Info) != 0) {
    Problem = "cannot read " + Path + ": " + std::strerror(errno);
    return false;
  }
  if (!S_ISREG(Info.st_mode)) {
    Problem = "cannot read " + Path + ": " +
              (S_ISDIR(Info.st_mode) ? "it is a directory, not a program"
                                     : "it is not a regular file");
    return false;
  }
  Data.clear();
  if (Info.st_size == 0)
    return true;
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Problem = "cannot read " + Path + ": " + std::strerror(errno);
    return false;
  }
  std::ostringstream Bytes;
  Bytes << In.rdbuf();
  if (In.bad() || !Bytes) {
    Problem = "cannot read " + Path + ": a read failed";
    return false;
  }
  Data = Bytes.str();
  return true;
}

} // namespace autotune
