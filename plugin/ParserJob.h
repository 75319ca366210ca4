//===- ParserJob.h - Prepare a parsing compiler job for the pragma --------===//
//
// What a job that parses (the plugin's, or autotune-annotate's) sets up before
// its main file is entered, so that '#pragma autotune' sites compile in it:
// the state reset, '__AUTOTUNE__' and the header's mangled-name keyword, the
// pragma watcher and the diagnostic filters.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_PARSERJOB_H
#define AUTOTUNE_PLUGIN_PARSERJOB_H

namespace clang {
class CompilerInstance;
} // namespace clang

namespace autotune {

/// Prepares CI's preprocessor and diagnostics for the pragma handler; the
/// handler itself is registered by the caller (the plugin registry, or
/// AddPragmaHandler). WritesSource: the rewritten main file is wanted.
void prepareParserJob(clang::CompilerInstance &CI, bool WritesSource);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_PARSERJOB_H
