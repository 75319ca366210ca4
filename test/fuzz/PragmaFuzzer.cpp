// libFuzzer target for the plugin's pragma parser and statement reader: the
// input's first line follows '#pragma autotune' in a small function, the
// rest is the statement and what follows it. Each input is compiled in
// process (-fsyntax-only, the rewritten source written to /dev/null) with the
// plugin linked in; the compiler must report or accept it, never crash or
// touch memory it does not own (AddressSanitizer).
//   ./pragma-fuzzer -dict=test/fuzz/pragma.dict CORPUS test/fuzz/pragma-corpus
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

// Names the statements call, so that most inputs reach the rewrite, and
// macros that expand to pragmas (one through another, one that leaves no
// token, '#pragma autotune' itself), so that the macro route of a pragma into
// the clauses or the statement is reached too.
constexpr const char Prelude[] =
    "template <int A, int B = 0> void work(int *x);\n"
    "template <int A> int value(int n);\n"
    "#define LAUNCH(k, a) k(a)\n"
    "#define UNROLL _Pragma(\"unroll\")\n"
    "#define PRAGMA(x) _Pragma(#x)\n"
    "#define NESTED PRAGMA(autotune space(C = {1, 2}) key(n))\n"
    "#define MESSAGE _Pragma(\"message(\\\"m\\\")\")\n"
    "#define PACKED PRAGMA(pack(1))\n"
    "void site(int *x, int n, float *y, void *stream) {\n"
    "#pragma autotune ";

/// True when a '_Pragma' in Text opens a string that its line does not
/// close. Clang 19 itself crashes on some of these without the plugin (an
/// unterminated '_Pragma("' followed by '#if _Pragma(...)': the
/// preprocessor's lexer is used after it was freed), so they would only
/// find clang's bug again.
bool hasUnterminatedPragmaOperator(const std::string &Text) {
  for (std::size_t At = Text.find("_Pragma"); At != std::string::npos;
       At = Text.find("_Pragma", At + 1)) {
    std::size_t End = Text.find('\n', At);
    if (End == std::string::npos)
      End = Text.size();
    bool InString = false;
    for (std::size_t I = At; I < End; ++I) {
      if (Text[I] == '\\' && InString)
        ++I;
      else if (Text[I] == '"')
        InString = !InString;
    }
    if (InString)
      return true;
  }
  return false;
}

/// How often Word occurs in Text.
std::size_t occurrences(const std::string &Text, const char *Word) {
  std::size_t Count = 0;
  for (std::size_t At = Text.find(Word); At != std::string::npos;
       At = Text.find(Word, At + 1))
    ++Count;
  return Count;
}

/// True when Text may put another pragma between a loop hint ('#pragma
/// unroll', '#pragma clang loop', the prelude's UNROLL) and its loop. Clang 19
/// itself crashes on some of these without the plugin ('#pragma unroll' then
/// '#pragma pack(1)', 'weak', 'GCC visibility push', ... then a statement:
/// Sema::ProcessStmtAttributes reads a null statement). The check is wider
/// than the bug: a loop-hint word with any second pragma, or with a macro
/// definition that could spell one.
bool mayPutPragmaAfterLoopHint(const std::string &Text) {
  bool LoopHint = occurrences(Text, "unroll") + occurrences(Text, "UNROLL") +
                      occurrences(Text, "loop") >
                  0;
  if (!LoopHint)
    return false;
  std::size_t Pragmas =
      occurrences(Text, "ragma") + occurrences(Text, "RAGMA") +
      occurrences(Text, "UNROLL") + occurrences(Text, "PACKED") +
      occurrences(Text, "MESSAGE") + occurrences(Text, "NESTED");
  return Pragmas >= 2 || occurrences(Text, "define") > 0;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string Input(reinterpret_cast<const char *>(Data), Size);
  std::string Code(Prelude);
  Code += Input;
  Code += "\n}\n";
  // The compiler's flags without the plugin's: run-pragma-fuzzer.py
  // compiles a crashing input with them and clang++-19 alone, to tell clang's
  // own crashes from the plugin's.
  const std::vector<std::string> ClangFlags = {"-std=c++17", "-fsyntax-only",
                                               "-fopenmp", "-nostdinc",
                                               "-ferror-limit=0"};
  if (const char *SourceOut = std::getenv("AUTOTUNE_FUZZ_SOURCE_OUT")) {
    std::ofstream(SourceOut, std::ios::binary) << Code;
    std::ofstream Flags(std::string(SourceOut) + ".flags");
    for (const std::string &Flag : ClangFlags)
      Flags << Flag << '\n';
  }

  if (hasUnterminatedPragmaOperator(Input) || mayPutPragmaAfterLoopHint(Input))
    return -1; // not added to the corpus

  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Files(
      new llvm::vfs::InMemoryFileSystem);
  Files->addFile("/fuzz/input.cpp", 0,
                 llvm::MemoryBuffer::getMemBufferCopy(Code));
  llvm::IntrusiveRefCntPtr<clang::FileManager> Manager(
      new clang::FileManager(clang::FileSystemOptions(), Files));
  std::vector<std::string> Command = {"clang++"};
  Command.insert(Command.end(), ClangFlags.begin(), ClangFlags.end());
  Command.push_back("-fplugin-arg-autotune-rewrite-source=/dev/null");
  Command.push_back("/fuzz/input.cpp");
  clang::tooling::ToolInvocation Invocation(
      Command, std::make_unique<clang::SyntaxOnlyAction>(), Manager.get());
  clang::IgnoringDiagConsumer Ignore;
  Invocation.setDiagnosticConsumer(&Ignore);
  Invocation.run();
  return 0;
}
