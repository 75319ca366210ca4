//===- SiteFingerprint.cpp - What a cached winner was measured for --------===//

#include "SiteFingerprint.h"
#include "PluginState.h"
#include "TokenText.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <vector>

using namespace clang;

namespace autotune {

/// The one way hashes are combined into a fingerprint: order matters.
static uint64_t combine(uint64_t Hash, uint64_t Part) {
  return (Hash * 0x9E3779B97F4A7C15ull) ^ Part;
}

static uint64_t hashText(StringRef Text) { return llvm::xxh3_64bits(Text); }

/// The generated '-cc1' options that can change the code: optimisation,
/// floating point, target and code generation. Everything else on the
/// command line (paths, diagnostics, the action, plugin arguments) differs
/// between builds of the same code and must not count.
static bool changesCode(StringRef Option) {
  static const char *const Prefixes[] = {
      "-O",
      "-triple",
      "-aux-triple",
      "-target-",
      "-tune-cpu",
      "-std=",
      "-ffast-math",
      "-ffinite-math",
      "-fno-signed-zeros",
      "-fapprox-func",
      "-freciprocal-math",
      "-funsafe-math",
      "-mreassociate",
      "-menable-no-",
      "-ffp-",
      "-fno-rounding-math",
      "-frounding-math",
      "-fmath-errno",
      "-fdenormal-fp-math",
      "-fcuda-flush-denormals-to-zero",
      "-fgpu-flush-denormals-to-zero",
      "-fgpu-approx-transcendentals",
      "-fcuda-approx-transcendentals",
      "-fgpu-rdc",
      "-fopenmp",
      "-vectorize-",
      "-funroll-loops",
      "-fno-unroll-loops",
      "-mllvm",
      "-fno-builtin",
      "-fno-strict-aliasing",
      "-fwrapv",
      "-fno-inline",
      "-finline-",
  };
  return llvm::any_of(Prefixes,
                      [&](const char *P) { return Option.starts_with(P); });
}

/// Options whose value is the next argument ('-triple x86_64-...').
static bool takesSeparateValue(StringRef Option) {
  return llvm::is_contained({"-triple", "-aux-triple", "-target-cpu",
                             "-target-feature", "-target-abi", "-tune-cpu",
                             "-mllvm", "-aux-target-cpu",
                             "-aux-target-feature"},
                            Option);
}

/// The GPU binary a CUDA host job embeds names the architectures the
/// program's kernels were compiled for; its code is not hashed, so that
/// '-lineinfo' and '-g' keep comments harmless.
static uint64_t gpuBinaryHash(const CompilerInstance &CI) {
  const std::string &Path = CI.getCodeGenOpts().CudaGpuBinaryFileName;
  if (Path.empty())
    return 0;
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return 0;
  std::string Archs = fatBinaryArchitectures((*Buffer)->getBuffer());
  // A binary of another format (the new offload driver's) is hashed whole.
  return hashText(Archs.empty() ? (*Buffer)->getBuffer() : StringRef(Archs));
}

/// The tokens of one file, as written, each followed by a zero byte; a
/// directive ends in a newline, which is the only line break that changes
/// what tokens mean.
static uint64_t fileTokenHash(const SourceManager &SM,
                              const LangOptions &LangOpts, SourceLocation Start,
                              StringRef Buffer) {
  Lexer Raw(Start, LangOpts, Buffer.begin(), Buffer.begin(), Buffer.end());
  std::string Text;
  Text.reserve(Buffer.size());
  Token T;
  bool InDirective = false;
  while (true) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.isAtStartOfLine()) {
      if (InDirective)
        Text += '\n';
      InDirective = T.is(tok::hash);
    }
    if (T.needsCleaning()) {
      Text += Lexer::getSpelling(T, SM, LangOpts);
    } else {
      unsigned Offset =
          T.getLocation().getRawEncoding() - Start.getRawEncoding();
      Text += Buffer.substr(Offset, T.getLength());
    }
    Text += '\0';
  }
  return hashText(Text);
}

std::string fatBinaryArchitectures(StringRef Data) {
  using llvm::support::endian::read16le;
  using llvm::support::endian::read32le;
  using llvm::support::endian::read64le;
  // The layout CUDA's 'fatbinary' writes: a 16-byte header (magic, version,
  // header size, size of the entries), then entries of a header (kind: 1 for
  // PTX, 2 for ELF; header size; payload size; architecture at byte 28) and
  // their payload.
  if (Data.size() < 16 || read32le(Data.data()) != 0xBA55ED50u)
    return "";
  uint64_t HeaderSize = read16le(Data.data() + 6);
  uint64_t End =
      std::min<uint64_t>(Data.size(), HeaderSize + read64le(Data.data() + 8));
  std::vector<std::string> Archs;
  for (uint64_t At = HeaderSize; At + 32 <= End;) {
    const char *Entry = Data.data() + At;
    unsigned Kind = read16le(Entry);
    uint64_t EntryHeader = read32le(Entry + 4);
    uint64_t Payload = read64le(Entry + 8);
    unsigned Arch = read32le(Entry + 28);
    if (EntryHeader < 32 || Payload > End)
      return "";
    Archs.push_back((Kind == 1 ? "compute_" : "sm_") + std::to_string(Arch));
    At += EntryHeader + Payload;
  }
  llvm::sort(Archs);
  std::string Out;
  for (const std::string &A : Archs)
    Out += (Out.empty() ? "" : " ") + A;
  return Out;
}

/// What the preprocessor knows of the options that change the code: the
/// predefined macros (which hold every '-D' and '-U', '__OPTIMIZE__',
/// '__FAST_MATH__' and the target's feature macros), the target and the
/// floating-point options. A job without the plugin's action ('clang -E')
/// has only this.
static uint64_t preprocessorOptionsHash(const Preprocessor &PP) {
  uint64_t Hash = hashText(PP.getPredefines());
  const TargetOptions &Target = PP.getTargetInfo().getTargetOpts();
  Hash = combine(Hash, hashText(Target.Triple));
  Hash = combine(Hash, hashText(Target.CPU));
  for (const std::string &Feature : Target.FeaturesAsWritten)
    Hash = combine(Hash, hashText(Feature));
  const LangOptions &LO = PP.getLangOpts();
  unsigned FloatingPoint[] = {LO.FastMath,
                              LO.FiniteMathOnly,
                              LO.UnsafeFPMath,
                              LO.NoHonorNaNs,
                              LO.NoHonorInfs,
                              LO.NoSignedZero,
                              LO.AllowRecip,
                              LO.ApproxFunc,
                              LO.MathErrno,
                              LO.GPUDeviceApproxTranscendentals,
                              unsigned(LO.getDefaultFPContractMode()),
                              unsigned(LO.getDefaultRoundingMode()),
                              unsigned(LO.getDefaultExceptionMode())};
  return combine(Hash, llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
                           reinterpret_cast<const uint8_t *>(FloatingPoint),
                           sizeof(FloatingPoint))));
}

uint64_t compileOptionsHash(CompilerInstance &CI) {
  uint64_t Hash = preprocessorOptionsHash(CI.getPreprocessor());
  std::vector<std::string> Args = CI.getInvocation().getCC1CommandLine();
  for (size_t I = 0; I < Args.size(); ++I) {
    if (!changesCode(Args[I]))
      continue;
    Hash = combine(Hash, hashText(Args[I]));
    if (I + 1 < Args.size() && takesSeparateValue(Args[I]))
      Hash = combine(Hash, hashText(Args[++I]));
  }
  return combine(Hash, gpuBinaryHash(CI));
}

uint64_t withOptions(uint64_t OptionsHash, ArrayRef<std::string> Options) {
  for (const std::string &Option : Options)
    OptionsHash = combine(OptionsHash, hashText(Option));
  return OptionsHash;
}

/// A hash of the tokens of the file holding the pragma and of every user
/// file it has included so far, as written (not macro-expanded): editing the
/// kernel, there or in a header of the project, changes it; comments and
/// whitespace do not. Files that merely include the pragma's file do not
/// count, so a site in a header has one fingerprint in every translation
/// unit.
static uint64_t userCodeHash(Preprocessor &PP, SourceLocation PragmaLoc) {
  const SourceManager &SM = PP.getSourceManager();
  auto &Cache = pluginState().ContentHashes;
  const SrcMgr::ContentCache *PragmaFile =
      &SM.getSLocEntry(SM.getFileID(SM.getExpansionLoc(PragmaLoc)))
           .getFile()
           .getContentCache();
  auto IsUnderPragmaFile = [&](const SrcMgr::FileInfo &File) {
    if (&File.getContentCache() == PragmaFile)
      return true;
    for (SourceLocation Inc = File.getIncludeLoc(); Inc.isValid();) {
      const SrcMgr::FileInfo &Includer =
          SM.getSLocEntry(SM.getFileID(Inc)).getFile();
      if (&Includer.getContentCache() == PragmaFile)
        return true;
      Inc = Includer.getIncludeLoc();
    }
    return false;
  };
  uint64_t Hash = 0;
  llvm::SmallPtrSet<const void *, 32> Seen;
  for (unsigned I = 0, E = SM.local_sloc_entry_size(); I < E; ++I) {
    const SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile())
      continue;
    const SrcMgr::FileInfo &File = Entry.getFile();
    if (File.getFileCharacteristic() != SrcMgr::C_User)
      continue;
    const SrcMgr::ContentCache &Content = File.getContentCache();
    if (!Content.OrigEntry || !IsUnderPragmaFile(File) ||
        !Seen.insert(&Content).second)
      continue;
    auto It = Cache.find(&Content);
    if (It == Cache.end()) {
      std::optional<llvm::MemoryBufferRef> Buffer = Content.getBufferIfLoaded();
      uint64_t H = Buffer ? fileTokenHash(SM, PP.getLangOpts(),
                                          SourceLocation::getFromRawEncoding(
                                              Entry.getOffset()),
                                          Buffer->getBuffer())
                          : 0;
      It = Cache.try_emplace(&Content, H).first;
    }
    Hash = combine(Hash, It->second);
  }
  return Hash;
}

uint64_t siteFingerprint(Preprocessor &PP, const SiteSpec &Spec, const Space &S,
                         ArrayRef<Token> StatementTokens) {
  std::optional<uint64_t> JobOptions = pluginState().CompileOptionsHash;
  uint64_t Hash = hashText(Spec.ClauseText);
  Hash = combine(Hash, hashText(joinSpellings(PP, StatementTokens)));
  Hash = combine(Hash, llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
                           reinterpret_cast<const uint8_t *>(S.Values.data()),
                           S.Values.size() * sizeof(int64_t))));
  Hash = combine(Hash, userCodeHash(PP, Spec.PragmaLoc));
  return combine(Hash, JobOptions ? *JobOptions : preprocessorOptionsHash(PP));
}

} // namespace autotune
