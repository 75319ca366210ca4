//===- LaunchStatement.cpp - The statement a pragma applies to ------------===//

#include "LaunchStatement.h"
#include "Diagnostics.h"
#include "TokenText.h"

#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

namespace {

/// Keywords that start a statement which is not an expression statement.
bool startsOtherStatement(const Token &T) {
  return T.isOneOf(tok::kw_if, tok::kw_for, tok::kw_while, tok::kw_do,
                   tok::kw_switch, tok::kw_return, tok::kw_break,
                   tok::kw_continue, tok::kw_goto, tok::kw_case,
                   tok::kw_default, tok::kw_try, tok::l_brace) ||
         T.isOneOf(tok::kw_typedef, tok::kw_using, tok::kw_static,
                   tok::kw_extern, tok::kw_constexpr, tok::kw_auto,
                   tok::kw_register, tok::kw_thread_local, tok::kw_struct,
                   tok::kw_class, tok::kw_enum, tok::kw_union) ||
         T.isOneOf(tok::kw_int, tok::kw_long, tok::kw_short, tok::kw_char,
                   tok::kw_bool, tok::kw_float, tok::kw_double,
                   tok::kw_unsigned, tok::kw_signed, tok::kw_const,
                   tok::kw_volatile);
}

/// 'T x ...', 'ns::T<A> x ...', 'T *x ...': a declaration, judged on tokens.
bool looksLikeDeclaration(ArrayRef<Token> Toks) {
  size_t I = 0;
  if (I < Toks.size() && Toks[I].is(tok::coloncolon))
    ++I;
  if (I >= Toks.size() || !Toks[I].is(tok::identifier))
    return false;
  ++I;
  while (I + 1 < Toks.size() && Toks[I].is(tok::coloncolon) &&
         Toks[I + 1].is(tok::identifier))
    I += 2;
  if (I < Toks.size() && Toks[I].is(tok::less)) {
    int Depth = 0;
    for (; I < Toks.size(); ++I) {
      if (Toks[I].is(tok::less))
        ++Depth;
      else if (Toks[I].is(tok::greater) && --Depth == 0)
        break;
      else if (Toks[I].isOneOf(tok::semi, tok::l_paren, tok::lesslessless))
        return false;
    }
    ++I;
  }
  while (I < Toks.size() && Toks[I].isOneOf(tok::star, tok::amp, tok::ampamp))
    ++I;
  return I < Toks.size() && Toks[I].is(tok::identifier);
}

bool isAssignment(const Token &T) {
  return T.isOneOf(tok::equal, tok::plusequal, tok::minusequal,
                   tok::starequal, tok::slashequal, tok::percentequal,
                   tok::ampequal, tok::pipeequal, tok::caretequal) ||
         T.isOneOf(tok::lesslessequal, tok::greatergreaterequal);
}

/// Warns about '++', '--' and assignments in Toks, which run once per run.
void warnSideEffects(Preprocessor &PP, ArrayRef<Token> Toks, StringRef Where,
                     bool AllowTopLevelAssignment) {
  int Depth = 0;
  for (const Token &T : Toks) {
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --Depth;
    bool Plain = T.is(tok::equal);
    if (T.isOneOf(tok::plusplus, tok::minusminus) ||
        (isAssignment(T) && !(AllowTopLevelAssignment && Plain && Depth == 0)))
      report(PP, T.getLocation(), Diag::SideEffect) << PP.getSpelling(T) << Where;
  }
}

/// The name called: the qualified name right before the first top-level
/// '(', '<' or '<<<'.
std::string calleeName(Preprocessor &PP, ArrayRef<Token> Toks) {
  size_t End = 0;
  for (; End < Toks.size(); ++End)
    if (Toks[End].isOneOf(tok::l_paren, tok::less, tok::lesslessless))
      break;
  size_t Begin = End;
  while (Begin > 0 &&
         (Toks[Begin - 1].is(tok::identifier) ||
          Toks[Begin - 1].isOneOf(tok::coloncolon, tok::period, tok::arrow)))
    --Begin;
  std::string Name;
  for (size_t I = Begin; I < End; ++I)
    Name += PP.getSpelling(Toks[I]);
  return Name.empty() ? "statement" : Name;
}

} // namespace

std::optional<Statement> analyzeStatement(Preprocessor &PP,
                                          const SiteSpec &Spec,
                                          ArrayRef<Token> Tokens) {
  ArrayRef<Token> Body = Tokens.drop_back(); // without ';'
  if (Body.empty() || startsOtherStatement(Body.front()) ||
      looksLikeDeclaration(Body)) {
    const Token &First = Tokens.front();
    std::string What = First.is(tok::semi)
                           ? "an empty statement"
                           : (looksLikeDeclaration(Body) ||
                              First.isOneOf(tok::kw_int, tok::kw_auto,
                                            tok::kw_const, tok::kw_static))
                                 ? "a declaration"
                                 : "'" + PP.getSpelling(First) + "'";
    report(PP, First.getLocation(), Diag::NotExpressionStatement) << What;
    report(PP, Spec.PragmaLoc, Diag::PragmaHere);
    return std::nullopt;
  }

  Statement S;
  S.Callee = calleeName(PP, Body);

  // A launch: '<<<' at the top level, closed by '>>>', then '(args)'.
  int Depth = 0;
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --Depth;
    if (Depth != 0 || !T.is(tok::lesslessless))
      continue;
    size_t Close = I + 1;
    for (int D = 0; Close < Body.size(); ++Close) {
      if (Body[Close].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++D;
      else if (Body[Close].isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --D;
      else if (D == 0 && Body[Close].is(tok::greatergreatergreater))
        break;
    }
    if (Close == Body.size())
      break; // Sema reports the malformed launch.
    ArrayRef<Token> Config = Body.slice(I + 1, Close - I - 1);
    SmallVector<ArrayRef<Token>, 8> Args = splitTopLevel(Config);
    if (Args.size() < 2 || Args.size() > 4) {
      report(PP, T.getLocation(), Diag::LaunchConfigCount)
          << static_cast<unsigned>(Args.size());
      return std::nullopt;
    }
    S.Form = StatementForm::Launch;
    if (Args.size() == 4)
      S.LaunchStream = Args[3];
    warnSideEffects(PP, Config, "the launch configuration", false);
    warnSideEffects(PP, Body.slice(Close + 1), "a kernel argument", false);
    return S;
  }

  S.Form = Spec.Stream ? StatementForm::Stream : StatementForm::Host;
  warnSideEffects(PP, Body, "the tuned statement", true);
  return S;
}

} // namespace autotune
