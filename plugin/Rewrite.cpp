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
    if (Out.empty() || !Out.back().UserTokens.empty() || Out.back().At != At)
      Out.push_back({"", {}, At});
    Out.back().Text += Text;
    return *this;
  }
  PieceList &operator<<(ArrayRef<Token> User) {
    Out.push_back({"", User, SourceLocation()});
    return *this;
  }
  /// The text that follows stands for the user's token at Loc.
  PieceList &at(SourceLocation Loc) {
    At = Loc;
    return *this;
  }
  /// The text that follows is the site's own.
  PieceList &atSite() { return at(SourceLocation()); }

private:
  SmallVectorImpl<Piece> &Out;
  SourceLocation At;
};

} // namespace

/// Where a clause's expression starts.
static SourceLocation startOf(const TokenRun &Run) {
  return Run.Tokens.empty() ? SourceLocation()
                            : Run.Tokens.front().getLocation();
}

/// 'static_assert(decltype(Variable)::Trait, "autotune: Message"); ': the
/// check of a clause's value, at the user's expression (the relocated error
/// reads Message).
static std::string assertion(StringRef Variable, StringRef Trait,
                             StringRef Message) {
  return ("static_assert(decltype(" + Variable + ")::" + Trait + ", " +
          quoted(("autotune: " + Message).str()) + "); ")
      .str();
}

/// The key's values, each in a variable of its own whose type the site
/// checks at the user's expression, then together: 'const auto
/// __autotune_key = ::autotune::keyValues(__autotune_key0, ...); '.
static void writeKeys(PieceList &P, const SiteSpec &Spec) {
  if (Spec.Keys.empty())
    return;
  for (size_t I = 0; I < Spec.Keys.size(); ++I) {
    std::string Var = "__autotune_key" + std::to_string(I);
    P.at(startOf(Spec.Keys[I]))
        << "const auto " << Var << " = ::autotune::keyArgument("
        << Spec.Keys[I].Tokens << "); "
        << assertion(Var, "IsKey",
                     "a key(...) value must be of integral or enum type")
        << assertion(Var, "Fits",
                     "a key(...) value must fit in 64 bits: convert it to a "
                     "64-bit type, or split it into two keys, "
                     "key(uint64_t(x >> 64), uint64_t(x))");
  }
  P.atSite() << "const auto __autotune_key = ::autotune::keyValues(";
  for (size_t I = 0; I < Spec.Keys.size(); ++I)
    P << (I ? ", " : "") << "__autotune_key" << std::to_string(I);
  P << "); ";
}

/// restore(...) or verify(...) (Kind): each buffer in a variable whose
/// pointer and count types the site checks at the user's expressions, then
/// the list the call takes.
static void writeBuffers(PieceList &E, ArrayRef<BufferSpec> List,
                         StringRef Kind) {
  if (List.empty())
    return;
  bool Restore = Kind == "restore";
  for (size_t I = 0; I < List.size(); ++I) {
    std::string Var = ("__autotune_" + Kind + std::to_string(I)).str();
    std::string Clause = (Kind + "(p[n])").str();
    E.at(startOf(List[I].Pointer))
        << "const auto " << Var << " = ::autotune::"
        << (Restore ? "restoreArgument(" : "verifyArgument(")
        << List[I].Pointer.Tokens << ", " << List[I].Count.Tokens << ", "
        << quoted(List[I].Spelling) << "); "
        << assertion(Var, "IsPointer",
                     "in " + Clause +
                         ", p must be a pointer to the elements or an array");
    if (Restore)
      E << assertion(Var, "IsWritable",
                     "a restore(...) buffer must be writable");
    E.at(startOf(List[I].Count)) << assertion(
        Var, "CountIsInteger", "in " + Clause + ", n must be an integer");
  }
  E.atSite() << "const ::autotune::Buffer __autotune_" << Kind << "[] = {";
  for (size_t I = 0; I < List.size(); ++I)
    E << (I ? ", " : "") << "__autotune_" << Kind << std::to_string(I)
      << ".Value";
  E << "}; __autotune_args." << (Restore ? "Restore" : "Verify")
    << " = __autotune_" << Kind << "; __autotune_args."
    << (Restore ? "RestoreCount" : "VerifyCount") << " = "
    << std::to_string(List.size()) << "; ";
}

/// The stream the site times on: a stream(...) clause's, checked at the
/// user's expression, or the launch's own (which the launch checks).
static void writeStream(PieceList &E, const SiteSpec &Spec,
                        const Statement &Stmt) {
  if (Stmt.Form == StatementForm::Host)
    return;
  if (Spec.Stream) {
    E.at(startOf(*Spec.Stream))
        << "const auto __autotune_stream = ::autotune::streamArgument("
        << Spec.Stream->Tokens << "); "
        << assertion("__autotune_stream", "IsStream",
                     "a stream must be a cudaStream_t, 0, nullptr or an "
                     "object that converts to a cudaStream_t");
    E.atSite() << "__autotune_args.Stream = __autotune_stream.Handle; ";
    return;
  }
  if (!Stmt.LaunchStream.empty())
    E << "__autotune_args.Stream = ::autotune::streamHandle("
      << Stmt.LaunchStream << "); ";
}

/// The site's tables (its parameters' names, its points) and the class
/// local to the site, which names the code around it, every enclosing
/// template's arguments included (detail::siteContext).
static void writeTables(PieceList &P, const SiteSpec &Spec, const Space &S) {
  P << "{ static constexpr const char *__autotune_params[] = {";
  for (size_t I = 0; I < Spec.Params.size(); ++I)
    P << (I ? ", " : "") << quoted(Spec.Params[I].Name);
  P << "}; static constexpr long long __autotune_points[] = {";
  for (size_t I = 0; I < S.Values.size(); ++I)
    P << (I ? ", " : "") << integerLiteral(S.Values[I]);
  P << "}; struct __autotune_here {}; ";
}

/// The site's description, SiteInfo, and the Site it makes. The key comes
/// before it: the description names the key types' signedness.
static void writeSiteInfo(PieceList &P, const SiteSpec &Spec, const Space &S,
                          const Statement &Stmt, StringRef StatementText,
                          const SiteName &Name, uint64_t Fingerprint) {
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
       "static ::autotune::Site __autotune_site(__autotune_info); ";
}

/// The parameters' declarations at the top of the variant lambda: each a
/// constant of the point's type.
static void declareParameters(PieceList &P, const SiteSpec &Spec,
                              const Space &S) {
  bool FitsInt = llvm::all_of(
      S.Values, [](int64_t V) { return V >= INT32_MIN && V <= INT32_MAX; });
  const char *ParamType = FitsInt ? "int" : "long long";
  // A parameter's name stands for the user's, in 'space' or 'configs': a
  // note about its declaration ("declared const here") points there.
  for (unsigned I = 0; I < S.NumParams; ++I) {
    P << "[[maybe_unused]] constexpr " << ParamType << " ";
    P.at(Spec.Params[I].Loc) << Spec.Params[I].Name;
    P.atSite() << " = static_cast<" << ParamType
               << ">(decltype(__autotune_point)::Values[" << std::to_string(I)
               << "]); ";
  }
}

/// The head of the lambda that runs one point, before the user's statement.
static void writeVariantHead(PieceList &P, const SiteSpec &Spec,
                             const Space &S) {
  P << "auto __autotune_variant = [&](auto __autotune_point) -> void { ";
  declareParameters(P, Spec, S);
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

/// The lambda's end, then the CallArgs of this call: key, buffers to
/// restore and verify, tolerances, stream.
static void writeCallArgs(PieceList &E, const SiteSpec &Spec,
                          const Statement &Stmt) {
  E << " }; ::autotune::CallArgs __autotune_args; ";
  if (!Spec.Keys.empty())
    E << "__autotune_args.Key = __autotune_key.Values; "
         "__autotune_args.KeyCount = "
      << std::to_string(Spec.Keys.size()) << "; ";
  writeBuffers(E, Spec.Restores, "restore");
  writeBuffers(E, Spec.Verifies, "verify");
  if (Spec.RelTolerance)
    E << "__autotune_args.RelTolerance = " << Spec.RelToleranceSpelling << "; ";
  if (Spec.AbsTolerance)
    E << "__autotune_args.AbsTolerance = " << Spec.AbsToleranceSpelling << "; ";
  writeStream(E, Spec, Stmt);
}

/// The call: a call the site has decided goes to its winner here, without a
/// call into the library; any other goes through Site::run. Up to
/// InlineSwitchPoints points, a switch runs the winner inline (a jump
/// table); a larger space calls it through the variant table, since a
/// switch inlining thousands of variants into the caller multiplies its
/// compile time and memory (docs/runtime.md, "The hot path"). A site of one
/// point is never decided (the library runs it untuned): it calls Site::run
/// alone, which spares the host compiler a second copy of the statement
/// (AUTOTUNE_POINTS=default builds compile one point a site).
static void writeDispatch(PieceList &E, const Space &S, const Statement &Stmt) {
  SmallVector<std::string, 16> PointTypes;
  for (unsigned I = 0; I < S.size(); ++I)
    PointTypes.push_back(pointType(S.point(I)));
  std::string PointList = llvm::join(PointTypes, ", ");
  std::string SlowCall =
      (Stmt.Form != StatementForm::Host
           ? "__autotune_args.TimingBackend = ::autotune::cudaBackend(); "
           : "") +
      std::string("__autotune_site.run(");
  std::string RunAll = SlowCall + "::autotune::variants<" + PointList +
                       ">(__autotune_variant), __autotune_args); } }";
  if (S.size() == 1) {
    E << "{ " << RunAll;
    return;
  }
  if (S.size() <= InlineSwitchPoints) {
    E << "switch (__autotune_site.decided(__autotune_args)) { ";
    for (unsigned I = 0; I < S.size(); ++I)
      E << "case " << std::to_string(I) << ": __autotune_variant("
        << PointTypes[I] << "{}); break; ";
    E << "default: " << RunAll;
    return;
  }
  E << "const ::autotune::Variants __autotune_variants = "
       "::autotune::variants<"
    << PointList
    << ">(__autotune_variant); const int __autotune_winner = "
       "__autotune_site.decided(__autotune_args); if (__autotune_winner >= 0 "
       "&& static_cast<unsigned>(__autotune_winner) < "
       "__autotune_variants.Count) "
       "__autotune_variants.run(static_cast<unsigned>(__autotune_winner)); "
       "else { "
    << SlowCall << "__autotune_variants, __autotune_args); } }";
}

// The block in the order it reads: the prologue goes before the user's
// statement, the epilogue after it.
SiteRewrite buildRewrite(Preprocessor &PP, const SiteSpec &Spec, const Space &S,
                         const Statement &Stmt, ArrayRef<Token> StatementTokens,
                         const SiteName &Name, uint64_t Fingerprint) {
  if (S.size() == 0)
    return buildUncompiledRewrite(Spec, S);
  SiteRewrite R;
  PieceList P(R.Prologue);
  writeTables(P, Spec, S);
  writeKeys(P, Spec);
  writeSiteInfo(P, Spec, S, Stmt, joinSpellings(PP, StatementTokens), Name,
                Fingerprint);
  writeVariantHead(P, Spec, S);
  PieceList E(R.Epilogue);
  writeCallArgs(E, Spec, Stmt);
  writeDispatch(E, S, Stmt);
  return R;
}

void appendTokens(Preprocessor &PP, ArrayRef<Piece> Pieces, SourceLocation Loc,
                  SmallVectorImpl<Token> &Out) {
  bool SpaceBefore = false;
  for (const Piece &Pc : Pieces) {
    if (Pc.Text.empty()) {
      Out.append(Pc.UserTokens.begin(), Pc.UserTokens.end());
      SpaceBefore = false;
      continue;
    }
    size_t First = Out.size();
    // The generated text goes into the scratch buffer as one expansion at
    // the user's token it stands for, else at Loc: diagnostics in generated
    // code point there, and tokens such as '[[' are not split across
    // expansions.
    const SourceManager &SM = PP.getSourceManager();
    SourceLocation At = Pc.At.isValid() ? SM.getExpansionLoc(Pc.At) : Loc;
    Token Carrier;
    Carrier.startToken();
    Carrier.setKind(tok::string_literal);
    PP.CreateString(Pc.Text, Carrier, At, At);
    const char *Begin = Carrier.getLiteralData();
    SourceLocation Base = Carrier.getLocation();

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
      // A piece starts no line: 'clang -E' keeps the block on the lines
      // the site had, wherever its pieces are located.
      Tok.clearFlag(Token::StartOfLine);
      Out.push_back(Tok);
    }
    // The space that ended the text before it, which another piece lexed.
    if (SpaceBefore && Out.size() > First)
      Out[First].setFlag(Token::LeadingSpace);
    SpaceBefore = StringRef(Pc.Text).ends_with(" ");
  }
}

std::string renderText(Preprocessor &PP, ArrayRef<Piece> Pieces) {
  std::string Text;
  for (const Piece &Pc : Pieces)
    Text += Pc.Text.empty() ? sourceText(PP, Pc.UserTokens) : Pc.Text;
  return Text;
}

} // namespace autotune
