//===- AutotunePragma.h - The '#pragma autotune' handler ------------------===//
//
// Runs in the preprocessor of every compiler job (host and each device
// architecture, and 'clang -E'): reads the pragma and the statement after it,
// and re-injects the statement rewritten as a call into the runtime. Each
// step has its own file; the handler runs them in order.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_AUTOTUNEPRAGMA_H
#define AUTOTUNE_PLUGIN_AUTOTUNEPRAGMA_H

#include "clang/Lex/Pragma.h"

namespace autotune {

class AutotunePragmaHandler : public clang::PragmaHandler {
public:
  AutotunePragmaHandler() : PragmaHandler("autotune") {}
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;
};

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_AUTOTUNEPRAGMA_H
