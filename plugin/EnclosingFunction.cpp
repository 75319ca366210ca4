//===- EnclosingFunction.cpp - The function a pragma is in, from tokens ---===//

#include "EnclosingFunction.h"
#include "TokenText.h"

#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/TokenKinds.h"

#include <optional>

using namespace clang;

namespace autotune {

namespace {
/// The CUDA execution spaces a declaration names.
struct ExecutionSpace {
  bool Global = false, Device = false, Host = false;
  /// As DeclaredName's DeviceKind: empty for host code.
  StringRef kind() const;
};
} // namespace

/// Keywords that cannot start or continue the type of a declaration.
static bool endsDeclaration(const Token &T) {
  return T.isOneOf(tok::kw_return, tok::kw_delete, tok::kw_throw, tok::kw_goto,
                   tok::kw_case, tok::kw_default, tok::kw_using,
                   tok::kw_typedef, tok::kw_new, tok::kw_sizeof, tok::kw_else,
                   tok::kw_do, tok::kw_if, tok::kw_for) ||
         T.isOneOf(tok::kw_while, tok::kw_switch, tok::kw_try, tok::kw_catch,
                   tok::kw_static_assert, tok::kw_namespace, tok::kw_operator,
                   tok::kw_this, tok::kw_break, tok::kw_continue,
                   tok::kw_co_return, tok::kw_true, tok::kw_false) ||
         T.isOneOf(tok::kw_nullptr, tok::kw_template, tok::kw_public,
                   tok::kw_private, tok::kw_protected, tok::kw_friend);
}

/// A statement whose braces are its own body, not part of an expression.
static bool startsControlStatement(const Token &T) {
  return T.isOneOf(tok::kw_if, tok::kw_for, tok::kw_while, tok::kw_switch,
                   tok::kw_catch, tok::kw_else, tok::kw_do, tok::kw_try);
}

/// Keywords followed by a parenthesised group that is not a declarator.
static bool takesParenthesisedOperand(const Token &T) {
  return T.isOneOf(tok::kw___attribute, tok::kw___declspec, tok::kw_alignas,
                   tok::kw_decltype, tok::kw_sizeof, tok::kw_noexcept,
                   tok::kw_throw, tok::kw_alignof);
}

static void add(const Token &T, bool Constexpr,
                SmallVectorImpl<DeclaredName> &Out) {
  StringRef Name = T.getIdentifierInfo()->getName();
  // The rewrite's own declarations are no user's variables.
  if (!Name.starts_with("__autotune"))
    Out.push_back({Name.str(), T.getLocation(), Constexpr});
}

/// The tokens of the parenthesised group right after Toks[0] ('for (...)'),
/// up to its first ';' (the init-statement of 'for', 'if' and 'switch').
static ArrayRef<Token> conditionDeclaration(ArrayRef<Token> Toks) {
  if (Toks.size() < 2 || !Toks[1].is(tok::l_paren))
    return {};
  size_t Close = closingOf(Toks, 1);
  BracketDepth Depth;
  for (size_t I = 2; I < Close; ++I)
    if (Depth.step(Toks[I]) == 0 && Toks[I].is(tok::semi))
      return Toks.slice(2, I - 2);
  return Toks.slice(2, Close - 2);
}

/// Names declared by a block's head: a control statement's declaration or a
/// lambda's parameters.
static void blockNames(ArrayRef<Token> Head,
                       SmallVectorImpl<DeclaredName> &Out) {
  if (Head.empty())
    return;
  if (Head[0].isOneOf(tok::kw_for, tok::kw_if, tok::kw_while, tok::kw_switch,
                      tok::kw_catch)) {
    declaredNames(conditionDeclaration(Head), Out);
    return;
  }
  // '[captures](parameters) specifiers {': the last parenthesised group.
  for (size_t I = Head.size(); I-- > 0;) {
    if (!Head[I].is(tok::r_paren))
      continue;
    size_t Open = openingOf(Head, I);
    if (Open == I || Open == 0 || !Head[Open - 1].is(tok::r_square))
      return;
    for (ArrayRef<Token> Param :
         splitTopLevel(Head.slice(Open + 1, I - Open - 1)))
      declaredNames(Param, Out);
    return;
  }
}

/// Notes the CUDA execution space T names: '__global__' where it is no
/// macro, or the word inside '__attribute__((...))' where it is one.
static void noteSpace(const Token &T, ExecutionSpace &Space) {
  if (!T.getIdentifierInfo())
    return;
  StringRef S = T.getIdentifierInfo()->getName();
  Space.Global |= S == "global" || S == "__global__";
  Space.Device |= S == "device" || S == "__device__";
  Space.Host |= S == "host" || S == "__host__";
}

/// One past the '__attribute__((...))' at Toks[I], noting the spaces it
/// names; I when Toks[I] starts none.
static size_t skipAttribute(ArrayRef<Token> Toks, size_t I,
                            ExecutionSpace &Space) {
  if (!Toks[I].is(tok::kw___attribute) || I + 1 >= Toks.size() ||
      !Toks[I + 1].is(tok::l_paren))
    return I;
  size_t Close = closingOf(Toks, I + 1);
  for (size_t J = I + 2; J < Close; ++J)
    if (Toks[J - 1].isOneOf(tok::l_paren, tok::comma))
      noteSpace(Toks[J], Space);
  return Close + 1;
}

StringRef ExecutionSpace::kind() const {
  return Global            ? "__global__"
         : Device && !Host ? "__device__"
         : Device && Host  ? "__host__ __device__"
                           : "";
}

/// One past the template heads Head starts with ('template <int N = 256>',
/// any number of them): their '=' are default arguments, not initializers.
static size_t skipTemplateHeads(ArrayRef<Token> Head) {
  size_t I = 0;
  while (I + 1 < Head.size() && Head[I].is(tok::kw_template) &&
         Head[I + 1].is(tok::less)) {
    std::optional<size_t> End = closingAngleOf(Head, I + 1);
    if (!End)
      return Head.size();
    I = *End;
  }
  return I;
}

/// Where the lambda whose body a '{' after Head opens starts ('[' of
/// '[=] __device__ (int i) {'), read backwards from the '{'; nothing when
/// the braces are no lambda's.
static std::optional<size_t> lambdaIntroducer(ArrayRef<Token> Head) {
  for (size_t I = Head.size(); I-- > 0;) {
    const Token &T = Head[I];
    if (T.isOneOf(tok::r_paren, tok::r_square)) {
      size_t Open = openingOf(Head, I);
      if (Open == I)
        return std::nullopt;
      // 'a[i]', 'int[n]', 'f()[0]' subscript or declare; '= [', '( [',
      // ', [', 'return [' introduce a lambda.
      if (T.is(tok::r_square) &&
          (Open == 0 ||
           Head[Open - 1].isOneOf(tok::kw_return, tok::kw_throw,
                                  tok::kw_co_return) ||
           !(Head[Open - 1].getIdentifierInfo() ||
             Head[Open - 1].isOneOf(tok::r_paren, tok::r_square, tok::greater,
                                    tok::numeric_constant,
                                    tok::string_literal))))
        return Open;
      I = Open;
      continue;
    }
    // Nothing of a lambda's declarator lies beyond these.
    if (T.isOneOf(tok::equal, tok::comma, tok::semi, tok::l_paren,
                  tok::l_square, tok::question, tok::colon, tok::kw_return))
      return std::nullopt;
  }
  return std::nullopt;
}

/// The execution space a lambda's marks name ('[=] __host__ __device__
/// (int i) {'), from its '[' at Head[Open]: empty for an unmarked lambda.
static StringRef lambdaKind(ArrayRef<Token> Head, size_t Open) {
  ExecutionSpace Space;
  for (size_t I = closingOf(Head, Open) + 1; I < Head.size(); ++I) {
    if (size_t After = skipAttribute(Head, I, Space); After != I)
      I = After - 1;
    else if (Head[I].isOneOf(tok::l_paren, tok::l_square))
      I = closingOf(Head, I); // parameters: no marks of the lambda's
    else
      noteSpace(Head[I], Space);
  }
  return Space.kind();
}

/// The parameters of the template heads Head starts with ('template <int
/// N = 256, typename T>' gives N and T): the names a site cannot redeclare.
static void templateParameters(ArrayRef<Token> Head,
                               SmallVectorImpl<DeclaredName> &Out) {
  size_t I = 0;
  while (I + 1 < Head.size() && Head[I].is(tok::kw_template) &&
         Head[I + 1].is(tok::less)) {
    std::optional<size_t> End = closingAngleOf(Head, I + 1);
    if (!End)
      return;
    for (ArrayRef<Token> Param :
         splitTopLevel(Head.slice(I + 2, *End - I - 3))) {
      // The name is the last identifier before a default argument.
      const Token *Name = nullptr;
      for (size_t J = 0; J < Param.size() && !Param[J].is(tok::equal); ++J) {
        if (Param[J].is(tok::less)) // 'template <typename> class Box'
          J = closingAngleOf(Param, J).value_or(Param.size()) - 1;
        else if (Param[J].is(tok::identifier))
          Name = &Param[J];
      }
      if (Name)
        Out.push_back({Name->getIdentifierInfo()->getName().str(),
                       Name->getLocation(), /*Constexpr=*/true,
                       /*TemplateParameter=*/true});
    }
    I = *End;
  }
}

namespace {
/// Where a function head's parameter list starts, and its 'operator' if the
/// function is one.
struct FunctionDeclarator {
  size_t Parameters = 0;          // the parameter list's '('
  std::optional<size_t> Operator; // where 'operator' is, in 'operator()'
};
} // namespace

/// Finds the parameter list of the function Head declares, past its template
/// heads and attributes, noting the execution spaces they name; nothing
/// when Head declares no function (an '=' comes first, or no list).
static std::optional<FunctionDeclarator> findDeclarator(ArrayRef<Token> Head,
                                                        ExecutionSpace &Space) {
  for (size_t I = skipTemplateHeads(Head); I < Head.size(); ++I) {
    const Token &T = Head[I];
    if (T.is(tok::equal))
      return std::nullopt;
    if (size_t After = skipAttribute(Head, I, Space); After != I) {
      I = After - 1;
      continue;
    }
    if (takesParenthesisedOperand(T) && I + 1 < Head.size() &&
        Head[I + 1].is(tok::l_paren)) {
      I = closingOf(Head, I + 1);
      continue;
    }
    if (T.is(tok::identifier)) {
      noteSpace(T, Space); // '__global__' where it is no macro
      continue;
    }
    if (T.is(tok::kw_operator)) {
      // 'operator()', 'operator[]', 'operator+=', 'operator bool': the name
      // runs to the parameter list's '('.
      size_t P = I + 1;
      if (P < Head.size() && Head[P].is(tok::l_paren))
        P = closingOf(Head, P) + 1;
      while (P < Head.size() && Head[P].isNot(tok::l_paren))
        ++P;
      if (P >= Head.size())
        return std::nullopt;
      return FunctionDeclarator{P, I};
    }
    if (T.is(tok::l_paren)) {
      if (I > 0 && Head[I - 1].isOneOf(tok::identifier, tok::greater))
        return FunctionDeclarator{I, std::nullopt};
      I = closingOf(Head, I);
    }
  }
  return std::nullopt;
}

/// The name of the function whose declarator D finds in Head, as written
/// ('ns::Class::name', '~Class', 'operator bool'); nothing when the
/// tokens before the parameter list are no name.
static std::optional<std::string> functionName(ArrayRef<Token> Head,
                                               const FunctionDeclarator &D) {
  // The name ends before the parameter list, or before the template
  // arguments of a specialization ('f<int>(').
  size_t NameEnd = D.Parameters;
  if (!D.Operator && Head[NameEnd - 1].is(tok::greater)) {
    int Depth = 0;
    do {
      --NameEnd;
      if (Head[NameEnd].is(tok::greater))
        ++Depth;
      else if (Head[NameEnd].is(tok::less))
        --Depth;
    } while (NameEnd > 0 && Depth > 0);
    if (Depth != 0 || NameEnd == 0 || !Head[NameEnd - 1].is(tok::identifier))
      return std::nullopt;
  }
  // 'ns::Class::name', '~Class': one identifier after each '::'.
  size_t NameBegin = D.Operator ? *D.Operator : NameEnd - 1;
  if (NameBegin > 0 && Head[NameBegin - 1].is(tok::tilde))
    --NameBegin;
  while (NameBegin > 1 && Head[NameBegin - 1].is(tok::coloncolon) &&
         Head[NameBegin - 2].is(tok::identifier))
    NameBegin -= 2;
  std::string Name;
  for (size_t J = NameBegin; J < NameEnd; ++J) {
    tok::TokenKind Kind = Head[J].getKind();
    if (Head[J].is(tok::identifier)) {
      Name += Head[J].getIdentifierInfo()->getName();
    } else if (const char *Punctuator = tok::getPunctuatorSpelling(Kind)) {
      Name += Punctuator;
    } else if (const char *Keyword = tok::getKeywordSpelling(Kind)) {
      // 'operator bool', 'operator new'
      if (!Name.empty() && Name.back() != ':')
        Name += ' ';
      Name += Keyword;
    }
  }
  return Name;
}

bool readFunctionHead(ArrayRef<Token> Head, std::string &Name,
                      StringRef &DeviceKind,
                      SmallVectorImpl<DeclaredName> &Params) {
  ExecutionSpace Space;
  std::optional<FunctionDeclarator> D = findDeclarator(Head, Space);
  if (!D)
    return false;
  std::optional<std::string> Written = functionName(Head, *D);
  if (!Written)
    return false;
  Name = std::move(*Written);
  size_t Close = closingOf(Head, D->Parameters);
  for (ArrayRef<Token> Param :
       splitTopLevel(Head.slice(D->Parameters + 1, Close - D->Parameters - 1)))
    declaredNames(Param, Params);
  DeviceKind = Space.kind();
  return true;
}

/// True when Toks starts with an initializer ('= 256', '{64 * 4}', '(1)')
/// that holds no name: only literals and operators, up to the declarator's
/// end.
static bool literalInitializer(ArrayRef<Token> Toks) {
  if (Toks.empty() || !Toks[0].isOneOf(tok::equal, tok::l_brace, tok::l_paren))
    return false;
  BracketDepth Depth;
  for (const Token &T : Toks) {
    int Outside = Depth.step(T);
    if (Outside < 0 || (Outside == 0 && T.isOneOf(tok::comma, tok::semi)))
      break;
    if (T.getIdentifierInfo() ||
        T.isOneOf(tok::raw_identifier, tok::string_literal))
      return false;
  }
  return true;
}

namespace {
/// What a declaration says before its first declarator ends: 'const int
/// Block', 'std::vector<int> v'.
struct DeclarationStart {
  size_t End = 0; // the first token after the specifiers and the name
  std::optional<size_t> Candidate; // the last identifier: the name, or a type
  bool HasType = false;            // something names a type before Candidate
  bool Constexpr = false, Const = false;
};
} // namespace

/// Reads Toks's specifiers and its first declarator's name, up to the first
/// token of neither; nothing when Toks is no declaration (a comparison 'a <
/// b', a statement that a keyword starts).
static std::optional<DeclarationStart>
readDeclarationStart(ArrayRef<Token> Toks) {
  DeclarationStart S;
  size_t &I = S.End;
  for (; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    if (takesParenthesisedOperand(T) && I + 1 < Toks.size() &&
        Toks[I + 1].is(tok::l_paren)) {
      I = closingOf(Toks, I + 1);
      S.HasType = true;
      S.Candidate.reset();
      continue;
    }
    if (T.is(tok::less) && S.Candidate) {
      size_t End = closingAngleOf(Toks, I).value_or(Toks.size());
      if (End == Toks.size())
        return std::nullopt; // a comparison
      I = End - 1;
      S.HasType = true;
      S.Candidate.reset();
      continue;
    }
    if (T.is(tok::identifier)) {
      S.HasType |= S.Candidate.has_value();
      S.Candidate = I;
      continue;
    }
    if (T.getIdentifierInfo()) { // a keyword: 'int', 'const', 'auto', ...
      if (endsDeclaration(T))
        return std::nullopt;
      S.Constexpr |= T.is(tok::kw_constexpr);
      S.Const |= T.is(tok::kw_const);
      S.HasType = true;
      S.Candidate.reset();
      continue;
    }
    if (T.is(tok::coloncolon)) {
      // 'ns::T x': the qualifier and the name after it form one type name.
      S.Candidate.reset();
      continue;
    }
    if (T.isOneOf(tok::star, tok::amp, tok::ampamp)) {
      S.HasType |= S.Candidate.has_value();
      S.Candidate.reset();
      continue;
    }
    break;
  }
  return S;
}

/// The names of the declarators after the first, in Rest (from the first
/// declarator's end): 'int a = 1, *b, c[4];' gives b and c.
static void laterDeclarators(ArrayRef<Token> Rest, bool Constexpr, bool Const,
                             SmallVectorImpl<DeclaredName> &Out) {
  SmallVector<ArrayRef<Token>, 8> Declarators = splitTopLevel(Rest);
  for (ArrayRef<Token> D :
       ArrayRef<ArrayRef<Token>>(Declarators).drop_front()) {
    size_t J = 0;
    while (J < D.size() &&
           D[J].isOneOf(tok::star, tok::amp, tok::ampamp, tok::kw_const))
      ++J;
    // 'const int a = 1, b = 2': the specifiers' 'const' is b's too; a
    // pointer declarator ('*p') is not const by it.
    bool Pointer = J > 0;
    if (J < D.size() && D[J].is(tok::identifier) &&
        (J + 1 == D.size() || D[J + 1].isOneOf(tok::equal, tok::l_paren,
                                               tok::l_brace, tok::l_square)))
      add(D[J],
          Constexpr ||
              (Const && !Pointer && literalInitializer(D.drop_front(J + 1))),
          Out);
  }
}

void declaredNames(ArrayRef<Token> Toks, SmallVectorImpl<DeclaredName> &Out) {
  if (Toks.empty() || endsDeclaration(Toks[0]))
    return;
  std::optional<DeclarationStart> S = readDeclarationStart(Toks);
  if (!S)
    return;
  size_t I = S->End;
  if (I < Toks.size() && Toks[I].is(tok::l_square) && !S->Candidate &&
      S->HasType) {
    // 'auto [a, b] = ...': a structured binding.
    size_t Close = closingOf(Toks, I);
    for (size_t J = I + 1; J < Close; ++J)
      if (Toks[J].is(tok::identifier))
        add(Toks[J], S->Constexpr, Out);
    return;
  }
  if (!S->Candidate || !S->HasType)
    return;
  if (I < Toks.size() &&
      !Toks[I].isOneOf(tok::equal, tok::comma, tok::l_paren, tok::l_brace,
                       tok::l_square, tok::colon))
    return;
  // 'const int Block = 256;' is a constant as the compiler sees it, too.
  add(Toks[*S->Candidate],
      S->Constexpr || (S->Const && literalInitializer(Toks.drop_front(I))),
      Out);
  if (I < Toks.size() && Toks[I].is(tok::colon))
    return; // 'for (auto x : v)'
  laterDeclarators(Toks.drop_front(I), S->Constexpr, S->Const, Out);
}

StringRef unqualified(StringRef Name) {
  size_t Colons = Name.rfind("::");
  return Colons == StringRef::npos ? Name : Name.drop_front(Colons + 2);
}

/// "constexpr" or "consteval" when a definition's head declares it so.
static StringRef constantKind(ArrayRef<Token> Head) {
  BracketDepth Depth;
  for (size_t I = skipTemplateHeads(Head); I < Head.size(); ++I) {
    if (Depth.step(Head[I]) != 0)
      continue;
    if (Head[I].is(tok::kw_constexpr))
      return "constexpr";
    if (Head[I].is(tok::kw_consteval))
      return "consteval";
  }
  return "";
}

const DeclaredName *EnclosingFunction::find(StringRef Name) const {
  for (auto It = Visible.rbegin(); It != Visible.rend(); ++It)
    if (It->Name == Name)
      return &*It;
  return nullptr;
}

bool EnclosingFunctionTracker::inFunction() const {
  for (const Frame &F : Frames)
    if (F.Kind == FrameKind::Function)
      return true;
  return false;
}

void EnclosingFunctionTracker::observe(const Token &T) {
  if (T.is(tok::l_brace))
    openBrace();
  else if (T.is(tok::r_brace))
    closeBrace();
  else if (T.is(tok::semi) && Depth == 0)
    endStatement();
  else {
    if (T.isOneOf(tok::l_paren, tok::l_square))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square) && Depth > 0)
      --Depth;
    // A head that long is no function's; its start is what counts.
    if (Head.size() < 4096)
      Head.push_back(T);
  }
  Previous = T;
  HasPrevious = true;
}

void EnclosingFunctionTracker::openBrace() {
  Frame F;
  F.SavedHead.assign(Head.begin(), Head.end());
  F.SavedDepth = Depth;
  ArrayRef<Token> H = Head;
  if (inFunction()) {
    F.Kind = FrameKind::Block;
    blockNames(H, F.Names);
    // A lambda marked '__device__' or '__host__ __device__' is device code
    // in a host function, as Sema sees its call operator.
    if (std::optional<size_t> Lambda = lambdaIntroducer(H)) {
      F.DeviceKind = lambdaKind(H, *Lambda);
      F.Name = "lambda";
    }
    // The braces of a lambda or an initializer are part of the statement.
    F.RestoreHead =
        Depth > 0 || (!H.empty() && !startsControlStatement(H.front()));
  } else {
    bool Struct = false, Equal = false, CtorInit = false;
    int D = 0;
    for (size_t I = skipTemplateHeads(H); I < H.size(); ++I) {
      if (isOpeningBracket(H[I]))
        ++D;
      else if (isClosingBracket(H[I]))
        --D;
      else if (D == 0 && H[I].isOneOf(tok::kw_struct, tok::kw_class,
                                      tok::kw_union, tok::kw_enum))
        Struct |= !(I > 0 && H[I - 1].isOneOf(tok::less, tok::comma));
      else if (D == 0 && H[I].is(tok::equal))
        Equal = true;
      else if (D == 0 && H[I].is(tok::colon) && I > 0 &&
               H[I - 1].is(tok::r_paren))
        CtorInit = true;
    }
    bool MemberInitializer = CtorInit && HasPrevious &&
                             Previous.isOneOf(tok::identifier, tok::greater);
    if (std::optional<size_t> Lambda = lambdaIntroducer(H)) {
      // A lambda outside any function ('auto f = [](int x) {', one in a
      // default argument): its body is a function's, and the declaration
      // around it goes on after it.
      F.Kind = FrameKind::Function;
      F.Name = "lambda";
      F.DeviceKind = lambdaKind(H, *Lambda);
      blockNames(H.drop_front(*Lambda), F.Names);
      F.RestoreHead = true;
    } else if (Depth > 0) {
      // Inside a parameter list: a braced initializer in a default
      // argument, part of the declaration it is in.
      F.Kind = FrameKind::Other;
      F.RestoreHead = true;
    } else if (!H.empty() && (H[0].is(tok::kw_namespace) ||
                              (H.size() >= 2 && H[0].is(tok::kw_inline) &&
                               H[1].is(tok::kw_namespace)) ||
                              (H.size() == 2 && H[0].is(tok::kw_extern) &&
                               H[1].is(tok::string_literal)))) {
      F.Kind = FrameKind::Namespace;
    } else if (Struct && !Equal) {
      F.Kind = FrameKind::Class;
      templateParameters(H, F.Names);
    } else if (!Equal && !MemberInitializer &&
               readFunctionHead(H, F.Name, F.DeviceKind, F.Names)) {
      F.Kind = FrameKind::Function;
      F.ConstantKind = constantKind(H);
      // Before the parameters: a parameter hides a template parameter.
      SmallVector<DeclaredName, 8> Params = std::move(F.Names);
      F.Names.clear();
      templateParameters(H, F.Names);
      F.Names.append(Params.begin(), Params.end());
    } else {
      F.Kind = FrameKind::Other;
      F.RestoreHead = true;
    }
  }
  Frames.push_back(std::move(F));
  Head.clear();
  Depth = 0;
}

void EnclosingFunctionTracker::closeBrace() {
  Head.clear();
  Depth = 0;
  if (Frames.empty())
    return;
  Frame F = std::move(Frames.back());
  Frames.pop_back();
  if (F.RestoreHead) {
    Head.assign(F.SavedHead.begin(), F.SavedHead.end());
    Depth = F.SavedDepth;
  }
}

void EnclosingFunctionTracker::endStatement() {
  if (!Frames.empty() && (Frames.back().Kind == FrameKind::Function ||
                          Frames.back().Kind == FrameKind::Block))
    declaredNames(Head, Frames.back().Names);
  Head.clear();
}

std::optional<EnclosingFunction> EnclosingFunctionTracker::current() const {
  size_t F = Frames.size();
  for (size_t I = Frames.size(); I-- > 0;)
    if (Frames[I].Kind == FrameKind::Function) {
      F = I;
      break;
    }
  if (F == Frames.size())
    return std::nullopt;
  EnclosingFunction Result;
  Result.Name = Frames[F].Name;
  Result.DeviceKind = Frames[F].DeviceKind;
  // The template parameters of the classes around the function.
  for (size_t I = 0; I < F; ++I)
    for (const DeclaredName &N : Frames[I].Names)
      if (N.TemplateParameter)
        Result.Visible.push_back(N);
  for (size_t I = 0; I < Frames.size(); ++I)
    if (!Frames[I].ConstantKind.empty()) {
      Result.ConstantKind = Frames[I].ConstantKind;
      Result.ConstantName = Frames[I].Name;
    }
  for (size_t I = F; I < Frames.size(); ++I) {
    Result.Visible.append(Frames[I].Names.begin(), Frames[I].Names.end());
    // The innermost marked lambda is what runs on the device.
    if (I > F && !Frames[I].DeviceKind.empty()) {
      Result.Name = Frames[I].Name;
      Result.DeviceKind = Frames[I].DeviceKind;
    }
  }
  // 'for (int i = 0; ...)' right before the pragma, without braces.
  if (!Head.empty() && startsControlStatement(Head.front()))
    blockNames(Head, Result.Visible);
  return Result;
}

} // namespace autotune
