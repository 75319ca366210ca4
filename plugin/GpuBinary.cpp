//===- GpuBinary.cpp - The device code a CUDA host job embeds -------------===//

#include "GpuBinary.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace autotune {

namespace {

/// One image of a fat binary: a cubin or PTX, for one architecture.
struct FatBinaryEntry {
  bool IsPtx;
  unsigned Arch;
  StringRef Payload;
};

} // namespace

/// The images of Data, in order; false when Data is not a fat binary or an
/// image's header is out of bounds.
static bool fatBinaryEntries(StringRef Data,
                             SmallVectorImpl<FatBinaryEntry> &Out) {
  using support::endian::read16le;
  using support::endian::read32le;
  using support::endian::read64le;
  // The layout CUDA's 'fatbinary' writes: a 16-byte header (magic, version,
  // header size, size of the entries), then entries of a header (kind: 1 for
  // PTX, 2 for ELF; header size; payload size; architecture at byte 28) and
  // their payload.
  if (Data.size() < 16 || read32le(Data.data()) != 0xBA55ED50u)
    return false;
  uint64_t HeaderSize = read16le(Data.data() + 6);
  uint64_t End =
      std::min<uint64_t>(Data.size(), HeaderSize + read64le(Data.data() + 8));
  for (uint64_t At = HeaderSize; At + 32 <= End;) {
    const char *Entry = Data.data() + At;
    uint64_t EntryHeader = read32le(Entry + 4);
    uint64_t Payload = read64le(Entry + 8);
    if (EntryHeader < 32 || Payload > End)
      return false;
    Out.push_back({read16le(Entry) == 1, read32le(Entry + 28),
                   Data.substr(At + EntryHeader, Payload)});
    At += EntryHeader + Payload;
  }
  return true;
}

std::string fatBinaryArchitectures(StringRef Data) {
  SmallVector<FatBinaryEntry, 8> Entries;
  if (!fatBinaryEntries(Data, Entries))
    return "";
  std::vector<std::string> Archs;
  for (const FatBinaryEntry &E : Entries)
    Archs.push_back((E.IsPtx ? "compute_" : "sm_") + std::to_string(E.Arch));
  llvm::sort(Archs);
  std::string Out;
  for (const std::string &A : Archs)
    Out += (Out.empty() ? "" : " ") + A;
  return Out;
}

/// Sections that describe the code rather than make it: debug information
/// (which '-lineinfo' and '-g' add, and which a comment moves) and the
/// tools' notes (their versions and command lines).
static bool describesCode(StringRef Name) {
  static const char *const Prefixes[] = {
      ".debug",      ".nv_debug",     ".note",          ".rel.debug",
      ".rela.debug", ".rel.nv_debug", ".rela.nv_debug",
  };
  return llvm::any_of(Prefixes,
                      [&](const char *P) { return Name.starts_with(P); });
}

/// Appends to Out what of the cubin Image decides how its kernels run:
/// each section's name, type, flags, size and content, but those that only
/// describe the code. An image that is not a readable ELF file (a compressed
/// one) is appended whole.
static void appendCubinCode(StringRef Image, std::string &Out) {
  auto Whole = [&](Error E) {
    consumeError(std::move(E));
    Out += Image;
  };
  if (!Image.starts_with("\x7f"
                         "ELF"))
    return Whole(Error::success());
  Expected<object::ELF64LEFile> File = object::ELF64LEFile::create(Image);
  if (!File)
    return Whole(File.takeError());
  auto Sections = File->sections();
  if (!Sections)
    return Whole(Sections.takeError());
  std::string Code = std::to_string(File->getHeader().e_flags) + '\0';
  for (const object::ELF64LE::Shdr &Section : *Sections) {
    Expected<StringRef> Name = File->getSectionName(Section);
    if (!Name)
      return Whole(Name.takeError());
    if (describesCode(*Name))
      continue;
    Code += *Name;
    Code += '\0' + std::to_string(Section.sh_type) + ' ' +
            std::to_string(Section.sh_flags) + ' ' +
            std::to_string(Section.sh_size) + '\0';
    if (Section.sh_type == ELF::SHT_NOBITS)
      continue;
    Expected<ArrayRef<uint8_t>> Content = File->getSectionContents(Section);
    if (!Content)
      return Whole(Content.takeError());
    Code.append(Content->begin(), Content->end());
  }
  Out += Code;
}

std::optional<uint64_t> fatBinaryCodeHash(StringRef Data, StringRef Cuid) {
  SmallVector<FatBinaryEntry, 8> Entries;
  if (!fatBinaryEntries(Data, Entries))
    return std::nullopt;
  bool HasCubin =
      llvm::any_of(Entries, [](const FatBinaryEntry &E) { return !E.IsPtx; });
  std::string Code;
  for (const FatBinaryEntry &E : Entries) {
    Code += (E.IsPtx ? "compute_" : "sm_") + std::to_string(E.Arch) + '\0';
    if (!E.IsPtx)
      appendCubinCode(E.Payload, Code);
    else if (!HasCubin)
      Code += E.Payload;
  }
  // A static device variable that host code names is called by clang's id
  // of the compile, which follows the output file's name: the same code
  // built into another object keeps its hash.
  if (!Cuid.empty())
    for (size_t At = Code.find(Cuid); At != std::string::npos;
         At = Code.find(Cuid, At))
      Code.erase(At, Cuid.size());
  return xxh3_64bits(Code);
}

} // namespace autotune
