//===- SiteFingerprint.h - What a cached winner was measured for ----------===//
//
// A site's fingerprint names the code a cached winner was measured with: the
// pragma, the statement, the compiled points, the tokens of the user's source
// and the compile options that change the generated code. Comments,
// whitespace and line breaks are not tokens, so they keep the winner; an edit
// of the code, a '-D', '-O', '-ffast-math', '--cuda-gpu-arch' or target
// change does not (docs/cache.md, "What invalidates a result").
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_SITEFINGERPRINT_H
#define AUTOTUNE_PLUGIN_SITEFINGERPRINT_H

#include "SiteSpec.h"
#include "Space.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace clang {
class CompilerInstance;
class Preprocessor;
} // namespace clang

namespace autotune {

/// What the preprocessor knows of the options that change the code: the
/// predefined macros (which hold every '-D' and '-U', '__OPTIMIZE__',
/// '__FAST_MATH__' and the target's feature macros), the target and the
/// floating-point options. A job without the plugin's action ('clang -E')
/// has only this.
uint64_t preprocessorOptionsHash(const clang::Preprocessor &PP);

/// The compile options that change the code of this job: the above, the
/// optimisation level and code generation options, and for a CUDA host job
/// the architectures in the GPU binary it embeds. Paths, diagnostics and output
/// options do not count.
uint64_t compileOptionsHash(clang::CompilerInstance &CI);

/// OptionsHash with Options added: options that change the code which the
/// compiler instance does not see (autotune-rewrite drops nvcc's '-arch').
uint64_t withOptions(uint64_t OptionsHash, llvm::ArrayRef<std::string> Options);

/// The architectures of a CUDA fat binary ("sm_80 compute_80 sm_90 ..."),
/// sorted; empty when Data is not one.
std::string fatBinaryArchitectures(llvm::StringRef Data);

/// A hash of the tokens of the file holding the pragma and of every user
/// file it has included so far, as written (not macro-expanded): editing the
/// kernel, there or in a header of the project, changes it; comments and
/// whitespace do not. Files that merely include the pragma's file do not
/// count, so a site in a header has one fingerprint in every translation
/// unit.
uint64_t userCodeHash(clang::Preprocessor &PP, clang::SourceLocation PragmaLoc);

/// The fingerprint of one site: its clauses, its statement, its points and
/// the two hashes above.
uint64_t siteFingerprint(const SiteSpec &Spec, llvm::StringRef StatementText,
                         const Space &S, uint64_t CodeHash,
                         uint64_t OptionsHash);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SITEFINGERPRINT_H
