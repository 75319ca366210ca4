// Cache file names (CacheIdentity.h).
#include "cache/CacheIdentity.h"
#include "support/TextFormat.h"

namespace autotune {
namespace {

// The characters a label keeps in a file name; others become '_'.
bool isFileNameSafe(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '.' || C == '-' || C == '_';
}

} // namespace

std::string cacheFileName(const CacheEntry &Identity) {
  // Not the driver and runtime versions: a driver update finds the entry
  // tuned under the old one, uses it (the compiled code is the same) and
  // replaces it when it tunes again (AUTOTUNE_STRICT=1).
  std::string Key = Identity.Name + '\0' + Identity.Function + '\0' +
                    Identity.Context + '\0' + hex64(Identity.Fingerprint) +
                    '\0' + Identity.DeviceModel;
  for (std::size_t I = 0; I < Identity.Key.size(); ++I)
    Key += '\0' +
           formatKeyValue(Identity.Key[I], I < Identity.KeyUnsigned.size() &&
                                               Identity.KeyUnsigned[I]);
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
