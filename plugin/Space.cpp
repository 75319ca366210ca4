//===- Space.cpp - The points of a site -----------------------------------===//

#include "Space.h"
#include "ConstantExpr.h"
#include "Diagnostics.h"

#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace autotune {

static std::string describePoint(const SiteSpec &Spec, ArrayRef<int64_t> P) {
  std::string Text;
  for (size_t I = 0; I < P.size(); ++I)
    Text +=
        (I ? ", " : "") + Spec.Params[I].Name + " = " + std::to_string(P[I]);
  return Text;
}

std::optional<Space> enumerateSpace(Preprocessor &PP, const SiteSpec &Spec) {
  Space S;
  S.NumParams = Spec.Params.size();

  SmallVector<SmallVector<int64_t, 4>, 32> Candidates;
  if (Spec.HasConfigs) {
    Candidates.assign(Spec.Configs.begin(), Spec.Configs.end());
  } else {
    uint64_t Total = 1;
    for (const Parameter &P : Spec.Params) {
      Total *= P.Values.size();
      if (Total > MaxPoints * 64ull) {
        report(PP, Spec.PragmaLoc, Diag::TooManyPoints)
            << std::to_string(Total) + "+" << MaxPoints;
        return std::nullopt;
      }
    }
    // The first parameter varies slowest, as in nested loops written in order.
    SmallVector<size_t, 4> Index(S.NumParams, 0);
    for (uint64_t N = 0; N < Total; ++N) {
      SmallVector<int64_t, 4> Point;
      for (unsigned I = 0; I < S.NumParams; ++I)
        Point.push_back(Spec.Params[I].Values[Index[I]]);
      Candidates.push_back(std::move(Point));
      for (unsigned I = S.NumParams; I-- > 0;) {
        if (++Index[I] < Spec.Params[I].Values.size())
          break;
        Index[I] = 0;
      }
    }
  }

  size_t Before = Candidates.size();
  for (const auto &Point : Candidates) {
    Bindings Env;
    for (unsigned I = 0; I < S.NumParams; ++I)
      Env[Spec.Params[I].Name] = Point[I];
    bool Keep = true;
    for (const WhereSpec &W : Spec.Wheres) {
      std::optional<int64_t> V =
          evaluateIntExpr(PP, W.Condition.Tokens, W.Close, "where", &Env);
      if (!V)
        return std::nullopt;
      if (!*V) {
        Keep = false;
        break;
      }
    }
    if (Keep)
      S.Values.append(Point.begin(), Point.end());
  }
  if (S.size() == 0) {
    report(PP, Spec.Wheres.empty() ? Spec.PragmaLoc : Spec.Wheres.front().Loc,
           Diag::WhereRemovesAll)
        << static_cast<unsigned>(Before);
    return std::nullopt;
  }
  if (S.size() > MaxPoints) {
    report(PP, Spec.PragmaLoc, Diag::TooManyPoints)
        << std::to_string(S.size()) << MaxPoints;
    return std::nullopt;
  }

  if (!Spec.Default)
    return S;
  const DefaultSpec &D = *Spec.Default;
  SmallVector<int64_t, 4> Wanted(S.NumParams, 0);
  SmallVector<bool, 4> Given(S.NumParams, false);
  for (size_t J = 0; J < D.Values.size(); ++J) {
    auto It = llvm::find_if(Spec.Params, [&](const Parameter &P) {
      return P.Name == D.Values[J].first;
    });
    if (It == Spec.Params.end()) {
      report(PP, D.NameLocs[J], Diag::DefaultUnknownParam) << D.Values[J].first;
      return std::nullopt;
    }
    size_t I = It - Spec.Params.begin();
    Wanted[I] = D.Values[J].second;
    Given[I] = true;
  }
  for (unsigned I = 0; I < S.NumParams; ++I)
    if (!Given[I]) {
      report(PP, D.Loc, Diag::DefaultMissingParam) << Spec.Params[I].Name;
      return std::nullopt;
    }
  for (unsigned I = 0; I < S.size(); ++I)
    if (S.point(I) == ArrayRef<int64_t>(Wanted)) {
      S.DefaultIndex = I;
      return S;
    }
  report(PP, D.Loc, Diag::DefaultNotInSpace) << describePoint(Spec, Wanted);
  return std::nullopt;
}

} // namespace autotune
