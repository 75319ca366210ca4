//===- SiteFingerprint.cpp - What a cached winner was measured for --------===//

#include "SiteFingerprint.h"
#include "Diagnostics.h"
#include "GpuBinary.h"
#include "PluginState.h"
#include "TokenText.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Driver/Options.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
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

/// The content of a file an option names; 0 where it cannot be read.
static uint64_t fileHash(StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? hashText((*Buffer)->getBuffer()) : 0;
}

// Which '-cc1' options can change the code: every option does but those
// that only say where files are (paths, the inputs, the output, the build
// directory), what to report (warnings, remarks, diagnostics' form), what
// the job produces (the action: '-fsyntax-only', '-E', '-S', '-emit-obj'),
// how it is debugged (debug information, which leaves the code as it is)
// and which plugins load. Listing what cannot change the code, rather than
// what can, keeps an option these lists have not met (a sanitizer, '-flto',
// '-ftrivial-auto-var-init', an instrumentation) on the side of a re-tune.
// '-D', '-U' and '-include' are hashed with the predefines.

/// Options, spelled exactly, that keep the code.
static const char *const OptionsKeepingCode[] = {
    "-E",
    "-S",
    "-P",
    "-C",
    "-CC",
    "-dM",
    "-dD",
    "-dI",
    "-o",
    "-v",
    "-w",
    "-MT",
    "-MQ",
    "-MV",
    "-D",
    "-U",
    "-include",
    "-pedantic",
    "-pedantic-errors",
    "-sys-header-deps",
    "-disable-free",
    "-clear-ast-before-backend",
    "-no-clear-ast-before-backend",
    "-disable-llvm-verifier",
    "-discard-value-names",
    "-Eonly",
};

/// Prefixes of the options that keep the code.
static const char *const OptionPrefixesKeepingCode[] = {
    // Diagnostics and remarks.
    "-W",
    "-R",
    "-verify",
    "-fdiagnostics-",
    "-fno-diagnostics-",
    "-fshow-",
    "-fno-show-",
    "-fcaret-",
    "-fno-caret-",
    "-fcolor-diagnostics",
    "-fno-color-diagnostics",
    "-fmessage-length",
    "-ferror-limit",
    "-ftemplate-backtrace-limit",
    "-fconstexpr-backtrace-limit",
    "-fmacro-backtrace-limit",
    "-fspell-checking",
    "-fno-spell-checking",
    "-felide-type",
    "-fno-elide-type",
    "-fansi-escape-codes",
    // Where files are.
    "-I",
    "-iquote",
    "-isystem",
    "-idirafter",
    "-iprefix",
    "-iwithprefix",
    "-iwithsysroot",
    "-isysroot",
    "-cxx-isystem",
    "-c-isystem",
    "-objc-isystem",
    "-internal-isystem",
    "-internal-externc-isystem",
    "-resource-dir",
    "-main-file-name",
    "-working-directory",
    "-fdebug-compilation-dir",
    "-fcoverage-compilation-dir",
    "-fdebug-prefix-map",
    "-fmacro-prefix-map",
    "-fcoverage-prefix-map",
    "-fprofile-prefix-map",
    "-fmodules-cache-path",
    "-fcuda-include-gpubinary",
    // An identifier of the compile that differs in every CUDA compile.
    "-cuid=",
    // What the job writes beside the code.
    "-emit-",
    "-fsyntax-only",
    "-ast-",
    "-dump-",
    "-print-",
    "-init-only",
    "-dependency-",
    "-module-dependency-dir",
    "-header-include-",
    "-show-includes",
    "-split-dwarf-",
    "-object-file-name",
    "-fcrash-diagnostics",
    "-serialize-diagnostic-file",
    "-stats-file",
    "-ftime-report",
    "-ftime-trace",
    "-fproc-stat-report",
    "-opt-record-",
    "-save-temps",
    // Debug information.
    "-debug-info-kind",
    "-dwarf-",
    "-debugger-tuning",
    "-gcodeview",
    "-gno-",
    "-ggnu-pubnames",
    "-gpubnames",
    "-gsimple-template-names",
    "-gembed-source",
    "-fdebug-",
    "-fno-debug-",
    // Plugins (this one among them).
    "-load",
    "-plugin",
    "-add-plugin",
    "-fplugin=",
};

static bool changesCode(StringRef Spelling) {
  return !llvm::is_contained(OptionsKeepingCode, Spelling) &&
         llvm::none_of(OptionPrefixesKeepingCode,
                       [&](const char *P) { return Spelling.starts_with(P); });
}

/// The GPU binary a CUDA host job embeds: its device code holds what the
/// host job's options do not say, those of the device compiler, of ptxas and
/// of the toolkit (GpuBinary.h).
static uint64_t gpuBinaryHash(const CompilerInstance &CI) {
  const std::string &Path = CI.getCodeGenOpts().CudaGpuBinaryFileName;
  if (Path.empty())
    return 0;
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return 0;
  std::optional<uint64_t> Code =
      fatBinaryCodeHash((*Buffer)->getBuffer(), CI.getLangOpts().CUID);
  // A binary of another format (the new offload driver's) is hashed whole.
  return Code ? *Code : hashText((*Buffer)->getBuffer());
}

/// The raw text of a token: its bytes in Buffer, less the backslash-newlines
/// of a token that needs cleaning (trigraphs are off in C++17 and later).
static StringRef rawSpelling(const Token &T, SourceLocation Base,
                             StringRef Buffer, std::string &Storage) {
  unsigned Offset = T.getLocation().getRawEncoding() - Base.getRawEncoding();
  StringRef Text = Buffer.substr(Offset, T.getLength());
  if (!T.needsCleaning())
    return Text;
  Storage.clear();
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\\') {
      size_t J = I + 1;
      while (J < Text.size() && (Text[J] == ' ' || Text[J] == '\t'))
        ++J;
      if (J < Text.size() && (Text[J] == '\n' || Text[J] == '\r')) {
        if (Text[J] == '\r' && J + 1 < Text.size() && Text[J + 1] == '\n')
          ++J;
        I = J;
        continue;
      }
    }
    Storage += Text[I];
  }
  return Storage;
}

/// The tokens of one file, as written, each followed by a zero byte; a
/// directive ends in a newline, which is the only line break that changes
/// what tokens mean. Base is any file location: the raw lexer only counts
/// offsets from it, so a file the preprocessor has not entered yet is
/// hashed as one it has.
static uint64_t fileTokenHash(const LangOptions &LangOpts, SourceLocation Base,
                              StringRef Buffer) {
  Lexer Raw(Base, LangOpts, Buffer.begin(), Buffer.begin(), Buffer.end());
  std::string Text, Storage;
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
    Text += rawSpelling(T, Base, Buffer, Storage);
    Text += '\0';
  }
  return hashText(Text);
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
  // The job's options as '-cc1' would take them, parsed by clang's own
  // table, so that an option's values are hashed with it and the inputs
  // are told apart from values.
  std::vector<std::string> Args = CI.getInvocation().getCC1CommandLine();
  SmallVector<const char *, 128> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList List = driver::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(driver::options::CC1Option));
  for (const llvm::opt::Arg *A : List) {
    const llvm::opt::Option &O = A->getOption();
    if (O.getKind() == llvm::opt::Option::InputClass ||
        !changesCode(O.getPrefixedName()))
      continue;
    // Options that change the code by being there, and name a file of the
    // build: '--coverage' writes its notes beside the object.
    StringRef Name = O.getPrefixedName();
    if (Name == "-coverage-notes-file=" || Name == "-coverage-data-file=") {
      Hash = combine(Hash, hashText(Name));
      continue;
    }
    Hash = combine(Hash, hashText(A->getAsString(List)));
    // A profile's content decides the code, not only its name.
    if (O.matches(driver::options::OPT_fprofile_instrument_use_path_EQ) ||
        O.matches(driver::options::OPT_fprofile_sample_use_EQ))
      Hash = combine(Hash, fileHash(A->getValue()));
  }
  return combine(Hash, gpuBinaryHash(CI));
}

uint64_t withOptions(uint64_t OptionsHash, ArrayRef<std::string> Options) {
  for (const std::string &Option : Options)
    OptionsHash = combine(OptionsHash, hashText(Option));
  return OptionsHash;
}

namespace {

/// An '#include' (or '#include_next', '#import') met in a file's text.
struct IncludeDirective {
  std::string Name;
  bool Angled = false;
};

} // namespace

/// The header name an '#include' line names: '"x.tpp"', '<x.h>', or a
/// macro defined now as one of those. False for anything else (a macro
/// defined later, a computed name), which the fingerprint cannot follow.
static bool includedName(Preprocessor &PP, StringRef Rest,
                         IncludeDirective &Out) {
  Rest = Rest.ltrim(" \t");
  if (Rest.consume_front("\"")) {
    Out.Angled = false;
    Out.Name = Rest.take_until([](char C) { return C == '"'; }).str();
    return !Out.Name.empty();
  }
  if (Rest.consume_front("<")) {
    Out.Angled = true;
    Out.Name = Rest.take_until([](char C) { return C == '>'; }).str();
    return !Out.Name.empty();
  }
  StringRef Macro =
      Rest.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
  const MacroInfo *MI =
      Macro.empty() ? nullptr : PP.getMacroInfo(PP.getIdentifierInfo(Macro));
  if (!MI || !MI->isObjectLike() || MI->getNumTokens() == 0)
    return false;
  std::string Spelled;
  for (const Token &T : MI->tokens())
    Spelled += PP.getSpelling(T);
  if (Spelled.size() < 2)
    return false;
  if (Spelled.front() == '"' && Spelled.back() == '"')
    Out.Angled = false;
  else if (Spelled.front() == '<' && Spelled.back() == '>')
    Out.Angled = true;
  else
    return false;
  Out.Name = Spelled.substr(1, Spelled.size() - 2);
  return !Out.Name.empty();
}

/// Every include directive of Buffer from offset From on, those inside
/// '#if' blocks too: an edit to a file a condition may include is still
/// counted (a re-tune too many, never a stale winner).
static void includeDirectives(Preprocessor &PP, SourceLocation Base,
                              StringRef Buffer, unsigned From,
                              SmallVectorImpl<IncludeDirective> &Out) {
  Lexer Raw(Base, PP.getLangOpts(), Buffer.begin(), Buffer.begin() + From,
            Buffer.end());
  std::string Storage;
  Token T;
  bool AfterHash = false;
  while (true) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      return;
    bool DirectiveName = AfterHash && !T.isAtStartOfLine();
    AfterHash = T.is(tok::hash) && T.isAtStartOfLine();
    if (!DirectiveName || T.isNot(tok::raw_identifier))
      continue;
    StringRef Name = rawSpelling(T, Base, Buffer, Storage);
    if (Name != "include" && Name != "include_next" && Name != "import")
      continue;
    unsigned End = T.getLocation().getRawEncoding() - Base.getRawEncoding() +
                   T.getLength();
    StringRef Rest = Buffer.substr(End).take_until(
        [](char C) { return C == '\n' || C == '\r'; });
    IncludeDirective D;
    if (includedName(PP, Rest, D))
      Out.push_back(std::move(D));
  }
}

/// The token hash of File, once per translation unit.
static uint64_t
cachedFileHash(Preprocessor &PP, const FileEntry *File,
               llvm::function_ref<std::optional<StringRef>()> Buffer) {
  auto &Cache = pluginState().ContentHashes;
  auto It = Cache.find(File);
  if (It != Cache.end())
    return It->second;
  std::optional<StringRef> Text = Buffer();
  SourceLocation Base = PP.getSourceManager().getLocForStartOfFile(
      PP.getSourceManager().getMainFileID());
  uint64_t H = Text ? fileTokenHash(PP.getLangOpts(), Base, *Text) : 0;
  return Cache.try_emplace(File, H).first->second;
}

/// Folds into Hash the user files that Text (the rest of Includer's text,
/// from offset From) includes, and what they include in turn, each once
/// (Seen): the files the preprocessor enters after the site. A name a
/// search path gives as a system header is left out, as system headers are.
static void laterIncludesHash(Preprocessor &PP, FileEntryRef Includer,
                              StringRef Text, unsigned From, uint64_t &Hash,
                              llvm::SmallPtrSetImpl<const FileEntry *> &Seen) {
  SourceManager &SM = PP.getSourceManager();
  SourceLocation Base = SM.getLocForStartOfFile(SM.getMainFileID());
  SmallVector<IncludeDirective, 8> Directives;
  includeDirectives(PP, Base, Text, From, Directives);
  for (const IncludeDirective &D : Directives) {
    ConstSearchDirIterator CurDir = nullptr;
    std::pair<OptionalFileEntryRef, DirectoryEntryRef> Includers[] = {
        {Includer, Includer.getDir()}};
    OptionalFileEntryRef File = PP.getHeaderSearchInfo().LookupFile(
        D.Name, SourceLocation(), D.Angled, nullptr, &CurDir, Includers,
        nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
        /*SkipCache=*/false, /*BuildSystemModule=*/false, /*OpenFile=*/false,
        /*CacheFailures=*/false);
    if (!File || (CurDir && CurDir->isSystemHeaderDirectory()) ||
        !Seen.insert(&File->getFileEntry()).second)
      continue;
    auto Buffer = PP.getFileManager().getBufferForFile(*File);
    if (!Buffer)
      continue;
    StringRef Content = (*Buffer)->getBuffer();
    Hash = combine(Hash, cachedFileHash(PP, &File->getFileEntry(),
                                        [&] { return Content; }));
    laterIncludesHash(PP, *File, Content, 0, Hash, Seen);
  }
}

/// A hash of the tokens of the file holding the pragma and of every user
/// file it includes, as written (not macro-expanded): those included before
/// the site, which the preprocessor has entered, and those its text includes
/// after it (a template's definitions in a '.tpp' included at the end), which
/// it has not yet. Editing the kernel, there or in a header of the project,
/// changes it; comments and whitespace do not. Files that merely include
/// the pragma's file do not count, so a site in a header has one fingerprint
/// in every translation unit; files of '-include' count.
static uint64_t userCodeHash(Preprocessor &PP, SourceLocation PragmaLoc) {
  SourceManager &SM = PP.getSourceManager();
  SourceLocation PragmaFileLoc = SM.getExpansionLoc(PragmaLoc);
  FileID PragmaFileID = SM.getFileID(PragmaFileLoc);
  const SrcMgr::ContentCache *PragmaFile =
      &SM.getSLocEntry(PragmaFileID).getFile().getContentCache();
  FileID Predefines = PP.getPredefinesFileID();
  auto IsCounted = [&](const SrcMgr::FileInfo &File) {
    if (&File.getContentCache() == PragmaFile)
      return true;
    for (SourceLocation Inc = File.getIncludeLoc(); Inc.isValid();) {
      FileID IncluderID = SM.getFileID(Inc);
      if (IncluderID == Predefines)
        return true;
      const SrcMgr::FileInfo &Includer = SM.getSLocEntry(IncluderID).getFile();
      if (&Includer.getContentCache() == PragmaFile)
        return true;
      Inc = Includer.getIncludeLoc();
    }
    return false;
  };
  uint64_t Hash = 0;
  llvm::SmallPtrSet<const FileEntry *, 32> Seen;
  for (unsigned I = 0, E = SM.local_sloc_entry_size(); I < E; ++I) {
    const SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile())
      continue;
    const SrcMgr::FileInfo &File = Entry.getFile();
    if (File.getFileCharacteristic() != SrcMgr::C_User)
      continue;
    const SrcMgr::ContentCache &Content = File.getContentCache();
    if (!Content.OrigEntry || !IsCounted(File) ||
        !Seen.insert(&Content.OrigEntry->getFileEntry()).second)
      continue;
    Hash =
        combine(Hash, cachedFileHash(PP, &Content.OrigEntry->getFileEntry(),
                                     [&]() -> std::optional<StringRef> {
                                       if (auto B = Content.getBufferIfLoaded())
                                         return B->getBuffer();
                                       return std::nullopt;
                                     }));
  }
  OptionalFileEntryRef PragmaEntry = SM.getFileEntryRefForID(PragmaFileID);
  std::optional<llvm::MemoryBufferRef> PragmaText =
      SM.getBufferOrNone(PragmaFileID);
  if (PragmaEntry && PragmaText)
    laterIncludesHash(PP, *PragmaEntry, PragmaText->getBuffer(),
                      SM.getFileOffset(PragmaFileLoc), Hash, Seen);
  pluginState().SiteFiles.push_back(
      {PragmaFileLoc, SmallVector<const void *, 16>(Seen.begin(), Seen.end())});
  return Hash;
}

void warnFilesOutsideFingerprints(Preprocessor &PP) {
  SourceManager &SM = PP.getSourceManager();
  llvm::SmallPtrSet<const void *, 8> Warned;
  for (const PluginState::FingerprintFiles &Site : pluginState().SiteFiles) {
    FileID PragmaFile = SM.getFileID(Site.PragmaLoc);
    unsigned PragmaOffset = SM.getFileOffset(Site.PragmaLoc);
    for (unsigned I = 0, E = SM.local_sloc_entry_size(); I < E; ++I) {
      const SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
      if (!Entry.isFile())
        continue;
      const SrcMgr::FileInfo &File = Entry.getFile();
      const SrcMgr::ContentCache &Content = File.getContentCache();
      if (File.getFileCharacteristic() != SrcMgr::C_User ||
          !Content.OrigEntry ||
          llvm::is_contained(Site.Files, &Content.OrigEntry->getFileEntry()))
        continue;
      // Included, directly or through other files, by a line of the
      // pragma's file after the pragma?
      SourceLocation Include = File.getIncludeLoc();
      for (SourceLocation Inc = Include; Inc.isValid();) {
        FileID IncluderID = SM.getFileID(Inc);
        if (IncluderID == PragmaFile) {
          if (SM.getFileOffset(Inc) > PragmaOffset &&
              Warned.insert(&Content.OrigEntry->getFileEntry()).second)
            report(PP, Include, Diag::IncludeOutsideFingerprint)
                << Content.OrigEntry->getName()
                << SM.getPresumedLineNumber(Site.PragmaLoc);
          break;
        }
        const SrcMgr::SLocEntry &Includer = SM.getSLocEntry(IncluderID);
        if (!Includer.isFile())
          break;
        Inc = Includer.getFile().getIncludeLoc();
      }
    }
  }
}

uint64_t siteKey(Preprocessor &PP, const SiteSpec &Spec, const Space &S,
                 ArrayRef<Token> StatementTokens) {
  uint64_t Hash = hashText(Spec.ClauseText);
  Hash = combine(Hash, hashText(joinSpellings(PP, StatementTokens)));
  Hash = combine(Hash, llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
                           reinterpret_cast<const uint8_t *>(S.Values.data()),
                           S.Values.size() * sizeof(int64_t))));
  return combine(Hash, userCodeHash(PP, Spec.PragmaLoc));
}

uint64_t siteFingerprint(Preprocessor &PP, const SiteSpec &Spec, const Space &S,
                         ArrayRef<Token> StatementTokens) {
  std::optional<uint64_t> JobOptions = pluginState().CompileOptionsHash;
  return combine(siteKey(PP, Spec, S, StatementTokens),
                 JobOptions ? *JobOptions : preprocessorOptionsHash(PP));
}

} // namespace autotune
