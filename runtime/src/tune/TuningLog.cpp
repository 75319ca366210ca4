// The tuning reports: the summary line, one line per failed, rejected or
// cut variant, and the full table for AUTOTUNE_LOG=2.
#include "tune/TuningLog.h"

#include "support/SiteLabel.h"
#include "support/TextFormat.h"

#include <algorithm>

namespace autotune {
namespace {

const char *statusName(const TuningRecord &R, unsigned I) {
  if (I == R.Winner && !R.AllFailed && R.NotTuned.empty())
    return "winner";
  return statusName(R.Variants[I].Status);
}

std::string padLeft(const std::string &S, std::size_t Width) {
  return S.size() >= Width ? S : std::string(Width - S.size(), ' ') + S;
}
std::string padRight(const std::string &S, std::size_t Width) {
  return S.size() >= Width ? S : S + std::string(Width - S.size(), ' ');
}

void tableLines(const SiteInfo &Info, const TuningRecord &R,
                std::vector<std::string> &Lines) {
  std::vector<std::size_t> Widths;
  for (unsigned P = 0; P < Info.NumParams; ++P) {
    std::size_t W = std::string(Info.ParamNames[P]).size();
    for (unsigned I = 0; I < Info.NumPoints; ++I)
      W = std::max(W,
                   std::to_string(Info.Points[I * Info.NumParams + P]).size());
    Widths.push_back(W);
  }
  std::string Header = "  ";
  for (unsigned P = 0; P < Info.NumParams; ++P)
    Header += padLeft(Info.ParamNames[P], Widths[P]) + "  ";
  Lines.push_back(Header + padRight("status", 14) + padLeft("best", 11) +
                  padLeft("median", 11) + padLeft("runs", 6));
  for (unsigned I = 0; I < Info.NumPoints && I < R.Variants.size(); ++I) {
    const VariantRecord &V = R.Variants[I];
    std::string Row = "  ";
    for (unsigned P = 0; P < Info.NumParams; ++P)
      Row += padLeft(std::to_string(Info.Points[I * Info.NumParams + P]),
                     Widths[P]) +
             "  ";
    std::string Best = V.Samples.empty() ? "-" : formatSeconds(V.Best);
    std::string Median = V.Samples.empty() ? "-" : formatSeconds(V.Median);
    Row += padRight(statusName(R, I), 14) + padLeft(Best, 11) +
           padLeft(Median, 11) + padLeft(std::to_string(V.Samples.size()), 6);
    if (I == R.DefaultPoint)
      Row += "  (default)";
    // A point the decision could not tell apart from the fastest: the tie
    // the winner won (runtime.md, "Tuning: the procedure", step 9).
    if (I != R.Winner && R.TieBand > 0 && R.inTieBand(I))
      Row += "  (tie)";
    Lines.push_back(Row);
  }
  Lines.push_back("  runs: " + std::to_string(R.Runs.WarmUps) + " warm-up, " +
                  std::to_string(R.Runs.Timed) + " timed, " +
                  std::to_string(R.Runs.Restores) + " restores");
}

} // namespace

std::string formatPoint(const SiteInfo &Info, unsigned Point) {
  return formatPoint(Info.ParamNames, Info.Points + Point * Info.NumParams,
                     Info.NumParams);
}

std::string describeTuning(const SiteInfo &Info, const long long *Key,
                           unsigned KeyCount, const std::string &Model) {
  std::string S = siteLabel(Info);
  if (KeyCount)
    S += " key=" + formatKey(Key, KeyCount, Info.KeyUnsigned);
  return S + " device=" + Model;
}

namespace {

// The line that sums up a tuning whose variants did not all fail: how many
// were measured, the winner and why, the time it took, and the clause that
// pins the winner.
std::string summaryLine(const SiteInfo &Info, const std::string &Where,
                        const TuningRecord &R) {
  unsigned Failed = 0, Rejected = 0, Cut = 0;
  for (const VariantRecord &V : R.Variants) {
    Failed += V.Status == VariantStatus::LaunchFailed;
    Rejected += V.Status == VariantStatus::Rejected;
    Cut += V.Status == VariantStatus::Cut;
  }
  std::string Line = Where + ": " + std::to_string(R.measuredCount()) + "/" +
                     std::to_string(R.Variants.size()) + " variants";
  if (R.GroupMembers > 1) {
    unsigned Usable = 0;
    for (const PointTimes &T : R.GroupTimes)
      Usable += T.Best >= 0;
    Line += " here, " + std::to_string(Usable) + " usable across " +
            std::to_string(R.GroupMembers) + " processes";
  }
  std::string Counts;
  for (auto [N, What] : {std::pair<unsigned, const char *>{Failed, "failed"},
                         {Rejected, "rejected"},
                         {Cut, "cut"}})
    if (N)
      Counts += (Counts.empty() ? "" : ", ") + std::to_string(N) + " " + What;
  if (!Counts.empty())
    Line += " (" + Counts + ")";
  Line += ", winner " + formatPoint(Info, R.Winner);
  const VariantRecord &Default = R.Variants[R.DefaultPoint];
  if (R.defaultKeptAsTie()) {
    double Gap =
        R.Variants[R.DefaultPoint].Best / R.Variants[R.Fastest].Best - 1;
    Line +=
        " (the default point, kept as a tie: " + formatPoint(Info, R.Fastest) +
        " was " + formatPercent(Gap) + " faster, " +
        (keptByMinGain(Gap, R.TieBand, R.MinGain)
             ? "below the minimum gain of " + formatPercent(R.MinGain)
             : std::string("within what this tuning can tell apart")) +
        ")";
  } else if (R.Winner == R.DefaultPoint)
    Line += " (the default point)";
  else if (R.speedUp() > 0)
    Line += ", " +
            fasterThanDefault(R.speedUp(), formatPoint(Info, R.DefaultPoint));
  else if (Default.Status == VariantStatus::Cut)
    Line += ", default (" + formatPoint(Info, R.DefaultPoint) +
            ") was cut after its warm-up";
  else
    Line += ", default (" + formatPoint(Info, R.DefaultPoint) + ") did not run";
  // Not where the fastest run was the default point's: the winner then beat
  // it by its median, not by the space's order.
  if (R.Winner != R.DefaultPoint && R.Fastest != R.Winner &&
      R.Fastest != R.DefaultPoint && R.inTieBand(R.Winner))
    Line += ", chosen over " + formatPoint(Info, R.Fastest) + " (faster by " +
            formatPercent(
                R.Variants[R.Winner].Best / R.Variants[R.Fastest].Best - 1) +
            ", a tie) by the order of the space";
  if (R.OnlineCalls)
    Line += ", tuned online over " + std::to_string(R.OnlineCalls) +
            " calls in " + formatSeconds(R.Seconds);
  else
    Line += ", tuned in " + formatSeconds(R.Seconds);
  // On the summary line rather than a line of its own: one mention per
  // tuning, and scripts that count a site's lines see the same count.
  // Only for a winner that beat the default point by more than the tie
  // band: pinning a tie would pin noise.
  if (R.Winner != R.DefaultPoint)
    Line += "; to fix it in the source: default(" +
            formatClausePoint(Info.ParamNames,
                              Info.Points + R.Winner * Info.NumParams,
                              Info.NumParams) +
            ")";
  return Line;
}

// The lines logTuning() writes.
void tuningLines(const SiteInfo &Info, const std::string &Where,
                 const TuningRecord &R, int LogLevel,
                 std::vector<std::string> &Lines) {
  if (!R.NotTuned.empty()) {
    // In a group the point is the group's winner, which every process runs.
    Lines.push_back(
        Where + ": not tuned: " + R.NotTuned + "; using " +
        (R.Winner == R.DefaultPoint
             ? "the default point " + formatPoint(Info, R.DefaultPoint)
             : "the winner of the processes tuning together, " +
                   formatPoint(Info, R.Winner)));
    return;
  }

  for (unsigned I = 0; I < R.Variants.size(); ++I) {
    const VariantRecord &V = R.Variants[I];
    std::string Variant = Where + ": variant " + formatPoint(Info, I);
    if (V.Status == VariantStatus::LaunchFailed && LogLevel >= 1)
      Lines.push_back(Variant + " skipped: failed to launch: " + V.Problem);
    else if (V.Status == VariantStatus::Rejected)
      Lines.push_back(Variant + " rejected: " + V.Problem);
    else if (V.Status == VariantStatus::Cut && LogLevel >= 1)
      Lines.push_back(Variant + " cut: " + V.Problem + "; not run again");
  }
  if (R.FatalError)
    Lines.push_back(
        Where + ": variant " + formatPoint(Info, R.FatalVariant) +
        " caused a fatal error: " + R.Variants[R.FatalVariant].Problem +
        "; tuning stopped, using the default point " +
        formatPoint(Info, R.DefaultPoint));
  else if (R.AllFailed)
    Lines.push_back(
        Where + ": every variant failed; launching the default point " +
        formatPoint(Info, R.DefaultPoint) + " so that its error shows");

  if (!R.Note.empty())
    Lines.push_back(Where + ": " + R.Note);

  if (LogLevel < 1)
    return;
  if (!R.FatalError && !R.AllFailed) {
    Lines.push_back(summaryLine(Info, Where, R));
    if (!R.CutShort.empty())
      Lines.push_back(Where + ": " + R.CutShort);
  }
  if (LogLevel >= 2)
    tableLines(Info, R, Lines);
}

} // namespace

void logTuning(const SiteInfo &Info, const std::string &Where,
               const TuningRecord &R, int LogLevel) {
  std::vector<std::string> Lines;
  tuningLines(Info, Where, R, LogLevel, Lines);
  logLines(Lines);
}

} // namespace autotune
