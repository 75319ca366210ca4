//===- ToolCommandLine.cpp - The command line autotune's clang tools share ===//

#include "ToolCommandLine.h"
#include "NvccArguments.h"
#include "ToolFiles.h"

#include "llvm/Config/llvm-config.h"

namespace cl = llvm::cl;

namespace autotune {

ToolCommandLine::ToolCommandLine(cl::OptionCategory &Category, const char *Tool)
    : Category(Category), Tool(Tool),
      CudaArch("cuda-gpu-arch",
               cl::desc("GPU architecture assumed for CUDA inputs (sm_90)"),
               cl::init("sm_90"), cl::cat(Category)),
      CudaPath("cuda-path", cl::desc("The CUDA toolkit"),
               cl::init("/usr/local/cuda"), cl::cat(Category)) {}

bool ToolCommandLine::parse(int Argc, const char **Argv, const char *Overview) {
  // The flags after '--' as clang's driver reads them; the strings must
  // outlive the parse only, which copies what it keeps.
  std::vector<std::string> Arguments = toolArguments(Argc, Argv);
  std::vector<const char *> Pointers;
  for (const std::string &A : Arguments)
    Pointers.push_back(A.c_str());
  int Count = static_cast<int>(Pointers.size());
  std::string Name = Tool;
  cl::SetVersionPrinter([Name](llvm::raw_ostream &OS) {
    OS << Name << " (autotune " AUTOTUNE_VERSION ")\n"
       << "  with Clang " LLVM_VERSION_STRING "\n";
  });
  auto Parsed = clang::tooling::CommonOptionsParser::create(
      Count, Pointers.data(), Category, cl::OneOrMore, Overview);
  if (!Parsed) {
    llvm::errs() << Parsed.takeError();
    return false;
  }
  Parser.emplace(std::move(*Parsed));
  Cuda = {CudaArch, CudaPath, findShimDir(Argv[0], AUTOTUNE_BUILD_SHIM_DIR),
          AUTOTUNE_CLANG_RESOURCE_DIR};
  return true;
}

std::optional<PreprocessCommand>
ToolCommandLine::command(llvm::StringRef File) {
  llvm::Expected<PreprocessCommand> Command =
      preprocessCommand(Parser->getCompilations(), File, Cuda);
  if (!Command) {
    llvm::errs() << Tool << ": error: " << llvm::toString(Command.takeError())
                 << "\n";
    return std::nullopt;
  }
  for (const std::string &Note : Command->Notes)
    llvm::errs() << Tool << ": note: " << File << ": " << Note << "\n";
  return std::move(*Command);
}

} // namespace autotune
