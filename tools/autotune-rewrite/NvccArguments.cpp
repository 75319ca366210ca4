//===- NvccArguments.cpp - An nvcc command line, as clang reads it --------===//

#include "NvccArguments.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>

using namespace llvm;

namespace autotune {

namespace {

/// What an nvcc option becomes for clang's preprocessor.
enum class Action {
  Keep,        // the same option, in clang's spelling
  Drop,        // nvcc's business only (linking, output, diagnostics)
  DropCode,    // code generation, the device tools' options (-Xptxas,
               // -Xnvlink, -Xfatbin, -Xcudafe), the libraries and compilers
               // code is made with: not the rewrite's, but the tuning's
  DropMath,    // device math: changes results, not the rewrite; note it
  Define,      // nvcc defines a macro for it
  Host,        // -Xcompiler: options of the host compiler
  OptionsFile, // --options-file: more options, in a file
  Language,    // -x cu
  Flag,        // clang's option of another name, without a value
  WarningKinds // '-Werror KIND,...': nvcc's warnings; alone, GCC's -Werror
};

struct NvccOption {
  StringRef Short, Long;
  bool TakesValue;
  Action What;
  /// Keep: clang's spelling (empty: as written); Define: the macro.
  StringRef Clang = "";
};

} // namespace

// nvcc accepts '-opt value', '-opt=value', '--long-opt value' and
// '--long-opt=value' alike. Options not listed are passed on as they are
// (CMake adds -forward-unknown-to-host-compiler: they are host options).
static const NvccOption Options[] = {
    {"-I", "--include-path", true, Action::Keep, "-I"},
    {"-isystem", "--system-include", true, Action::Keep, "-isystem"},
    {"-D", "--define-macro", true, Action::Keep, "-D"},
    {"-U", "--undefine-macro", true, Action::Keep, "-U"},
    {"-include", "--pre-include", true, Action::Keep, "-include"},
    {"-std", "--std", true, Action::Keep, "-std="},
    {"-O", "--optimize", true, Action::Keep, "-O"},
    {"-x", "--x", true, Action::Language},
    {"-optf", "--options-file", true, Action::OptionsFile},
    {"-Xcompiler", "--compiler-options", true, Action::Host},
    {"-G", "--device-debug", false, Action::Define, "__CUDACC_DEBUG__"},
    {"-dc", "--device-c", false, Action::Define, "__CUDACC_RDC__"},
    {"-expt-relaxed-constexpr", "--expt-relaxed-constexpr", false,
     Action::Define, "__CUDACC_RELAXED_CONSTEXPR__"},
    {"-extended-lambda", "--extended-lambda", false, Action::Define,
     "__CUDACC_EXTENDED_LAMBDA__"},
    {"-expt-extended-lambda", "--expt-extended-lambda", false, Action::Define,
     "__CUDACC_EXTENDED_LAMBDA__"},
    {"-use_fast_math", "--use_fast_math", false, Action::DropMath},
    {"-ftz", "--ftz", true, Action::DropMath},
    {"-prec-div", "--prec-div", true, Action::DropMath},
    {"-prec-sqrt", "--prec-sqrt", true, Action::DropMath},
    {"-fmad", "--fmad", true, Action::DropMath},
    {"-rdc", "--relocatable-device-code", true, Action::Define,
     "__CUDACC_RDC__"},
    {"-o", "--output-file", true, Action::Drop},
    {"-odir", "--output-directory", true, Action::Drop},
    {"-MF", "--dependency-output", true, Action::Drop},
    {"-ccbin", "--compiler-bindir", true, Action::DropCode},
    {"-arch", "--gpu-architecture", true, Action::DropCode},
    {"-code", "--gpu-code", true, Action::DropCode},
    {"-gencode", "--generate-code", true, Action::DropCode},
    {"-Xptxas", "--ptxas-options", true, Action::DropCode},
    {"-Xnvlink", "--nvlink-options", true, Action::DropCode},
    {"-Xlinker", "--linker-options", true, Action::Drop},
    {"-Xarchive", "--archive-options", true, Action::Drop},
    {"-Xfatbin", "--fatbin-options", true, Action::DropCode},
    {"-Xcudafe", "--cudafe-options", true, Action::DropCode},
    {"-maxrregcount", "--maxrregcount", true, Action::DropCode},
    {"-default-stream", "--default-stream", true, Action::DropCode},
    {"-t", "--threads", true, Action::Drop},
    {"-split-compile", "--split-compile", true, Action::DropCode},
    {"-cudart", "--cudart", true, Action::Drop},
    {"-cudadevrt", "--cudadevrt", true, Action::Drop},
    {"-keep-dir", "--keep-dir", true, Action::Drop},
    {"-diag-suppress", "--diag-suppress", true, Action::Drop},
    {"-diag-warn", "--diag-warn", true, Action::Drop},
    {"-diag-error", "--diag-error", true, Action::Drop},
    {"-m", "--machine", true, Action::Drop},
    {"-static-global-template-stub", "--static-global-template-stub", true,
     Action::DropCode},
    {"-lineinfo", "--generate-line-info", false, Action::Drop},
    {"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler",
     false, Action::Drop},
    {"-forward-unknown-opts", "--forward-unknown-opts", false, Action::Drop},
    {"-allow-unsupported-compiler", "--allow-unsupported-compiler", false,
     Action::Drop},
    {"-keep", "--keep", false, Action::Drop},
    {"-res-usage", "--resource-usage", false, Action::Drop},
    {"-src-in-ptx", "--source-in-ptx", false, Action::Drop},
    {"-err-no", "--display-error-number", false, Action::Drop},
    {"-restrict", "--restrict", false, Action::DropCode},
    {"-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets", false,
     Action::Drop},
    {"-Wext-lambda-captures-this", "--Wext-lambda-captures-this", false,
     Action::Drop},
    {"-dlto", "--dlink-time-opt", false, Action::DropCode},
    {"-dlink", "--device-link", false, Action::Drop},
    {"-dw", "--device-w", false, Action::Drop},
    {"-cubin", "--cubin", false, Action::Drop},
    {"-ptx", "--ptx", false, Action::Drop},
    {"-fatbin", "--fatbin", false, Action::Drop},
    // The rest of CUDA 13's 'nvcc --help': compilation phases, outputs,
    // linking, nvcc's own diagnostics and tools (nothing the preprocessor
    // reads), then what changes device code.
    {"-cuda", "--cuda", false, Action::Drop},
    {"-optix-ir", "--optix-ir", false, Action::Drop},
    {"-ltoir", "--ltoir", false, Action::Drop},
    {"-E", "--preprocess", false, Action::Drop},
    {"-M", "--generate-dependencies", false, Action::Drop},
    {"-MM", "--generate-nonsystem-dependencies", false, Action::Drop},
    {"-MD", "--generate-dependencies-with-compile", false, Action::Drop},
    {"-MMD", "--generate-nonsystem-dependencies-with-compile", false,
     Action::Drop},
    {"-MP", "--generate-dependency-targets", false, Action::Drop},
    {"-MT", "--dependency-target-name", true, Action::Drop},
    {"-c", "--compile", false, Action::Drop},
    {"-link", "--link", false, Action::Drop},
    {"-lib", "--lib", false, Action::Drop},
    {"-run", "--run", false, Action::Drop},
    {"-run-args", "--run-args", true, Action::Drop},
    {"-objtemp", "--objdir-as-tempdir", false, Action::Drop},
    {"-l", "--library", true, Action::Drop},
    {"-L", "--library-path", true, Action::Drop},
    {"-arbin", "--archiver-binary", true, Action::Drop},
    {"-ldir", "--libdevice-directory", true, Action::DropCode},
    {"-target-dir", "--target-directory", true, Action::Drop},
    {"-use-local-env", "--use-local-env", false, Action::Drop},
    {"-force-cl-env-setup", "--force-cl-env-setup", false, Action::Drop},
    {"-pg", "--profile", false, Action::DropCode},
    {"-g", "--debug", false, Action::Drop},
    {"-ftemplate-backtrace-limit", "--ftemplate-backtrace-limit", true,
     Action::Drop},
    {"-ftemplate-depth", "--ftemplate-depth", true, Action::Drop},
    {"-noeh", "--no-exceptions", false, Action::Flag, "-fno-exceptions"},
    {"-shared", "--shared", false, Action::Drop},
    {"-nohdinitlist", "--no-host-device-initializer-list", false,
     Action::DropCode},
    {"-nohdmoveforward", "--no-host-device-move-forward", false,
     Action::DropCode},
    {"-m64", "--m64", false, Action::Drop},
    {"-device-entity-has-hidden-visibility",
     "--device-entity-has-hidden-visibility", true, Action::DropCode},
    {"-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker",
     false, Action::Drop},
    {"-noprof", "--dont-use-profile", false, Action::Drop},
    {"-dryrun", "--dryrun", false, Action::Drop},
    {"-v", "--verbose", false, Action::Drop},
    {"-split-compile-extended", "--split-compile-extended", true,
     Action::DropCode},
    {"-fdevice-syntax-only", "--fdevice-syntax-only", false, Action::Drop},
    {"-fdevice-time-trace", "--fdevice-time-trace", true, Action::Drop},
    {"-save-temps", "--save-temps", false, Action::Drop},
    {"-clean", "--clean-targets", false, Action::Drop},
    {"-time", "--time", true, Action::Drop},
    {"-idp", "--input-drive-prefix", true, Action::Drop},
    {"-ddp", "--dependency-drive-prefix", true, Action::Drop},
    {"-dp", "--drive-prefix", true, Action::Drop},
    {"--no-align-double", "--no-align-double", false, Action::DropCode},
    {"-nodlink", "--no-device-link", false, Action::Drop},
    {"-e", "--entries", true, Action::DropCode},
    {"-w", "--disable-warnings", false, Action::Drop},
    {"-Wreorder", "--Wreorder", false, Action::Drop},
    {"-Wdefault-stream-launch", "--Wdefault-stream-launch", false,
     Action::Drop},
    {"-Wmissing-launch-bounds", "--Wmissing-launch-bounds", false,
     Action::Drop},
    {"-Wno-deprecated-declarations", "--Wno-deprecated-declarations", false,
     Action::Drop},
    {"-Werror", "--Werror", false, Action::WarningKinds},
    {"-no-compress", "--no-compress", false, Action::Drop},
    {"-compress-mode", "--compress-mode", true, Action::Drop},
    {"-qpp-config", "--qpp-config", false, Action::Drop},
    {"-astoolspatch", "--compile-as-tools-patch", false, Action::DropCode},
    {"-code-ls", "--list-gpu-code", false, Action::Drop},
    {"-arch-ls", "--list-gpu-arch", false, Action::Drop},
    {"-no-err-no", "--no-display-error-number", false, Action::Drop},
    {"-hls", "--host-linker-script", true, Action::Drop},
    {"-aug-hls", "--augment-host-linker-script", false, Action::Drop},
    {"-r", "--relocatable-link", false, Action::Drop},
    {"-brief-diag", "--brief-diagnostics", true, Action::Drop},
    {"-reloc-ptx", "--relocatable-ptx", false, Action::Drop},
    {"-frandom-seed", "--frandom-seed", true, Action::Drop},
    {"-jobserver", "--jobserver", false, Action::Drop},
    {"-h", "--help", false, Action::Drop},
    {"-V", "--version", false, Action::Drop},
    {"-opt-info", "--optimization-info", true, Action::DropCode},
    {"-Ofc", "--Ofast-compile", true, Action::DropCode},
    {"-dopt", "--dopt", true, Action::DropCode},
    {"-lto", "--lto", false, Action::DropCode},
    {"-gen-opt-lto", "--gen-opt-lto", false, Action::DropCode},
    {"-extra-device-vectorization", "--extra-device-vectorization", false,
     Action::DropCode},
    {"-keep-device-functions", "--keep-device-functions", false,
     Action::DropCode},
    {"-ewp", "--extensible-whole-program", false, Action::DropCode},
    {"-jtd", "--jump-table-density", true, Action::DropCode},
    {"-device-stack-protector", "--device-stack-protector", true,
     Action::DropCode},
    {"-sanitize", "--sanitize", true, Action::DropCode},
};

/// The warning kinds nvcc's '-Werror KIND,...' names (none of them clang's).
static bool nvccWarningKinds(StringRef List) {
  SmallVector<StringRef, 4> Kinds;
  List.split(Kinds, ',');
  for (StringRef K : Kinds)
    if (!StringSwitch<bool>(K)
             .Cases("cross-execution-space-call", "reorder",
                    "default-stream-launch", "missing-launch-bounds", true)
             .Cases("ext-lambda-captures-this", "deprecated-declarations",
                    "all-warnings", true)
             .Default(false))
      return false;
  return true;
}

/// A long option in one spelling: '_' as '-'.
static std::string sameSpelling(StringRef Long) {
  std::string Out = Long.str();
  std::replace(Out.begin(), Out.end(), '_', '-');
  return Out;
}

/// The option Arg names, and its value when written with '=' (nvcc's short
/// forms of -I, -D, -U, -O also take it attached: '-Iinclude').
static const NvccOption *findOption(StringRef Arg,
                                    std::optional<StringRef> &Value) {
  Value.reset();
  StringRef Name = Arg.split('=').first;
  // nvcc spells its long options with '-' or '_' alike (--diag_suppress).
  std::string Long = Name.starts_with("--") ? sameSpelling(Name) : Name.str();
  for (const NvccOption &O : Options)
    if (Name == O.Short || Long == sameSpelling(O.Long)) {
      if (Name.size() < Arg.size()) {
        if (!O.TakesValue)
          return nullptr; // not this option ('-G=1' means nothing to nvcc)
        Value = Arg.drop_front(Name.size() + 1);
      }
      return &O;
    }
  // Attached values: -Iinclude, -DNAME=1, -UNAME, -O3; '-Werror=...'-style
  // lists of nvcc warnings are nvcc's.
  for (StringRef Prefix : {"-I", "-D", "-U", "-O"})
    if (Arg.size() > 2 && Arg.starts_with(Prefix)) {
      std::optional<StringRef> None;
      const NvccOption *O = findOption(Prefix, None);
      Value = Arg.drop_front(2);
      return O;
    }
  return nullptr;
}

namespace {

class Translator {
public:
  Translator(StringRef Directory, ClangArguments &Out)
      : Directory(Directory), Out(Out) {}

  void translate(ArrayRef<std::string> Args, unsigned Depth);

private:
  /// Adds what option O (written Arg, with Value) becomes; false on an
  /// error (Out.Error).
  bool apply(const NvccOption &O, StringRef Arg, std::optional<StringRef> Value,
             unsigned Depth);
  bool optionsFile(StringRef File, unsigned Depth);
  void hostOptions(StringRef List);
  void note(const Twine &Text) { Out.Notes.push_back(Text.str()); }
  void codeOption(StringRef Arg, std::optional<StringRef> Value) {
    Out.CodeOptions.push_back(Arg.str());
    if (Value && !Arg.contains('='))
      Out.CodeOptions.push_back(Value->str());
  }

  StringRef Directory;
  ClangArguments &Out;
  BumpPtrAllocator Alloc;
  StringSaver Saver{Alloc};
};

} // namespace

void Translator::translate(ArrayRef<std::string> Args, unsigned Depth) {
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    std::optional<StringRef> Value;
    const NvccOption *O = nullptr;
    if (Arg.starts_with("-"))
      O = findOption(Arg, Value);
    if (O && O->TakesValue && !Value) {
      if (I + 1 == Args.size()) {
        Out.Error = ("'" + Arg + "' lacks its value").str();
        return;
      }
      Value = StringRef(Args[++I]);
    }
    if (!O) {
      if (Arg.starts_with("-Werror=") || Arg.starts_with("--Werror"))
        continue; // nvcc's warning classes (cross-execution-space-call, ...)
      Out.Args.push_back(Arg.str());
      continue;
    }
    if (O->What == Action::WarningKinds) {
      if (I + 1 < Args.size() && nvccWarningKinds(Args[I + 1]))
        ++I; // nvcc's own warnings: nothing of the preprocessor's
      continue;
    }
    if (!apply(*O, Arg, Value, Depth))
      return;
  }
}

bool Translator::apply(const NvccOption &O, StringRef Arg,
                       std::optional<StringRef> Value, unsigned Depth) {
  switch (O.What) {
  case Action::Keep:
    if (O.Clang == "-isystem" || O.Clang == "-include") {
      Out.Args.push_back(O.Clang.str());
      Out.Args.push_back(Value->str());
    } else {
      Out.Args.push_back((O.Clang + *Value).str());
    }
    break;
  case Action::Drop:
  case Action::WarningKinds: // translate() reads its list
    break;
  case Action::DropCode:
    codeOption(Arg, Value);
    break;
  case Action::DropMath:
    codeOption(Arg, Value);
    note("'" + Arg + (Value && !Arg.contains('=') ? " " + *Value : "") +
         "' is dropped: it changes nvcc's device math, not the code the "
         "rewrite reads; nvcc applies it when it compiles the rewritten "
         "file");
    break;
  case Action::Define:
    if (!Value || Value->equals_insensitive("true"))
      Out.Args.push_back(("-D" + O.Clang + "=1").str());
    if (O.Short == "-dc")
      Out.Args.push_back("-c");
    break;
  case Action::Host:
    hostOptions(*Value);
    break;
  case Action::OptionsFile:
    return optionsFile(*Value, Depth);
  case Action::Flag:
    Out.Args.push_back(O.Clang.str());
    break;
  case Action::Language:
    Out.Args.push_back("-x");
    Out.Args.push_back(*Value == "cu" ? "cuda" : Value->str());
    break;
  }
  return true;
}

/// '--options-file File': its options, read as a GNU command line, in
/// place of the option; a relative File is the compile's directory's.
bool Translator::optionsFile(StringRef File, unsigned Depth) {
  if (Depth > 8) {
    Out.Error = "'--options-file' files nest too deeply";
    return false;
  }
  SmallString<256> Path(File);
  if (!sys::path::is_absolute(Path)) {
    Path = Directory;
    sys::path::append(Path, File);
  }
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Out.Error = ("cannot read the options file '" + Path +
                 "': " + Buffer.getError().message())
                    .str();
    return false;
  }
  SmallVector<const char *, 32> Tokens;
  cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Tokens);
  std::vector<std::string> More(Tokens.begin(), Tokens.end());
  translate(More, Depth + 1);
  return Out.Error.empty();
}

/// '-Xcompiler a,b': what the host compiler's preprocessor reads passes on
/// (macros, include paths, OpenMP); the rest is dropped, with a note.
void Translator::hostOptions(StringRef List) {
  SmallVector<StringRef, 8> Items;
  List.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (size_t I = 0; I < Items.size(); ++I) {
    StringRef Item = Items[I].trim();
    bool Separate = Item == "-I" || Item == "-D" || Item == "-U" ||
                    Item == "-isystem" || Item == "-include";
    if (Separate && I + 1 < Items.size()) {
      Out.Args.push_back(Item.str());
      Out.Args.push_back(Items[++I].trim().str());
    } else if (Item.starts_with("-I") || Item.starts_with("-D") ||
               Item.starts_with("-U") || Item.starts_with("-std=") ||
               Item == "-fopenmp" || Item.starts_with("-O")) {
      Out.Args.push_back(Item.str());
    } else if (Item.starts_with("-W") || Item == "-w" || Item == "-g" ||
               Item.starts_with("-g")) {
      // Warnings and debug information change neither what the
      // preprocessor reads nor the code.
    } else {
      // Any other host option may change the host code (position
      // independence, a sanitizer, '-flto', '-march'): the fingerprint
      // counts it. Position independence cannot change what the
      // preprocessor reads; the others may.
      Out.CodeOptions.push_back("-Xcompiler=" + Item.str());
      if (Item != "-fPIC" && Item != "-fpic")
        note("'-Xcompiler " + Item +
             "' is not passed to the preprocessor that rewrites the file: if "
             "it changes which code is compiled, pass its effect after '--'");
    }
  }
}

std::vector<std::string> joinNvccOptionValues(ArrayRef<std::string> Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    std::optional<StringRef> Value;
    const NvccOption *O = StringRef(Args[I]).starts_with("-")
                              ? findOption(Args[I], Value)
                              : nullptr;
    // What nvcc drops is no compile's business here either, and some of it
    // ('-E', '-M', '--help', '-m 64') stops clang's driver from reading the
    // rest; so are nvcc's warning kinds after '-Werror'.
    if (O && O->What == Action::Drop) {
      if (O->TakesValue && !Value)
        ++I;
      continue;
    }
    if (O && O->What == Action::WarningKinds) {
      if (I + 1 < Args.size() && nvccWarningKinds(Args[I + 1]))
        ++I;
      continue;
    }
    if (O && O->What == Action::Language) { // '-x cu': clang's '-x cuda'
      std::string Language = Value                 ? Value->str()
                             : I + 1 < Args.size() ? Args[++I]
                                                   : std::string();
      Out.push_back("-x");
      Out.push_back(Language == "cu" ? "cuda" : Language);
      continue;
    }
    // Options clang knows by that name keep their form ('-I dir'); its
    // driver reads their values itself.
    bool ClangKnows = O && O->What == Action::Keep && Args[I] == O->Short &&
                      O->Short != "-std" && O->Short != "-O";
    // clang's driver takes '-l...' for a library and drops it before the
    // compile ('-ldir'): such an option goes in its long spelling.
    std::string Spelled = O && O->Short.starts_with("-l") && Args[I] == O->Short
                              ? O->Long.str()
                              : Args[I];
    if (O && O->TakesValue && !Value && !ClangKnows && I + 1 < Args.size()) {
      Out.push_back(Spelled + "=" + Args[I + 1]);
      ++I;
      continue;
    }
    Out.push_back(Spelled);
  }
  return Out;
}

ClangArguments nvccToClang(ArrayRef<std::string> Args, StringRef Directory) {
  ClangArguments Out;
  Out.Args.push_back("clang++"); // nvcc as argv[0] would select no mode
  Translator(Directory, Out).translate(Args.drop_front(), 0);
  return Out;
}

std::vector<std::string> toolArguments(int Argc, const char **Argv) {
  std::vector<std::string> Arguments(Argv, Argv + Argc);
  auto DashDash = std::find(Arguments.begin(), Arguments.end(), "--");
  if (DashDash != Arguments.end()) {
    std::vector<std::string> Flags = joinNvccOptionValues(
        std::vector<std::string>(DashDash + 1, Arguments.end()));
    Arguments.erase(DashDash + 1, Arguments.end());
    Arguments.insert(Arguments.end(), Flags.begin(), Flags.end());
  }
  return Arguments;
}

} // namespace autotune
