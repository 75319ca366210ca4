//===- SiteFingerprint.h - What a cached winner was measured for ----------===//
//
// A site's fingerprint names the code a cached winner was measured with: the
// pragma, the statement, the compiled points, the tokens of the pragma's file
// and of the user headers it includes, and the compile options that change
// the generated code (in a CUDA host job, through the device code it embeds,
// those only the device side sees too: GpuBinary.h). Comments, whitespace and
// line breaks are not tokens, so they keep the winner; an edit of the code, a
// '-D', '-O', '-ffast-math', '--cuda-gpu-arch', '-Xcuda-ptxas' or target
// change does not (docs/cache.md, "What invalidates an entry").
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_SITEFINGERPRINT_H
#define AUTOTUNE_PLUGIN_SITEFINGERPRINT_H

#include "SiteSpec.h"
#include "Space.h"

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace clang {
class CompilerInstance;
class Preprocessor;
} // namespace clang

namespace autotune {

/// The compile options that change the code of this job: the predefined
/// macros (every '-D' and '-U', '__OPTIMIZE__', '__FAST_MATH__', the target's
/// feature macros), the target, the floating-point, optimisation and code
/// generation options, and for a CUDA host job the device code of the GPU
/// binary it embeds (fatBinaryCodeHash). Paths, diagnostics and output
/// options do not count.
uint64_t compileOptionsHash(clang::CompilerInstance &CI);

/// OptionsHash with Options added: options that change the code which the
/// compiler instance does not see (autotune-rewrite drops nvcc's '-arch').
uint64_t withOptions(uint64_t OptionsHash, llvm::ArrayRef<std::string> Options);

/// The fingerprint of one site: its clauses, its statement as spelled, its
/// points, the tokens of the pragma's file and of the user files it has
/// included so far (files that include it do not count: a site in a header
/// has one fingerprint in every translation unit), and this job's options
/// (PluginState::CompileOptionsHash; in a job without the plugin's action,
/// 'clang -E', what the preprocessor knows of them: the predefined macros,
/// the target and the floating-point options).
uint64_t siteFingerprint(clang::Preprocessor &PP, const SiteSpec &Spec,
                         const Space &S,
                         llvm::ArrayRef<clang::Token> StatementTokens);

/// The fingerprint without the job's options: the same in the host job and
/// in each GPU job of one compile, and in every compile of the site's code
/// and points whatever the flags, so that it names the site in the file of
/// points the build leaves out (LeftOutPoints.h).
uint64_t siteKey(clang::Preprocessor &PP, const SiteSpec &Spec, const Space &S,
                 llvm::ArrayRef<clang::Token> StatementTokens);

/// At the end of a translation unit: warns of each user file that a site's
/// file included after the site and its fingerprint does not hold (a name
/// from a macro defined after the site), whose edits would keep the cached
/// winner.
void warnFilesOutsideFingerprints(clang::Preprocessor &PP);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_SITEFINGERPRINT_H
