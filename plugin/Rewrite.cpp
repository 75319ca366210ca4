//===- Rewrite.cpp - The code a site becomes ------------------------------===//

#include "Rewrite.h"
#include "TokenText.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdint>
#include <cstdio>

using namespace clang;

namespace autotune {

static std::string quoted(StringRef S) {
  std::string Out = "\"";
  for (unsigned char C : S) {
    if (C == '\\' || C == '"') {
      Out += '\\';
      Out += C;
    } else if (C == '\n')
      Out += "\\n";
    else if (C < 0x20 || C >= 0x7f) {
      // Octal keeps the next character from extending the escape.
      char Buf[5];
      snprintf(Buf, sizeof(Buf), "\\%03o", C);
      Out += Buf;
    } else
      Out += C;
  }
  return Out + "\"";
}

/// V as C++ source: INT64_MIN has no literal of its own ('-' applied to a
/// literal that does not fit).
static std::string integerLiteral(int64_t V) {
  return V == INT64_MIN ? "(-9223372036854775807LL - 1)" : std::to_string(V);
}

/// The point's type: `::autotune::Point<64, 2>`.
static std::string pointType(ArrayRef<int64_t> Values) {
  std::string Type = "::autotune::Point<";
  for (size_t I = 0; I < Values.size(); ++I)
    Type += (I ? ", " : "") + integerLiteral(Values[I]);
  return Type + ">";
}

static const char *formName(StatementForm F) {
  switch (F) {
  case StatementForm::Launch:
    return "::autotune::Form::Launch";
  case StatementForm::Stream:
    return "::autotune::Form::Stream";
  case StatementForm::Host:
    return "::autotune::Form::Host";
  }
  llvm_unreachable("unknown form");
}

namespace {

class PieceList {
public:
  explicit PieceList(SmallVectorImpl<Piece> &Out) : Out(Out) {}
  PieceList &operator<<(StringRef Text) {
    if (Out.empty() || !Out.back().UserTokens.empty())
      Out.push_back({"", {}});
    Out.back().Text += Text;
    return *this;
  }
  PieceList &operator<<(ArrayRef<Token> User) {
    Out.push_back({"", User});
    return *this;
  }

private:
  SmallVectorImpl<Piece> &Out;
};

} // namespace

/// The parameters' declarations at the top of the variant lambda.
static void declareParameters(PieceList &P, const SiteSpec &Spec,
                              const Space &S) {
  bool FitsInt = llvm::all_of(
      S.Values, [](int64_t V) { return V >= INT32_MIN && V <= INT32_MAX; });
  const char *ParamType = FitsInt ? "int" : "long long";
  for (unsigned I = 0; I < S.NumParams; ++I)
    P << "[[maybe_unused]] constexpr " << ParamType << " "
      << Spec.Params[I].Name << " = static_cast<" << ParamType
      << ">(decltype(__autotune_point)::Values[" << std::to_string(I) << "]); ";
}

/// A site with no point to compile (a probe of the build loop compiles
/// another site): the statement stays in a generic lambda that is never
/// called, so that it is read but nothing of it is instantiated.
static SiteRewrite buildUncompiledRewrite(const SiteSpec &Spec,
                                          const Space &S) {
  SiteRewrite R;
  PieceList P(R.Prologue);
  P << "{ [[maybe_unused]] auto __autotune_variant = [&](auto "
       "__autotune_point) -> void { ";
  declareParameters(P, Spec, S);
  PieceList(R.Epilogue) << " }; }";
  return R;
}

// Over 80 lines on purpose: it writes the block in the order the block reads,
// top to bottom; split, each helper would emit part of one declaration.
SiteRewrite buildRewrite(Preprocessor &PP, const SiteSpec &Spec, const Space &S,
                         const Statement &Stmt, ArrayRef<Token> StatementTokens,
                         const SiteName &Name, uint64_t Fingerprint) {
  if (S.size() == 0)
    return buildUncompiledRewrite(Spec, S);
  SiteRewrite R;
  std::string StatementText = joinSpellings(PP, StatementTokens);

  PieceList P(R.Prologue);
  P << "{ static constexpr const char *__autotune_params[] = {";
  for (size_t I = 0; I < Spec.Params.size(); ++I)
    P << (I ? ", " : "") << quoted(Spec.Params[I].Name);
  P << "}; static constexpr long long __autotune_points[] = {";
  for (size_t I = 0; I < S.Values.size(); ++I)
    P << (I ? ", " : "") << integerLiteral(S.Values[I]);
  // A class local to the site names the code around it, every enclosing
  // template's arguments included (detail::siteContext). The key comes
  // before the site's description, which names its types' signedness.
  P << "}; struct __autotune_here {}; ";
  if (!Spec.Keys.empty()) {
    P << "const auto __autotune_key = ::autotune::keyValues(";
    for (size_t I = 0; I < Spec.Keys.size(); ++I)
      P << (I ? ", " : "") << "::autotune::keyValue(" << Spec.Keys[I].Tokens
        << ")";
    P << "); ";
  }
  P << "static constexpr ::autotune::SiteInfo __autotune_info = {"
    << quoted(Name.Name) << ", " << quoted(Name.File) << ", "
    << std::to_string(Name.Line) << ", " << quoted(Spec.ClauseText) << ", "
    << quoted(StatementText) << ", 0x" << llvm::utohexstr(Fingerprint)
    << "ULL, __autotune_params, " << std::to_string(S.NumParams)
    << ", __autotune_points, " << std::to_string(S.size()) << ", "
    << std::to_string(S.DefaultIndex) << ", " << std::to_string(Spec.Budget)
    << ", " << formName(Stmt.Form)
    << ", __PRETTY_FUNCTION__, "
       "&::autotune::detail::siteContext<__autotune_here>, "
    << (Spec.Keys.empty() ? "nullptr" : "decltype(__autotune_key)::Unsigned");
  // The fields after Function, up to the last one the site sets.
  bool Settings = Spec.TimeLimit || Spec.MinGain || Spec.ColdL2;
  if (Spec.Online || Settings)
    P << (Spec.Online ? ", ::autotune::TuningMode::Online"
                      : ", ::autotune::TuningMode::Blocking");
  if (Settings)
    P << ", " << (Spec.TimeLimit ? Spec.TimeLimitSpelling : "0") << ", "
      << (Spec.MinGain ? Spec.MinGainSpelling : "-1") << ", "
      << (Spec.ColdL2 ? "true" : "false");
  P << "}; "
       "static ::autotune::Site __autotune_site(__autotune_info); "
       "auto __autotune_variant = [&](auto __autotune_point) -> void { ";
  declareParameters(P, Spec, S);

  PieceList E(R.Epilogue);
  E << " }; ::autotune::CallArgs __autotune_args; ";
  if (!Spec.Keys.empty())
    E << "__autotune_args.Key = __autotune_key.Values; "
         "__autotune_args.KeyCount = "
      << std::to_string(Spec.Keys.size()) << "; ";
  auto Buffers = [&](ArrayRef<BufferSpec> List, StringRef Kind,
                     StringRef Factory) {
    if (List.empty())
      return;
    E << "const ::autotune::Buffer __autotune_" << Kind << "[] = {";
    for (size_t I = 0; I < List.size(); ++I)
      E << (I ? ", " : "") << "::autotune::" << Factory << "("
        << List[I].Pointer.Tokens << ", " << List[I].Count.Tokens << ", "
        << quoted(List[I].Spelling) << ")";
    E << "}; __autotune_args." << (Kind == "restore" ? "Restore" : "Verify")
      << " = __autotune_" << Kind << "; __autotune_args."
      << (Kind == "restore" ? "RestoreCount" : "VerifyCount") << " = "
      << std::to_string(List.size()) << "; ";
  };
  Buffers(Spec.Restores, "restore", "restoreBuffer");
  Buffers(Spec.Verifies, "verify", "verifyBuffer");
  if (Spec.RelTolerance)
    E << "__autotune_args.RelTolerance = " << Spec.RelToleranceSpelling << "; ";
  if (Spec.AbsTolerance)
    E << "__autotune_args.AbsTolerance = " << Spec.AbsToleranceSpelling << "; ";
  if (Stmt.Form != StatementForm::Host) {
    ArrayRef<Token> StreamToks =
        Spec.Stream ? ArrayRef<Token>(Spec.Stream->Tokens) : Stmt.LaunchStream;
    if (!StreamToks.empty())
      E << "__autotune_args.Stream = ::autotune::streamHandle(" << StreamToks
        << "); ";
  }
  SmallVector<std::string, 16> PointTypes;
  for (unsigned I = 0; I < S.size(); ++I)
    PointTypes.push_back(pointType(S.point(I)));
  std::string PointList = llvm::join(PointTypes, ", ");
  std::string SlowCall =
      (Stmt.Form != StatementForm::Host
           ? "__autotune_args.TimingBackend = ::autotune::cudaBackend(); "
           : "") +
      std::string("__autotune_site.run(");
  // A call the site has decided goes to its winner here, without a call
  // into the library; any other goes through Site::run. Up to
  // InlineSwitchPoints points, a switch runs the winner inline (a jump
  // table); a larger space calls it through the variant table, since a
  // switch inlining thousands of variants into the caller multiplies its
  // compile time and memory (docs/runtime.md, "The hot path").
  if (S.size() <= InlineSwitchPoints) {
    E << "switch (__autotune_site.decided(__autotune_args)) { ";
    for (unsigned I = 0; I < S.size(); ++I)
      E << "case " << std::to_string(I) << ": __autotune_variant("
        << PointTypes[I] << "{}); break; ";
    E << "default: " << SlowCall << "::autotune::variants<" << PointList
      << ">(__autotune_variant), __autotune_args); } }";
    return R;
  }
  E << "const ::autotune::Variants __autotune_variants = "
       "::autotune::variants<"
    << PointList
    << ">(__autotune_variant); const int __autotune_winner = "
       "__autotune_site.decided(__autotune_args); if (__autotune_winner >= 0 "
       "&& static_cast<unsigned>(__autotune_winner) < "
       "__autotune_variants.Count) "
       "__autotune_variants.Fns[__autotune_winner](__autotune_variants."
       "Closure); else { "
    << SlowCall << "__autotune_variants, __autotune_args); } }";
  return R;
}

void appendTokens(Preprocessor &PP, ArrayRef<Piece> Pieces, SourceLocation Loc,
                  SmallVectorImpl<Token> &Out) {
  for (const Piece &Pc : Pieces) {
    if (Pc.Text.empty()) {
      Out.append(Pc.UserTokens.begin(), Pc.UserTokens.end());
      continue;
    }
    // The generated text goes into the scratch buffer as one expansion at
    // Loc: diagnostics in generated code point at the pragma, and tokens
    // such as '[[' are not split across expansions.
    Token Carrier;
    Carrier.startToken();
    Carrier.setKind(tok::string_literal);
    PP.CreateString(Pc.Text, Carrier, Loc, Loc);
    const char *Begin = Carrier.getLiteralData();
    SourceLocation Base = Carrier.getLocation();

    const SourceManager &SM = PP.getSourceManager();
    Lexer Raw(SM.getLocForStartOfFile(SM.getMainFileID()), PP.getLangOpts(),
              Begin, Begin, Begin + Pc.Text.size());
    Token Tok;
    while (true) {
      Raw.LexFromRawLexer(Tok);
      if (Tok.is(tok::eof))
        break;
      const char *TokBegin = Raw.getBufferLocation() - Tok.getLength();
      Tok.setLocation(Base.getLocWithOffset(TokBegin - Begin));
      if (Tok.is(tok::raw_identifier))
        PP.LookUpIdentifierInfo(Tok);
      Out.push_back(Tok);
    }
  }
}

std::string renderText(Preprocessor &PP, ArrayRef<Piece> Pieces) {
  std::string Text;
  for (const Piece &Pc : Pieces)
    Text += Pc.Text.empty() ? sourceText(PP, Pc.UserTokens) : Pc.Text;
  return Text;
}

} // namespace autotune
