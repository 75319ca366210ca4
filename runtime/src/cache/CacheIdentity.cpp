// Site labels and cache file names (CacheIdentity.h).
#include "cache/CacheIdentity.h"
#include "support/TextFormat.h"

#include <cstdio>

namespace autotune {
namespace {

// The characters a label keeps in a file name; others become '_'.
bool isFileNameSafe(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '.' || C == '-' || C == '_';
}

} // namespace

std::uint64_t stableHash(const std::string &Text, std::uint64_t Seed) {
  std::uint64_t H = Seed;
  for (unsigned char C : Text) {
    H ^= C;
    H *= 0x100000001b3ull;
  }
  return H;
}

std::string siteLabel(const SiteInfo &Info) {
  std::string Label = Info.Name ? Info.Name : "?";
  // __PRETTY_FUNCTION__ of an instantiation ends in its arguments: clang
  // "void f(T) [T = float]", GCC (nvcc's host compiler) "[with T = float]".
  std::string Function = Info.Function ? Info.Function : "";
  if (Function.empty() || Function.back() != ']')
    return Label;
  int Depth = 0;
  std::size_t Open = std::string::npos;
  for (std::size_t I = Function.size(); I-- > 0;) {
    if (Function[I] == ']')
      ++Depth;
    else if (Function[I] == '[' && --Depth == 0) {
      Open = I;
      break;
    }
  }
  if (Open == std::string::npos || Open == 0 || Function[Open - 1] != ' ')
    return Label;
  std::string Arguments = Function.substr(Open + 1, Function.size() - Open - 2);
  if (Arguments.compare(0, 5, "with ") == 0)
    Arguments.erase(0, 5);
  constexpr std::size_t MaxArguments = 48;
  if (Arguments.size() > MaxArguments) {
    char Suffix[16];
    std::snprintf(Suffix, sizeof Suffix, "...#%08x",
                  static_cast<unsigned>(stableHash(Function) >> 32));
    Arguments = Arguments.substr(0, MaxArguments - 12) + Suffix;
  }
  return Label + "[" + Arguments + "]";
}

std::string cacheFileName(const CacheEntry &Identity) {
  // Not the driver and runtime versions: a driver update finds the entry
  // tuned under the old one, uses it (the compiled code is the same) and
  // replaces it when it tunes again (AUTOTUNE_STRICT=1).
  std::string Key = Identity.Name + '\0' + Identity.Function + '\0' +
                    hex64(Identity.Fingerprint) + '\0' + Identity.DeviceModel;
  for (long long K : Identity.Key)
    Key += '\0' + std::to_string(K);
  std::string Label;
  for (char C : Identity.Site.empty() ? Identity.Name : Identity.Site) {
    if (Label.size() >= 48)
      break;
    Label += isFileNameSafe(C) ? C : '_';
  }
  if (Label.empty() || Label[0] == '.')
    Label.insert(Label.begin(), '_');
  return Label + "-" + hex64(stableHash(Key)) + ".json";
}

bool isCacheFileName(const std::string &Name) {
  // "<label>-" + 16 hex digits + ".json"
  constexpr std::size_t Tail = 1 + 16 + 5, MaxLabel = 49;
  if (Name.size() <= Tail || Name.size() > Tail + MaxLabel ||
      Name.compare(Name.size() - 5, 5, ".json") != 0 ||
      Name[Name.size() - Tail] != '-' || Name[0] == '.')
    return false;
  for (std::size_t I = Name.size() - Tail + 1; I < Name.size() - 5; ++I)
    if (!((Name[I] >= '0' && Name[I] <= '9') ||
          (Name[I] >= 'a' && Name[I] <= 'f')))
      return false;
  for (std::size_t I = 0; I < Name.size() - Tail; ++I)
    if (!isFileNameSafe(Name[I]))
      return false;
  return true;
}

} // namespace autotune
