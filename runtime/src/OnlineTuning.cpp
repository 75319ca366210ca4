// Online tuning's calls: the race's choice of point per call, the backend's
// timed run, and the results collected as they arrive. The lock is held to
// ask and to answer the race, never while a variant runs, so that a variant
// may reach its own site again and other threads' calls are not held.
#include "OnlineTuning.h"

namespace autotune {

OnlineTuning::OnlineTuning(const SiteInfo &Info, bool TimesIncludeOtherWork)
    : Race(Info.NumPoints, Info.DefaultPoint, TimesIncludeOtherWork),
      DefaultPoint(Info.DefaultPoint),
      Started(std::chrono::steady_clock::now()) {}

void OnlineTuning::collect() {
  for (std::size_t K = 0; K < InFlight.size();) {
    double Seconds = 0;
    RunResult Result;
    if (!InFlight[K].Timer->ready(Seconds, Result)) {
      ++K;
      continue;
    }
    unsigned Point = InFlight[K].Point;
    InFlight.erase(InFlight.begin() + static_cast<std::ptrdiff_t>(K));
    arrived(Point, Seconds, Result);
  }
}

void OnlineTuning::arrived(unsigned Point, double Seconds,
                           const RunResult &Result) {
  if (Result.Outcome == RunOutcome::Ok)
    Race.ran(Point, Seconds);
  else
    runFailed(Point, Result);
}

void OnlineTuning::runFailed(unsigned Point, const RunResult &Failure) {
  // Several runs may be in flight when the device breaks; every later
  // query reports the same error. The first run to report it is named.
  if (Failure.Outcome == RunOutcome::Fatal && !Fatal) {
    Fatal = true;
    FatalPoint = Point;
    FatalWhy = Failure.Error;
  }
  Race.failed(Point, Failure.Error);
}

bool OnlineTuning::finish(TuningRecord &Record) {
  if (Finished || !(Fatal || Race.decided()))
    return false;
  Finished = true;
  Record = Race.record();
  if (Fatal) {
    Record.FatalError = true;
    Record.FatalVariant = FatalPoint;
    Record.Variants[FatalPoint].Status = VariantStatus::Fatal;
    Record.Variants[FatalPoint].Problem = FatalWhy;
    Record.Winner = DefaultPoint;
  }
  Record.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Started)
          .count();
  Record.OnlineCalls = Calls;
  Final = Record.Winner;
  // Their times can no longer change anything; a device backend's timer
  // gives its events back.
  InFlight.clear();
  return true;
}

bool OnlineTuning::run(Backend &B, const Variants &V, const CallArgs &Args,
                       TuningRecord &Record) {
  OnlineRace::Run Next;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Finished) {
      ++Calls;
      collect();
      if (!Fatal && !Race.decided())
        Next = Race.next();
      else if (!Fatal)
        Next.Point = Race.winner();
      else
        Next.Point = DefaultPoint;
    } else {
      Next.Point = Final;
    }
  }
  if (!Next.Timed) {
    B.launch(V, Next.Point);
  } else {
    Backend::StartedRun Started = B.startRun(V, Next.Point, Args.Stream);
    bool Launched = Started.Launch.Outcome == RunOutcome::Ok && Started.Timer;
    unsigned Instead = DefaultPoint;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      double Seconds = 0;
      RunResult Result;
      if (!Launched) {
        runFailed(Next.Point, Started.Launch);
        // Where the default point is the one that failed, the best so far.
        if (Next.Point == DefaultPoint && !Fatal)
          Instead = Race.bestSoFar();
      } else if (Started.Timer->ready(Seconds, Result)) {
        // The host's time is ready now: the race hears of it at once.
        arrived(Next.Point, Seconds, Result);
      } else {
        InFlight.push_back({Next.Point, std::move(Started.Timer)});
      }
    }
    // The call still runs the statement once.
    if (!Launched)
      B.launch(V, Instead);
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  return finish(Record);
}

unsigned OnlineTuning::bestSoFar() {
  std::lock_guard<std::mutex> Lock(Mutex);
  // Nothing is collected: a query may clear an error the program has
  // still to see (a call that must not be timed may have one pending).
  if (Finished)
    return Final;
  return Fatal ? DefaultPoint : Race.bestSoFar();
}

std::string OnlineTuning::progress() {
  std::lock_guard<std::mutex> Lock(Mutex);
  TuningRecord Now = Race.record();
  unsigned Run = 0;
  for (const VariantRecord &R : Now.Variants)
    Run += R.runs() > 0 || R.Status != VariantStatus::NotMeasured;
  return std::to_string(Run) + " of " + std::to_string(Now.Variants.size()) +
         " points run, " + std::to_string(Calls) + " calls so far";
}

} // namespace autotune
