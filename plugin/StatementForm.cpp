//===- StatementForm.cpp - The form of the statement a pragma tunes -------===//

#include "StatementForm.h"
#include "Diagnostics.h"
#include "TokenText.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace autotune {

/// Keywords that start a statement which is not an expression statement.
static bool startsOtherStatement(const Token &T) {
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
                   tok::kw_volatile) ||
         T.isOneOf(tok::kw_static_assert, tok::kw__Static_assert,
                   tok::kw_decltype, tok::kw_namespace, tok::kw_asm,
                   tok::kw_template, tok::kw_else, tok::kw_catch);
}

/// What to call a statement that is not an expression statement.
static std::string describeStatement(Preprocessor &PP, ArrayRef<Token> Toks,
                                     bool Declaration) {
  const Token &First = Toks.front();
  if (First.is(tok::semi))
    return "an empty statement";
  if (First.is(tok::l_brace))
    return "a compound statement";
  if (Toks.size() > 1 && First.is(tok::identifier) && Toks[1].is(tok::colon))
    return "a labeled statement";
  if (First.isOneOf(tok::kw_static_assert, tok::kw__Static_assert))
    return "a static assertion";
  // Attributes at the start of a statement in practice introduce a
  // declaration ([[maybe_unused]] int w = ...).
  if (Declaration ||
      First.isOneOf(tok::kw_int, tok::kw_auto, tok::kw_const, tok::kw_static,
                    tok::kw_decltype, tok::l_square))
    return "a declaration";
  return "'" + PP.getSpelling(First) + "'";
}

/// 'T x ...', 'ns::T<A> x ...', 'T *x ...': a declaration, judged on tokens.
static bool looksLikeDeclaration(ArrayRef<Token> Toks) {
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
    std::optional<size_t> End = closingAngleOf(Toks, I);
    if (!End)
      return false;
    I = *End;
  }
  while (I < Toks.size() && Toks[I].isOneOf(tok::star, tok::amp, tok::ampamp))
    ++I;
  return I < Toks.size() && Toks[I].is(tok::identifier);
}

static bool isAssignment(const Token &T) {
  return T.isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal,
                   tok::slashequal, tok::percentequal, tok::ampequal,
                   tok::pipeequal, tok::caretequal) ||
         T.isOneOf(tok::lesslessequal, tok::greatergreaterequal);
}

/// Warns about '++', '--' and assignments in Toks, which run once per run.
static void warnSideEffects(Preprocessor &PP, ArrayRef<Token> Toks,
                            StringRef Where, bool AllowTopLevelAssignment) {
  BracketDepth Depth;
  int Braces = 0;
  for (const Token &T : Toks) {
    int Outside = Depth.step(T);
    // Inside a lambda body (or a braced list) the effects belong to code
    // the statement calls, not to its arguments.
    Braces += T.is(tok::l_brace) - T.is(tok::r_brace);
    if (Braces > 0 || T.is(tok::r_brace))
      continue;
    bool Plain = T.is(tok::equal);
    if (T.isOneOf(tok::plusplus, tok::minusminus) ||
        (isAssignment(T) &&
         !(AllowTopLevelAssignment && Plain && Outside == 0)))
      report(PP, T.getLocation(), Diag::SideEffect)
          << PP.getSpelling(T) << Where;
  }
}

/// Warns about calls that allocate in the calling function's frame (alloca
/// and its builtins): the statement runs in a function of its own, so that
/// memory is freed when the statement ends, not when the user's function
/// returns. Reported at the name as written, which may be a macro.
static void warnFrameAllocation(Preprocessor &PP, ArrayRef<Token> Toks) {
  const SourceManager &SM = PP.getSourceManager();
  for (const Token &T : Toks) {
    const IdentifierInfo *II = T.getIdentifierInfo();
    if (!II || T.isAnnotation())
      continue;
    StringRef Name = II->getName();
    if (Name != "alloca" && Name != "_alloca" &&
        !Name.starts_with("__builtin_alloca"))
      continue;
    SourceLocation Loc = SM.getExpansionLoc(T.getLocation());
    SmallString<32> Buffer;
    StringRef Written = Name;
    if (T.getLocation().isMacroID()) {
      Token Raw;
      if (!Lexer::getRawToken(Loc, Raw, SM, PP.getLangOpts()) &&
          Raw.is(tok::raw_identifier))
        Written = Raw.getRawIdentifier();
    }
    report(PP, Loc, Diag::FrameAllocation) << Written;
  }
}

/// Where a template argument list opened by the '<' at Open ends (one past
/// its '>'), when the tokens read as one: the '<' follows a name, the angle
/// brackets balance exactly, and what follows can follow a template-id.
/// Otherwise Open: the '<' is a comparison. Without Sema this is a guess, the
/// same one a reader makes.
static size_t skipTemplateArguments(ArrayRef<Token> Toks, size_t Open) {
  if (Open == 0 || !Toks[Open - 1].is(tok::identifier))
    return Open;
  std::optional<size_t> End = closingAngleOf(Toks, Open);
  if (!End)
    return Open;
  return (*End == Toks.size() ||
          Toks[*End].isOneOf(tok::l_paren, tok::coloncolon, tok::l_brace,
                             tok::comma, tok::r_paren,
                             tok::greatergreatergreater))
             ? *End
             : Open;
}

/// The configuration of a launch whose '<<<' is at Open: its arguments, and
/// in Close the index of its '>>>' (Toks.size() when there is none).
static SmallVector<ArrayRef<Token>, 4>
launchConfiguration(ArrayRef<Token> Toks, size_t Open, size_t &Close) {
  SmallVector<ArrayRef<Token>, 4> Args;
  size_t ArgBegin = Open + 1;
  BracketDepth Depth;
  for (size_t I = Open + 1; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    if (Depth.step(T) != 0)
      continue;
    // Template arguments are skipped whole: they hold no open bracket.
    if (T.is(tok::less)) {
      size_t End = skipTemplateArguments(Toks, I);
      if (End != I)
        I = End - 1;
    } else if (T.is(tok::comma)) {
      Args.push_back(Toks.slice(ArgBegin, I - ArgBegin));
      ArgBegin = I + 1;
    } else if (T.is(tok::greatergreatergreater)) {
      if (I > ArgBegin || !Args.empty())
        Args.push_back(Toks.slice(ArgBegin, I - ArgBegin));
      Close = I;
      return Args;
    }
  }
  Close = Toks.size();
  return Args;
}

/// The name called: the qualified name right before the first top-level
/// '(', '<' or '<<<'.
static std::string calleeName(Preprocessor &PP, ArrayRef<Token> Toks) {
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

/// Reports Tokens, the statement's written tokens, unless they are a single
/// expression statement.
static bool checkExpressionStatement(Preprocessor &PP, const SiteSpec &Spec,
                                     ArrayRef<Token> Tokens) {
  ArrayRef<Token> Body = Tokens.drop_back(); // without ';'
  bool Declaration = !Body.empty() && looksLikeDeclaration(Body);
  bool Label = Tokens.size() > 1 && Tokens[0].is(tok::identifier) &&
               Tokens[1].is(tok::colon);
  bool Attributes = Tokens.size() > 1 && Tokens[0].is(tok::l_square) &&
                    Tokens[1].is(tok::l_square);
  if (!Tokens.back().is(tok::semi) || Body.empty() ||
      startsOtherStatement(Body.front()) || Declaration || Label ||
      Attributes) {
    report(PP, Tokens.front().getLocation(), Diag::NotExpressionStatement)
        << describeStatement(PP, Tokens, Declaration);
    report(PP, Spec.PragmaLoc, Diag::PragmaHere);
    return false;
  }
  return true;
}

std::optional<Statement> analyzeStatement(Preprocessor &PP,
                                          const SiteSpec &Spec,
                                          ArrayRef<Token> Tokens) {
  // Another pragma in or before the statement leaves an annotation token: it
  // has no spelling, and moved into the generated code it would apply to
  // that code. The statement's form is judged on its written tokens.
  SmallVector<Token, 64> Written;
  const Token *Annotation = nullptr;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (!Tokens[I].isAnnotation()) {
      Written.push_back(Tokens[I]);
      continue;
    }
    if (!Annotation)
      Annotation = &Tokens[I];
    if (tok::TokenKind End = directiveEndOf(Tokens[I]); End != tok::unknown)
      while (I + 1 < Tokens.size() && !Tokens[I + 1].is(End))
        ++I;
  }
  if (Written.empty() || !checkExpressionStatement(PP, Spec, Written))
    return std::nullopt;
  if (Annotation) {
    report(PP, Annotation->getLocation(), Diag::OtherPragmaInStatement);
    report(PP, Spec.PragmaLoc, Diag::PragmaHere);
    return std::nullopt;
  }

  ArrayRef<Token> Body = Tokens.drop_back(); // without ';'
  Statement S;
  S.Callee = calleeName(PP, Body);

  // A launch: '<<<', closed by '>>>', then '(args)'.
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    // A launch inside parentheses, '(void)(k<<<...>>>(x))', is a launch too.
    if (!T.is(tok::lesslessless))
      continue;
    size_t Close;
    SmallVector<ArrayRef<Token>, 4> Args = launchConfiguration(Body, I, Close);
    if (Close == Body.size())
      break; // Sema reports the malformed launch.
    ArrayRef<Token> Config = Body.slice(I + 1, Close - I - 1);
    if (Args.size() < 2 || Args.size() > 4) {
      report(PP, T.getLocation(), Diag::LaunchConfigCount)
          << static_cast<unsigned>(Args.size());
      return std::nullopt;
    }
    S.Form = StatementForm::Launch;
    S.LaunchConfig = Args.size() == 4
                         ? Config.take_front(Args[2].end() - Config.begin())
                         : Config;
    if (Args.size() == 4)
      S.LaunchStream = Args[3];
    warnSideEffects(PP, Config, "the launch configuration", false);
    warnSideEffects(PP, Body.slice(Close + 1), "a kernel argument", false);
    warnFrameAllocation(PP, Body);
    return S;
  }

  S.Form = Spec.Stream ? StatementForm::Stream : StatementForm::Host;
  warnSideEffects(PP, Body, "the tuned statement", true);
  warnFrameAllocation(PP, Body);
  return S;
}

} // namespace autotune
