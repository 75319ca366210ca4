//===- ParserJob.cpp - Prepare a parsing compiler job for the pragma ------===//

#include "ParserJob.h"
#include "DiagnosticDeduplicator.h"
#include "DiagnosticRelocator.h"
#include "PluginState.h"
#include "PragmaWatcher.h"
#include "SiteFingerprint.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

void prepareParserJob(CompilerInstance &CI, bool WritesSource) {
  pluginState().reset();
  pluginState().CompileOptionsHash = compileOptionsHash(CI);
  pluginState().WritesSource = WritesSource;
  // The predefines are read when the main file is entered, after this.
  Preprocessor &PP = CI.getPreprocessor();
  // The runtime header names a site's context by the mangled name of a
  // function local to it (autotune::detail::siteContext), which only
  // Microsoft's '__FUNCDNAME__' gives; it is not a keyword outside
  // '-fms-extensions', so the header spells it with a name of its own,
  // where a macro says it is one ('__AUTOTUNE__' does not: the nvcc route
  // defines it too).
  PP.setPredefines(PP.getPredefines() +
                   "#define __AUTOTUNE__ 1\n"
                   "#define __AUTOTUNE_MANGLED_NAME__ 1\n");
  PP.getIdentifierTable().get("__autotune_mangled_name", tok::kw___FUNCDNAME__);
  watchPragmas(PP);
  // In front of '-verify''s consumer too, so that it checks what a user
  // reads; the job's counts are its (ForwardingConsumer).
  installRelocator(CI.getDiagnostics());
  installDeduplicator(CI.getDiagnostics());
}

} // namespace autotune
