//===- Space.cpp - The points of a site -----------------------------------===//

#include "Space.h"
#include "Diagnostics.h"
#include "IntegerExpression.h"

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLFunctionalExtras.h"

using namespace clang;

namespace autotune {

std::string describePoint(const SiteSpec &Spec, ArrayRef<int64_t> P) {
  std::string Text;
  for (size_t I = 0; I < P.size(); ++I)
    Text +=
        (I ? ", " : "") + Spec.Params[I].Name + " = " + std::to_string(P[I]);
  return Text;
}

/// Calls Visit with every candidate point, the first parameter varying
/// slowest as in nested loops written in order, until it returns false.
static void
forEachCandidate(const SiteSpec &Spec,
                 llvm::function_ref<bool(ArrayRef<int64_t>)> Visit) {
  if (Spec.HasConfigs) {
    for (const auto &Point : Spec.Configs)
      if (!Visit(Point))
        return;
    return;
  }
  unsigned NumParams = Spec.Params.size();
  SmallVector<size_t, 4> Index(NumParams, 0);
  SmallVector<int64_t, 4> Point;
  for (const Parameter &P : Spec.Params)
    Point.push_back(P.Values.front());
  while (Visit(Point)) {
    unsigned I = NumParams;
    for (; I-- > 0;) {
      if (++Index[I] < Spec.Params[I].Values.size()) {
        Point[I] = Spec.Params[I].Values[Index[I]];
        break;
      }
      Index[I] = 0;
      Point[I] = Spec.Params[I].Values.front();
    }
    if (I == ~0u)
      return;
  }
}

/// Sets S.DefaultIndex to the point D names; reports a default that names
/// an unknown parameter, leaves one out, or is not a point of S.
static bool locateDefault(Preprocessor &PP, const SiteSpec &Spec,
                          const DefaultSpec &D, Space &S) {
  SmallVector<int64_t, 4> Wanted(S.NumParams, 0);
  SmallVector<bool, 4> Given(S.NumParams, false);
  for (size_t J = 0; J < D.Values.size(); ++J) {
    auto It = llvm::find_if(Spec.Params, [&](const Parameter &P) {
      return P.Name == D.Values[J].first;
    });
    if (It == Spec.Params.end()) {
      report(PP, D.NameLocs[J], Diag::DefaultUnknownParam) << D.Values[J].first;
      return false;
    }
    size_t I = It - Spec.Params.begin();
    Wanted[I] = D.Values[J].second;
    Given[I] = true;
  }
  for (unsigned I = 0; I < S.NumParams; ++I)
    if (!Given[I]) {
      report(PP, D.Loc, Diag::DefaultMissingParam) << Spec.Params[I].Name;
      return false;
    }
  for (unsigned I = 0; I < S.size(); ++I)
    if (S.point(I) == ArrayRef<int64_t>(Wanted)) {
      S.DefaultIndex = I;
      return true;
    }
  report(PP, D.Loc, Diag::DefaultNotInSpace) << describePoint(Spec, Wanted);
  return false;
}

/// The number of candidate points, before 'where'; reports a space too
/// large to enumerate (or, without 'where', to compile).
static std::optional<uint64_t> countCandidates(Preprocessor &PP,
                                               const SiteSpec &Spec) {
  uint64_t Candidates = 1;
  if (Spec.HasConfigs) {
    Candidates = Spec.Configs.size();
  } else {
    for (const Parameter &P : Spec.Params) {
      Candidates *= P.Values.size();
      if (Candidates > MaxCandidates) {
        // Without 'where', every candidate would be compiled.
        if (Spec.Wheres.empty())
          report(PP, Spec.PragmaLoc, Diag::TooManyPoints)
              << ("more than " + std::to_string(MaxCandidates)) << MaxPoints;
        else
          report(PP, Spec.PragmaLoc, Diag::TooManyCandidates)
              << std::to_string(MaxCandidates) << MaxPoints;
        return std::nullopt;
      }
    }
  }
  if (Spec.Wheres.empty() && Candidates > MaxPoints) {
    report(PP, Spec.PragmaLoc, Diag::TooManyPoints)
        << std::to_string(Candidates) << MaxPoints;
    return std::nullopt;
  }
  return Candidates;
}

/// Each 'where' parsed once, to be evaluated at every candidate; nothing
/// (the error reported) when one does not parse, or when testing every
/// candidate is known to cost too much before any point is tested.
static std::optional<SmallVector<IntegerExpression, 2>>
parseWheres(Preprocessor &PP, const SiteSpec &Spec, uint64_t Candidates) {
  ParamIndex Params;
  for (unsigned I = 0; I < Spec.Params.size(); ++I)
    Params[Spec.Params[I].Name] = I;
  SmallVector<IntegerExpression, 2> Wheres;
  uint64_t StepsPerCandidate = 0;
  for (const WhereSpec &W : Spec.Wheres) {
    std::optional<IntegerExpression> E = IntegerExpression::parse(
        PP, W.Condition.Tokens, W.Close, "where", &Params);
    if (!E)
      return std::nullopt;
    StepsPerCandidate += E->size();
    Wheres.push_back(std::move(*E));
  }
  if (Candidates * StepsPerCandidate > MaxWhereSteps) {
    report(PP, Spec.Wheres.front().Loc, Diag::WhereTooCostly)
        << std::to_string(Candidates) << std::to_string(MaxWhereSteps);
    return std::nullopt;
  }
  return Wheres;
}

/// Adds to S the candidates every 'where' keeps, stopping once there are
/// more than MaxPoints; false when a 'where' fails at a candidate (the
/// error reported).
static bool keepPoints(Preprocessor &PP, const SiteSpec &Spec,
                       ArrayRef<IntegerExpression> Wheres, Space &S) {
  bool Failed = false;
  forEachCandidate(Spec, [&](ArrayRef<int64_t> Point) {
    for (const IntegerExpression &Where : Wheres) {
      std::optional<int64_t> V = Where.evaluate(PP, Point);
      if (!V) {
        Failed = true;
        return false;
      }
      if (!*V)
        return true;
    }
    S.Values.append(Point.begin(), Point.end());
    // Known too large: stop before testing the rest.
    return S.size() <= MaxPoints;
  });
  return !Failed;
}

std::optional<Space> enumerateSpace(Preprocessor &PP, const SiteSpec &Spec) {
  Space S;
  S.NumParams = Spec.Params.size();
  std::optional<uint64_t> Candidates = countCandidates(PP, Spec);
  if (!Candidates)
    return std::nullopt;
  std::optional<SmallVector<IntegerExpression, 2>> Wheres =
      parseWheres(PP, Spec, *Candidates);
  if (!Wheres || !keepPoints(PP, Spec, *Wheres, S))
    return std::nullopt;
  if (S.size() == 0) {
    report(PP, Spec.Wheres.empty() ? Spec.PragmaLoc : Spec.Wheres.front().Loc,
           Diag::WhereRemovesAll)
        << static_cast<unsigned>(*Candidates);
    return std::nullopt;
  }
  if (S.size() > MaxPoints) {
    report(PP, Spec.PragmaLoc, Diag::TooManyPoints)
        << ("more than " + std::to_string(MaxPoints)) << MaxPoints;
    return std::nullopt;
  }
  if (Spec.Default && !locateDefault(PP, Spec, *Spec.Default, S))
    return std::nullopt;
  return S;
}

} // namespace autotune
