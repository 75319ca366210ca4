//===- PragmaParser.cpp - Tokens of '#pragma autotune' to a SiteSpec ------===//

#include "PragmaParser.h"
#include "Diagnostics.h"
#include "ExpressionShape.h"
#include "IntegerExpression.h"
#include "Space.h"
#include "TokenText.h"

#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <unordered_set>

using namespace clang;

namespace autotune {

namespace {

enum class Clause {
  Space,
  Configs,
  Where,
  Default,
  Key,
  Restore,
  Verify,
  Stream,
  Budget,
  Name,
  Mode,
  Measure,
  MinGain,
  Unknown
};

class PragmaParser {
public:
  PragmaParser(Preprocessor &PP, SourceLocation PragmaLoc,
               ArrayRef<Token> Tokens, SourceLocation EndLoc)
      : PP(PP), Tokens(Tokens), EndLoc(EndLoc) {
    Spec.PragmaLoc = PragmaLoc;
  }

  std::optional<SiteSpec> parse();

private:
  Preprocessor &PP;
  ArrayRef<Token> Tokens;
  SourceLocation EndLoc;
  size_t Pos = 0;
  SiteSpec Spec;
  llvm::DenseMap<unsigned, SourceLocation> SeenClauses;

  const Token *peek() const {
    return Pos < Tokens.size() ? &Tokens[Pos] : nullptr;
  }
  SourceLocation here() const {
    return peek() ? peek()->getLocation() : EndLoc;
  }
  bool consumeIf(tok::TokenKind K) {
    if (!peek() || !peek()->is(K))
      return false;
    ++Pos;
    return true;
  }

  /// The tokens of a parenthesised clause argument, up to its matching ')'.
  std::optional<ArrayRef<Token>> parenthesised(StringRef Clause);

  bool parseClause();
  bool parseSpace(ArrayRef<Token> Args);
  bool parseConfigs(ArrayRef<Token> Args);
  /// The items of one configs point, `{P = v, ...}` (Inner: within the
  /// braces); the first point declares the parameters.
  bool parseConfigsPoint(ArrayRef<Token> PointToks, ArrayRef<Token> Inner,
                         SmallVectorImpl<int64_t> &Point);
  bool parseDefault(ArrayRef<Token> Args, SourceLocation Loc);
  bool parseKey(ArrayRef<Token> Args, SourceLocation EndOfArgs);
  bool parseBuffers(ArrayRef<Token> Args, SourceLocation EndOfArgs,
                    StringRef Clause, SmallVectorImpl<BufferSpec> &Out,
                    bool AllowTolerance);
  /// `rtol = X`, `tol = X` (the same) or `atol = X` in verify(...).
  bool parseTolerance(ArrayRef<Token> Item, StringRef Name);
  bool parseBudget(ArrayRef<Token> Args, SourceLocation EndOfArgs);
  bool parseName(ArrayRef<Token> Args, SourceLocation EndOfArgs);
  bool parseMode(ArrayRef<Token> Args, SourceLocation EndOfArgs,
                 SourceLocation Loc);
  /// `measure(time = seconds, cold_l2)`: either or both, once each.
  bool parseMeasure(ArrayRef<Token> Args, SourceLocation EndOfArgs,
                    SourceLocation Loc);
  bool parseMinGain(ArrayRef<Token> Args, SourceLocation EndOfArgs);
  /// The value of a number literal, integer or floating, at Tok (null:
  /// none): what a setting may be. None for anything else, a user-defined
  /// or imaginary literal included; the caller reports it.
  std::optional<double> numberValue(const Token *Tok);
  /// Clauses that online tuning cannot honour, once all are read.
  bool checkOnline();

  /// `NAME = VALUES` items shared by space, configs points and default:
  /// the head, then a list or a generator.
  bool parseValues(ArrayRef<Token> Item, StringRef Clause, Parameter &Out,
                   SourceLocation EndOfItem);
  /// `NAME =`: sets Out's name; returns the tokens after '=' (at least one).
  std::optional<ArrayRef<Token>> parseParameterHead(ArrayRef<Token> Item,
                                                    StringRef Clause,
                                                    Parameter &Out,
                                                    SourceLocation EndOfItem);
  /// `{v, ...}`: a repeated value is warned about and dropped.
  bool parseValueList(ArrayRef<Token> Rest, StringRef Clause, Parameter &Out,
                      SourceLocation EndOfItem);
  /// `range(start, stop[, step])` or `pow2(low, high)`.
  bool parseGenerator(ArrayRef<Token> Rest, Parameter &Out);
  struct GeneratorArgs {
    SmallVector<int64_t, 3> Values;
    SmallVector<SourceLocation, 3> Locs;
  };
  bool expandRange(const Token &Head, const GeneratorArgs &Args,
                   Parameter &Out);
  bool expandPow2(const Token &Head, const GeneratorArgs &Args, Parameter &Out);
  std::optional<int64_t> constant(ArrayRef<Token> Toks, SourceLocation End,
                                  StringRef Clause) {
    return evaluateIntegerConstant(PP, Toks, End, Clause);
  }
};

} // namespace

static Clause classify(StringRef Name) {
  return llvm::StringSwitch<Clause>(Name)
      .Case("space", Clause::Space)
      .Case("configs", Clause::Configs)
      .Case("where", Clause::Where)
      .Case("default", Clause::Default)
      .Case("key", Clause::Key)
      .Case("restore", Clause::Restore)
      .Case("verify", Clause::Verify)
      .Case("stream", Clause::Stream)
      .Case("budget", Clause::Budget)
      .Case("name", Clause::Name)
      .Case("mode", Clause::Mode)
      .Case("measure", Clause::Measure)
      .Case("min_gain", Clause::MinGain)
      .Default(Clause::Unknown);
}

/// Identifier or keyword spelling ('default' lexes as a keyword).
static std::optional<StringRef> wordOf(const Token &T) {
  if (const IdentifierInfo *II = T.getIdentifierInfo())
    return II->getName();
  return std::nullopt;
}

std::optional<ArrayRef<Token>> PragmaParser::parenthesised(StringRef Clause) {
  if (!consumeIf(tok::l_paren)) {
    report(PP, here(), Diag::ExpectedLParen) << Clause;
    return std::nullopt;
  }
  size_t Begin = Pos;
  BracketDepth Depth;
  for (; Pos < Tokens.size(); ++Pos) {
    const Token &T = Tokens[Pos];
    if (Depth.step(T) >= 0)
      continue;
    // The bracket that closes what was open before the argument.
    if (!T.is(tok::r_paren))
      break;
    ArrayRef<Token> Args = Tokens.slice(Begin, Pos - Begin);
    ++Pos;
    return Args;
  }
  report(PP, here(), Diag::ExpectedRParen) << Clause;
  return std::nullopt;
}

std::optional<SiteSpec> PragmaParser::parse() {
  Spec.ClauseText = joinSpellings(PP, Tokens);
  while (peek())
    if (!parseClause())
      return std::nullopt;
  if (!Spec.HasSpace && !Spec.HasConfigs) {
    report(PP, Spec.PragmaLoc, Diag::MissingSpace);
    return std::nullopt;
  }
  if (!checkOnline())
    return std::nullopt;
  return std::move(Spec);
}

bool PragmaParser::parseClause() {
  const Token &NameTok = *peek();
  std::optional<StringRef> Word = wordOf(NameTok);
  if (!Word) {
    report(PP, NameTok.getLocation(), Diag::ExpectedClause);
    return false;
  }
  Clause C = classify(*Word);
  if (C == Clause::Unknown) {
    report(PP, NameTok.getLocation(), Diag::UnknownClause) << *Word;
    return false;
  }
  SourceLocation Loc = NameTok.getLocation();
  if (C != Clause::Where) {
    auto [It, Inserted] =
        SeenClauses.try_emplace(static_cast<unsigned>(C), Loc);
    if (!Inserted) {
      report(PP, Loc, Diag::DuplicateClause) << *Word;
      report(PP, It->second, Diag::PreviousClause) << *Word;
      return false;
    }
  }
  if ((C == Clause::Space && Spec.HasConfigs) ||
      (C == Clause::Configs && Spec.HasSpace)) {
    report(PP, Loc, Diag::SpaceAndConfigs);
    return false;
  }
  ++Pos;
  std::optional<ArrayRef<Token>> Args = parenthesised(*Word);
  if (!Args)
    return false;
  // The ')' just consumed: where an empty or truncated argument is reported.
  SourceLocation Close = Tokens[Pos - 1].getLocation();
  switch (C) {
  case Clause::Space:
    return parseSpace(*Args);
  case Clause::Configs:
    return parseConfigs(*Args);
  case Clause::Where:
    if (Args->empty()) {
      report(PP, Close, Diag::EmptyExpr) << "where";
      return false;
    }
    Spec.Wheres.push_back({TokenRun{{Args->begin(), Args->end()}}, Loc, Close});
    return true;
  case Clause::Default:
    return parseDefault(*Args, Loc);
  case Clause::Key:
    return parseKey(*Args, Close);
  case Clause::Restore:
    return parseBuffers(*Args, Close, "restore", Spec.Restores, false);
  case Clause::Verify:
    return parseBuffers(*Args, Close, "verify", Spec.Verifies, true);
  case Clause::Stream:
    if (!checkExpressionShape(PP, *Args, Close, "stream"))
      return false;
    Spec.Stream = TokenRun{{Args->begin(), Args->end()}};
    return true;
  case Clause::Budget:
    return parseBudget(*Args, Close);
  case Clause::Name:
    return parseName(*Args, Close);
  case Clause::Mode:
    return parseMode(*Args, Close, Loc);
  case Clause::Measure:
    return parseMeasure(*Args, Close, Loc);
  case Clause::MinGain:
    return parseMinGain(*Args, Close);
  case Clause::Unknown:
    break;
  }
  llvm_unreachable("unknown clauses are rejected above");
}

bool PragmaParser::parseValues(ArrayRef<Token> Item, StringRef Clause,
                               Parameter &Out, SourceLocation EndOfItem) {
  std::optional<ArrayRef<Token>> Rest =
      parseParameterHead(Item, Clause, Out, EndOfItem);
  if (!Rest)
    return false;
  if ((*Rest)[0].is(tok::l_brace))
    return parseValueList(*Rest, Clause, Out, EndOfItem);
  return parseGenerator(*Rest, Out);
}

std::optional<ArrayRef<Token>>
PragmaParser::parseParameterHead(ArrayRef<Token> Item, StringRef Clause,
                                 Parameter &Out, SourceLocation EndOfItem) {
  if (Item.empty() || !Item[0].is(tok::identifier)) {
    report(PP, Item.empty() ? EndOfItem : Item[0].getLocation(),
           Diag::ExpectedParamName)
        << Clause;
    return std::nullopt;
  }
  Out.Name = Item[0].getIdentifierInfo()->getName().str();
  Out.Loc = Item[0].getLocation();
  if (Item.size() < 2 || !Item[1].is(tok::equal)) {
    report(PP, Item.size() < 2 ? EndOfItem : Item[1].getLocation(),
           Diag::ExpectedEquals)
        << Out.Name << Clause;
    return std::nullopt;
  }
  if (Item.size() == 2) {
    report(PP, EndOfItem, Diag::ExpectedValueList) << Out.Name;
    return std::nullopt;
  }
  return Item.drop_front(2);
}

bool PragmaParser::parseValueList(ArrayRef<Token> Rest, StringRef Clause,
                                  Parameter &Out, SourceLocation EndOfItem) {
  if (!Rest.back().is(tok::r_brace) || closingOf(Rest, 0) != Rest.size() - 1) {
    report(PP, Rest.size() > 1 ? Rest.back().getLocation() : EndOfItem,
           Diag::ExpectedValueList)
        << Out.Name;
    return false;
  }
  ArrayRef<Token> Inner = Rest.slice(1, Rest.size() - 2);
  if (Inner.empty()) {
    report(PP, Rest.back().getLocation(), Diag::EmptyValueList) << Out.Name;
    return false;
  }
  // A hash set, so that a long list costs linear time; not a DenseSet, whose
  // reserved keys are values a user may list.
  std::unordered_set<int64_t> Seen;
  for (ArrayRef<Token> V : splitTopLevel(Inner)) {
    SourceLocation End =
        V.empty() ? Rest.back().getLocation() : V.back().getEndLoc();
    std::optional<int64_t> Value = constant(V, End, Clause);
    if (!Value)
      return false;
    if (Seen.insert(*Value).second)
      Out.Values.push_back(*Value);
    else
      report(PP, V.front().getLocation(), Diag::DuplicateValue)
          << *Value << Out.Name;
  }
  return true;
}

bool PragmaParser::parseGenerator(ArrayRef<Token> Rest, Parameter &Out) {
  const Token &Head = Rest[0];
  std::optional<StringRef> Fn = wordOf(Head);
  bool IsCall = Fn && (*Fn == "range" || *Fn == "pow2") && Rest.size() > 1 &&
                Rest[1].is(tok::l_paren);
  if (!IsCall) {
    report(PP, Head.getLocation(), Diag::ExpectedValueList) << Out.Name;
    return false;
  }
  if (!Rest.back().is(tok::r_paren) || closingOf(Rest, 1) != Rest.size() - 1) {
    report(PP, Rest.back().getLocation(), Diag::ExpectedRParen) << *Fn;
    return false;
  }
  GeneratorArgs Args;
  for (ArrayRef<Token> A : splitTopLevel(Rest.slice(2, Rest.size() - 3))) {
    SourceLocation Begin =
        A.empty() ? Rest.back().getLocation() : A.front().getLocation();
    std::optional<int64_t> V = constant(
        A, A.empty() ? Rest.back().getLocation() : A.back().getEndLoc(), *Fn);
    if (!V)
      return false;
    Args.Values.push_back(*V);
    Args.Locs.push_back(Begin);
  }
  bool Expanded = *Fn == "range" ? expandRange(Head, Args, Out)
                                 : expandPow2(Head, Args, Out);
  if (!Expanded)
    return false;
  if (Out.Values.empty()) {
    report(PP, Head.getLocation(), Diag::EmptyRange)
        << joinSpellings(PP, Rest) << Out.Name;
    return false;
  }
  return true;
}

bool PragmaParser::expandRange(const Token &Head, const GeneratorArgs &Args,
                               Parameter &Out) {
  if (Args.Values.size() < 2 || Args.Values.size() > 3) {
    report(PP, Head.getLocation(), Diag::RangeArgCount)
        << static_cast<unsigned>(Args.Values.size());
    return false;
  }
  int64_t Start = Args.Values[0], Stop = Args.Values[1],
          Step = Args.Values.size() == 3 ? Args.Values[2] : 1;
  if (Step == 0) {
    report(PP, Args.Locs[2], Diag::RangeZeroStep);
    return false;
  }
  // Strictly monotonic, so no duplicates; stop before overflowing and at
  // the most candidates 'where' may test: what is compiled is counted
  // after 'where'.
  for (int64_t V = Start; Step > 0 ? V < Stop : V > Stop;) {
    Out.Values.push_back(V);
    if (Out.Values.size() > MaxCandidates) {
      report(PP, Head.getLocation(), Diag::TooManyCandidates)
          << std::to_string(MaxCandidates) << MaxPoints;
      return false;
    }
    if (llvm::AddOverflow(V, Step, V))
      break;
  }
  return true;
}

bool PragmaParser::expandPow2(const Token &Head, const GeneratorArgs &Args,
                              Parameter &Out) {
  if (Args.Values.size() != 2) {
    report(PP, Head.getLocation(), Diag::Pow2ArgCount)
        << static_cast<unsigned>(Args.Values.size());
    return false;
  }
  if (Args.Values[0] <= 0) {
    report(PP, Args.Locs[0], Diag::Pow2NotPositive) << Args.Values[0];
    return false;
  }
  // Strictly increasing, so no duplicates.
  for (int64_t V = Args.Values[0]; V <= Args.Values[1]; V *= 2) {
    Out.Values.push_back(V);
    if (V > INT64_MAX / 2)
      break;
  }
  return true;
}

bool PragmaParser::parseSpace(ArrayRef<Token> Args) {
  Spec.HasSpace = true;
  SourceLocation Close = Tokens[Pos - 1].getLocation();
  if (Args.empty()) {
    report(PP, Close, Diag::ExpectedParamName) << "space";
    return false;
  }
  for (ArrayRef<Token> Item : splitTopLevel(Args)) {
    Parameter P;
    if (!parseValues(Item, "space", P,
                     Item.empty() ? Close : Item.back().getEndLoc()))
      return false;
    for (const Parameter &Prev : Spec.Params)
      if (Prev.Name == P.Name) {
        report(PP, P.Loc, Diag::DuplicateParam) << P.Name;
        report(PP, Prev.Loc, Diag::FirstDeclaredHere) << P.Name;
        return false;
      }
    Spec.Params.push_back(std::move(P));
  }
  return true;
}

bool PragmaParser::parseConfigsPoint(ArrayRef<Token> PointToks,
                                     ArrayRef<Token> Inner,
                                     SmallVectorImpl<int64_t> &Point) {
  SourceLocation PointEnd = PointToks.back().getLocation();
  bool First = Spec.Configs.empty();
  SmallVector<ArrayRef<Token>, 4> Items = splitTopLevel(Inner);
  if (!First && Items.size() != Spec.Params.size()) {
    std::string Names;
    for (const Parameter &P : Spec.Params)
      Names += (Names.empty() ? "" : ", ") + P.Name;
    report(PP, PointToks.front().getLocation(), Diag::ConfigsMismatch) << Names;
    return false;
  }
  for (size_t I = 0; I < Items.size(); ++I) {
    ArrayRef<Token> Item = Items[I];
    // Each item is 'P = value': a single expression, no list.
    if (Item.size() < 3 || !Item[0].is(tok::identifier) ||
        !Item[1].is(tok::equal)) {
      Parameter Dummy;
      parseValues(Item, "configs", Dummy,
                  Item.empty() ? PointEnd : Item.back().getEndLoc());
      return false;
    }
    StringRef Name = Item[0].getIdentifierInfo()->getName();
    std::optional<int64_t> V =
        constant(Item.drop_front(2), Item.back().getEndLoc(), "configs");
    if (!V)
      return false;
    if (First) {
      for (const Parameter &Prev : Spec.Params)
        if (Prev.Name == Name) {
          report(PP, Item[0].getLocation(), Diag::DuplicateParam) << Name;
          report(PP, Prev.Loc, Diag::FirstDeclaredHere) << Name;
          return false;
        }
      Parameter P;
      P.Name = Name.str();
      P.Loc = Item[0].getLocation();
      Spec.Params.push_back(std::move(P));
    } else if (Spec.Params[I].Name != Name) {
      report(PP, Item[0].getLocation(), Diag::ConfigsMismatch)
          << Spec.Params[I].Name;
      return false;
    }
    Point.push_back(*V);
  }
  return true;
}

bool PragmaParser::parseConfigs(ArrayRef<Token> Args) {
  Spec.HasConfigs = true;
  SourceLocation Close = Tokens[Pos - 1].getLocation();
  if (Args.empty()) {
    report(PP, Close, Diag::ConfigsNotBrace);
    return false;
  }
  // The points seen, as bytes: a hash set keeps a long list linear.
  llvm::StringSet<> SeenPoints;
  for (ArrayRef<Token> PointToks : splitTopLevel(Args)) {
    if (PointToks.empty() || !PointToks.front().is(tok::l_brace) ||
        !PointToks.back().is(tok::r_brace) ||
        closingOf(PointToks, 0) != PointToks.size() - 1) {
      report(PP, PointToks.empty() ? Close : PointToks.front().getLocation(),
             Diag::ConfigsNotBrace);
      return false;
    }
    SourceLocation PointEnd = PointToks.back().getLocation();
    ArrayRef<Token> Inner = PointToks.slice(1, PointToks.size() - 2);
    if (Inner.empty()) {
      report(PP, PointEnd, Diag::ExpectedParamName) << "configs";
      return false;
    }
    if (Spec.Configs.size() >= MaxCandidates) {
      report(PP, PointToks.front().getLocation(), Diag::TooManyCandidates)
          << std::to_string(MaxCandidates) << MaxPoints;
      return false;
    }
    SmallVector<int64_t, 4> Point;
    if (!parseConfigsPoint(PointToks, Inner, Point))
      return false;
    StringRef Bytes(reinterpret_cast<const char *>(Point.data()),
                    Point.size() * sizeof(int64_t));
    if (!SeenPoints.insert(Bytes).second) {
      report(PP, PointToks.front().getLocation(), Diag::DuplicatePoint);
      continue;
    }
    Spec.Configs.push_back(std::move(Point));
  }
  // Each parameter's values in order of first appearance, for the rewrite.
  for (size_t I = 0; I < Spec.Params.size(); ++I) {
    std::unordered_set<int64_t> Seen;
    for (const auto &Point : Spec.Configs)
      if (Seen.insert(Point[I]).second)
        Spec.Params[I].Values.push_back(Point[I]);
  }
  return true;
}

bool PragmaParser::parseDefault(ArrayRef<Token> Args, SourceLocation Loc) {
  DefaultSpec D;
  D.Loc = Loc;
  SourceLocation Close = Tokens[Pos - 1].getLocation();
  if (Args.empty()) {
    report(PP, Close, Diag::ExpectedParamName) << "default";
    return false;
  }
  for (ArrayRef<Token> Item : splitTopLevel(Args)) {
    if (Item.size() < 3 || !Item[0].is(tok::identifier) ||
        !Item[1].is(tok::equal)) {
      Parameter Dummy;
      parseValues(Item, "default", Dummy,
                  Item.empty() ? Close : Item.back().getEndLoc());
      return false;
    }
    std::optional<int64_t> V =
        constant(Item.drop_front(2), Item.back().getEndLoc(), "default");
    if (!V)
      return false;
    StringRef Name = Item[0].getIdentifierInfo()->getName();
    for (size_t I = 0; I < D.Values.size(); ++I)
      if (D.Values[I].first == Name) {
        report(PP, Item[0].getLocation(), Diag::DuplicateParam) << Name;
        report(PP, D.NameLocs[I], Diag::FirstDeclaredHere) << Name;
        return false;
      }
    D.Values.push_back({Name.str(), *V});
    D.NameLocs.push_back(Item[0].getLocation());
  }
  Spec.Default = std::move(D);
  return true;
}

bool PragmaParser::parseKey(ArrayRef<Token> Args, SourceLocation EndOfArgs) {
  Spec.HasKey = true;
  if (Args.empty())
    return true; // 'key()': one point for every call, on purpose
  for (ArrayRef<Token> Item : splitTopLevel(Args)) {
    if (!checkExpressionShape(PP, Item, EndOfArgs, "key"))
      return false;
    Spec.Keys.push_back(TokenRun{{Item.begin(), Item.end()}});
  }
  return true;
}

bool PragmaParser::parseBuffers(ArrayRef<Token> Args, SourceLocation EndOfArgs,
                                StringRef Clause,
                                SmallVectorImpl<BufferSpec> &Out,
                                bool AllowTolerance) {
  if (Args.empty()) {
    report(PP, EndOfArgs, Diag::ExpectedBuffer) << Clause;
    return false;
  }
  for (ArrayRef<Token> Item : splitTopLevel(Args)) {
    // A tolerance is `NAME = number`; `NAME[count]` stays a buffer.
    std::optional<StringRef> Word =
        Item.empty() ? std::nullopt : wordOf(Item[0]);
    if (AllowTolerance && Word &&
        (*Word == "rtol" || *Word == "atol" || *Word == "tol") &&
        !(Item.size() > 1 && Item[1].is(tok::l_square))) {
      if (!parseTolerance(Item, *Word))
        return false;
      continue;
    }
    if (!Item.empty() && !checkExpressionShape(PP, Item, EndOfArgs, Clause))
      return false;
    // 'pointer[count]': the last top-level [...] group closes the item.
    if (Item.size() < 4 || !Item.back().is(tok::r_square)) {
      report(PP, Item.empty() ? EndOfArgs : Item.front().getLocation(),
             Diag::ExpectedBuffer)
          << Clause;
      return false;
    }
    size_t Open = openingOf(Item, Item.size() - 1);
    if (Open == 0 || Open + 1 >= Item.size() - 1) {
      report(PP, Item.front().getLocation(), Diag::ExpectedBuffer) << Clause;
      return false;
    }
    if (!checkExpressionShape(PP, Item.take_front(Open),
                              Item[Open].getLocation(), Clause) ||
        !checkExpressionShape(PP, Item.slice(Open + 1, Item.size() - Open - 2),
                              Item.back().getLocation(), Clause))
      return false;
    BufferSpec B;
    B.Pointer.Tokens.assign(Item.begin(), Item.begin() + Open);
    B.Count.Tokens.assign(Item.begin() + Open + 1, Item.end() - 1);
    B.Spelling = joinSpellings(PP, Item);
    Out.push_back(std::move(B));
  }
  if (Out.empty()) {
    report(PP, Args.front().getLocation(), Diag::ExpectedBuffer) << Clause;
    return false;
  }
  return true;
}

bool PragmaParser::parseTolerance(ArrayRef<Token> Item, StringRef Name) {
  // `NAME = [-] literal`: a sign is read only to say that it is negative.
  bool Minus = Item.size() == 4 && Item[2].is(tok::minus);
  const Token *Literal =
      Item.size() == 3 || Minus ? &Item[Item.size() - 1] : nullptr;
  SourceLocation ValueLoc =
      Item.size() >= 3 ? Item[2].getLocation() : Item.back().getEndLoc();
  // Literal is set only where Item has three tokens or more.
  std::optional<double> Number =
      Literal && Item[1].is(tok::equal) ? numberValue(Literal) : std::nullopt;
  if (!Number) {
    report(PP, ValueLoc, Diag::ExpectedTolerance) << Name;
    return false;
  }
  double Value = *Number;
  std::string Spelling = PP.getSpelling(*Literal);
  // A literal too large for a double is infinite: it accepts any output.
  if (!std::isfinite(Value)) {
    report(PP, ValueLoc, Diag::ToleranceNotFinite)
        << Name << (Minus ? "-" : "") + Spelling;
    return false;
  }
  if (Minus && Value > 0) {
    report(PP, ValueLoc, Diag::ToleranceNegative) << Name << "-" + Spelling;
    return false;
  }
  bool Relative = Name != "atol";
  std::optional<double> &Slot =
      Relative ? Spec.RelTolerance : Spec.AbsTolerance;
  if (Slot) {
    StringRef First = Relative ? StringRef(Spec.RelToleranceName) : "atol";
    if (First == Name)
      report(PP, Item[0].getLocation(), Diag::DuplicateTolerance) << Name;
    else
      report(PP, Item[0].getLocation(), Diag::ToleranceSynonym)
          << Name << First;
    return false;
  }
  Slot = Value;
  (Relative ? Spec.RelToleranceSpelling : Spec.AbsToleranceSpelling) = Spelling;
  if (Relative)
    Spec.RelToleranceName = Name.str();
  return true;
}

bool PragmaParser::parseBudget(ArrayRef<Token> Args, SourceLocation EndOfArgs) {
  std::optional<int64_t> V = constant(Args, EndOfArgs, "budget");
  if (!V)
    return false;
  if (*V <= 0 || *V > UINT32_MAX) {
    report(PP, Args.front().getLocation(), Diag::BudgetNotPositive) << *V;
    return false;
  }
  Spec.Budget = static_cast<unsigned>(*V);
  return true;
}

bool PragmaParser::parseName(ArrayRef<Token> Args, SourceLocation EndOfArgs) {
  if (Args.empty() || !llvm::all_of(Args, [](const Token &T) {
        return T.is(tok::string_literal);
      })) {
    report(PP, Args.empty() ? EndOfArgs : Args[0].getLocation(),
           Diag::ExpectedString);
    return false;
  }
  StringLiteralParser Literal(Args, PP);
  if (Literal.hadError)
    return false;
  if (Literal.GetString().empty()) {
    report(PP, Args[0].getLocation(), Diag::EmptyName);
    return false;
  }
  Spec.Name = Literal.GetString().str();
  Spec.NameLoc = Args[0].getLocation();
  return true;
}

bool PragmaParser::parseMode(ArrayRef<Token> Args, SourceLocation EndOfArgs,
                             SourceLocation Loc) {
  std::optional<StringRef> Word;
  if (Args.size() == 1)
    Word = wordOf(Args[0]);
  if (!Word || (*Word != "online" && *Word != "blocking")) {
    report(PP, Args.empty() ? EndOfArgs : Args[0].getLocation(),
           Diag::ExpectedMode);
    return false;
  }
  Spec.Online = *Word == "online";
  Spec.ModeLoc = Loc;
  return true;
}

std::optional<double> PragmaParser::numberValue(const Token *Tok) {
  if (!Tok || !Tok->is(tok::numeric_constant))
    return std::nullopt;
  SmallString<32> Buffer;
  StringRef Spelling = PP.getSpelling(*Tok, Buffer);
  NumericLiteralParser Number(Spelling, Tok->getLocation(),
                              PP.getSourceManager(), PP.getLangOpts(),
                              PP.getTargetInfo(), PP.getDiagnostics());
  // A user-defined literal's value is its operator's, and an imaginary one
  // is no real number: neither is what the plugin checked.
  if (Number.hadError || Number.hasUDSuffix() || Number.isImaginary)
    return std::nullopt;
  if (!Number.isFloatingLiteral()) {
    llvm::APInt Int(64, 0);
    if (Number.GetIntegerValue(Int))
      return std::nullopt;
    return static_cast<double>(Int.getZExtValue());
  }
  llvm::APFloat F(llvm::APFloat::IEEEdouble());
  Number.GetFloatValue(F, llvm::RoundingMode::NearestTiesToEven);
  return F.convertToDouble();
}

bool PragmaParser::parseMeasure(ArrayRef<Token> Args, SourceLocation EndOfArgs,
                                SourceLocation Loc) {
  if (Args.empty()) {
    report(PP, EndOfArgs, Diag::ExpectedMeasureSetting);
    return false;
  }
  for (ArrayRef<Token> Item : splitTopLevel(Args)) {
    SourceLocation ItemLoc =
        Item.empty() ? EndOfArgs : Item.front().getLocation();
    std::optional<StringRef> Word =
        Item.empty() ? std::nullopt : wordOf(Item[0]);
    if (Word && *Word == "cold_l2" && Item.size() == 1) {
      if (Spec.ColdL2) {
        report(PP, ItemLoc, Diag::DuplicateMeasureSetting) << "cold_l2";
        return false;
      }
      Spec.ColdL2 = true;
      continue;
    }
    if (!Word || *Word != "time" || Item.size() < 2 ||
        !Item[1].is(tok::equal)) {
      report(PP, ItemLoc, Diag::ExpectedMeasureSetting);
      return false;
    }
    if (Spec.TimeLimit) {
      report(PP, ItemLoc, Diag::DuplicateMeasureSetting) << "time";
      return false;
    }
    SourceLocation ValueLoc =
        Item.size() > 2 ? Item[2].getLocation() : Item[1].getEndLoc();
    std::optional<double> Seconds =
        numberValue(Item.size() == 3 ? &Item[2] : nullptr);
    // The runtime's bounds on AUTOTUNE_TIME_LIMIT: above zero, at most a day.
    if (!Seconds || !(*Seconds > 0 && *Seconds <= 86400)) {
      report(PP, ValueLoc, Diag::ExpectedMeasureTime);
      return false;
    }
    Spec.TimeLimit = *Seconds;
    Spec.TimeLimitSpelling = PP.getSpelling(Item[2]);
  }
  Spec.MeasureLoc = Loc;
  return true;
}

bool PragmaParser::parseMinGain(ArrayRef<Token> Args,
                                SourceLocation EndOfArgs) {
  SourceLocation ValueLoc = Args.empty() ? EndOfArgs : Args[0].getLocation();
  std::optional<double> Gain =
      numberValue(Args.size() == 1 ? &Args[0] : nullptr);
  if (!Gain || !(*Gain >= 0 && *Gain < 1)) {
    report(PP, ValueLoc, Diag::ExpectedMinGain);
    return false;
  }
  Spec.MinGain = *Gain;
  Spec.MinGainSpelling = PP.getSpelling(Args[0]);
  return true;
}

bool PragmaParser::checkOnline() {
  if (!Spec.Online)
    return true;
  // Online, a run is one of the program's calls: nothing is timed apart
  // from them, so there is no time limit to set and no cache to flush.
  if (Spec.MeasureLoc.isValid()) {
    report(PP, Spec.ModeLoc, Diag::OnlineWithClause)
        << "measure"
        << "online runs are the program's own calls, timed as they come";
    return false;
  }
  // Online, each call runs one point on the program's data: there is no
  // call on which every point's output could be compared, and no budget
  // search, which measures one point after another.
  if (!Spec.Verifies.empty()) {
    report(PP, Spec.ModeLoc, Diag::OnlineWithClause)
        << "verify"
        << "it compares every point's output with the default point's on "
           "one call";
    return false;
  }
  if (Spec.Budget) {
    report(PP, Spec.ModeLoc, Diag::OnlineWithClause)
        << "budget"
        << "it searches the space one measurement after another";
    return false;
  }
  return true;
}

std::optional<SiteSpec> parsePragma(Preprocessor &PP, SourceLocation PragmaLoc,
                                    ArrayRef<Token> Tokens,
                                    SourceLocation EndLoc) {
  return PragmaParser(PP, PragmaLoc, Tokens, EndLoc).parse();
}

} // namespace autotune
