// /proc/self/maps, read when a tuning checks its buffers (never on the hot
// path).
#include "measure/HostPages.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace autotune {

std::vector<Mapping> parseMappings(const std::string &Text) {
  std::vector<Mapping> Mappings;
  std::istringstream Lines(Text);
  std::string Line;
  while (std::getline(Lines, Line)) {
    // "7fa7f8cda000-7fa7f8cfc000 rw-p 00000000 00:00 0   [heap]"
    unsigned long long Begin = 0, End = 0;
    char Perms[5] = {};
    if (std::sscanf(Line.c_str(), "%llx-%llx %4s", &Begin, &End, Perms) != 3 ||
        End <= Begin)
      continue;
    Mapping M;
    M.Begin = static_cast<std::uintptr_t>(Begin);
    M.End = static_cast<std::uintptr_t>(End);
    M.Readable = Perms[0] == 'r';
    M.Writable = Perms[1] == 'w';
    Mappings.push_back(M);
  }
  return Mappings;
}

std::size_t writableBytesFrom(const std::vector<Mapping> &Mappings,
                              std::uintptr_t Address) {
  std::size_t I = 0;
  while (I < Mappings.size() &&
         !(Mappings[I].Begin <= Address && Address < Mappings[I].End))
    ++I;
  if (I == Mappings.size() || !Mappings[I].Readable || !Mappings[I].Writable)
    return 0;
  // Adjacent mappings that are both readable and writable are one range to
  // a copy, whatever made the kernel list them apart (another file, another
  // allocation): it runs across their border without a fault.
  std::uintptr_t End = Mappings[I].End;
  for (++I; I < Mappings.size() && Mappings[I].Begin == End &&
            Mappings[I].Readable && Mappings[I].Writable;
       ++I)
    End = Mappings[I].End;
  return End - Address;
}

std::optional<std::size_t> hostWritableBytesFrom(const void *Address) {
  std::ifstream Maps("/proc/self/maps");
  if (!Maps)
    return std::nullopt;
  std::ostringstream Text;
  Text << Maps.rdbuf();
  std::vector<Mapping> Mappings = parseMappings(Text.str());
  if (Mappings.empty())
    return std::nullopt;
  return writableBytesFrom(Mappings, reinterpret_cast<std::uintptr_t>(Address));
}

} // namespace autotune
