//===- PragmaWatcher.h - Pragmas run while '#pragma autotune' reads -------===//
//
// Any pragma can run while the handler reads its clauses: a macro on the
// clause line may expand to '_Pragma(...)', through any number of macros.
// Some leave a token, some none ('message', 'GCC poison'), and
// '#pragma autotune' itself would run its handler inside this one, on the
// lexer this one is reading (a use after free). The watcher notes where the
// first of them came from; the handler then refuses both. It also keeps the
// kind of the last token the compiler read, which tells a pragma in the
// middle of an expression.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_PRAGMAWATCHER_H
#define AUTOTUNE_PLUGIN_PRAGMAWATCHER_H

namespace clang {
class Preprocessor;
} // namespace clang

namespace autotune {

/// Makes PP tell the plugin's state of every pragma it starts and of every
/// token it hands the compiler (once per preprocessor; the actions call it,
/// and so does the handler, for jobs that run no action).
void watchPragmas(clang::Preprocessor &PP);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_PRAGMAWATCHER_H
