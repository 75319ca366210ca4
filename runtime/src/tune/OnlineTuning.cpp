// Online tuning's calls: the race's choice of point per call, the backend's
// timed run, and the results collected as they arrive. The lock is held to
// ask and to answer the race, never while a variant runs, so that a variant
// may reach its own site again and other threads' calls are not held.
#include "tune/OnlineTuning.h"

#include "support/Environment.h"

#include <algorithm>
#include <limits>

namespace autotune {

OnlineTuning::OnlineTuning(const SiteInfo &Info, bool TimesIncludeOtherWork,
                           const TuningRecord *Saved)
    : Race(Info.NumPoints, Info.DefaultPoint, TimesIncludeOtherWork,
           policyFor(Info, environment())),
      DefaultPoint(Info.DefaultPoint),
      Started(std::chrono::steady_clock::now()) {
  if (!Saved)
    return;
  Race.continueFrom(*Saved);
  EarlierSeconds = Saved->Seconds;
  Calls = Saved->OnlineCalls;
}

double OnlineTuning::secondsSoFar() const {
  return EarlierSeconds + std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - Started)
                              .count();
}

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
  if (Finished || !(Fatal || !LostWhy.empty() || Race.decided()))
    return false;
  Finished = true;
  Record = Race.record();
  if (!Fatal && !LostWhy.empty()) {
    // No run of the race reported it: the program's own work, or a run
    // whose time was already in. No point is blamed, nothing is stored.
    Record.NotTuned =
        "the device became unusable during the race (" + LostWhy + ")";
    Record.Winner = DefaultPoint;
  } else if (Fatal) {
    Record.FatalError = true;
    Record.FatalVariant = FatalPoint;
    Record.Variants[FatalPoint].Status = VariantStatus::Fatal;
    Record.Variants[FatalPoint].Problem = FatalWhy;
    Record.Winner = DefaultPoint;
  }
  Record.Seconds = secondsSoFar();
  Record.OnlineCalls = Calls;
  Final = Record.Winner;
  // Their times can no longer change anything; a device backend's timer
  // gives its events back.
  InFlight.clear();
  return true;
}

bool OnlineTuning::run(Backend &B, const Variants &V, const CallArgs &Args,
                       TuningRecord &Record) {
  // Read before the lock: it asks the device, not the race.
  std::string Lost = B.deviceLost();
  std::thread::id Self = std::this_thread::get_id();
  OnlineRace::Run Next = nextRun(Lost, Self);
  if (!Next.Timed)
    B.launch(V, Next.Point);
  else
    runTimed(B, V, Args, Next, Self);
  return ended(Record);
}

OnlineRace::Run OnlineTuning::nextRun(const std::string &Lost,
                                      std::thread::id Self) {
  OnlineRace::Run Next;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Finished) {
    ++Calls;
    collect();
    if (!Lost.empty() && !Fatal && LostWhy.empty())
      LostWhy = Lost;
    bool Nested =
        std::find(Running.begin(), Running.end(), Self) != Running.end();
    if (Fatal || !LostWhy.empty())
      Next.Point = DefaultPoint;
    else if (Race.decided())
      Next.Point = Race.winner();
    else if (Nested)
      // A run of this key reached its own site again on this thread: the
      // inner call runs untimed, so that no point has two timed runs at
      // once (its time is part of the outer run's anyway).
      Next.Point = Race.bestSoFar();
    else
      Next = Race.next();
    if (Next.Timed)
      Running.push_back(Self);
  } else {
    Next.Point = Final;
  }
  return Next;
}

void OnlineTuning::runTimed(Backend &B, const Variants &V, const CallArgs &Args,
                            const OnlineRace::Run &Next, std::thread::id Self) {
  Backend::StartedRun Started;
  try {
    Started = B.startRun(V, Next.Point, Args.Stream);
  } catch (...) {
    // The statement threw past the backend: the program gets the
    // exception, and the point is out, not left in flight for ever.
    std::lock_guard<std::mutex> Lock(Mutex);
    Running.erase(std::find(Running.begin(), Running.end(), Self));
    runFailed(Next.Point, {RunOutcome::LaunchFailed, "threw an exception"});
    throw;
  }
  bool Instead = false;
  unsigned InsteadPoint = DefaultPoint;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Running.erase(std::find(Running.begin(), Running.end(), Self));
    double Seconds = 0;
    RunResult Result;
    if (Finished) {
      // Another call ended the race while this run started: its time can
      // change nothing, and its timer gives its events back here. A run
      // that did not start is replaced by the race's result.
      Instead = !Started.Ran;
      InsteadPoint = Final;
    } else if (!Started.Ran && Started.Launch.Outcome == RunOutcome::Fatal) {
      // The device was unusable before this run started: no point to
      // blame. The race ends, and the default point shows the error.
      if (!Fatal && LostWhy.empty())
        LostWhy = Started.Launch.Error;
      Instead = true;
    } else if (Started.Timer && Started.Timer->ready(Seconds, Result)) {
      // The host's time is ready now: the race hears of it at once.
      arrived(Next.Point, Seconds, Result);
    } else if (Started.Timer) {
      InFlight.push_back({Next.Point, std::move(Started.Timer)});
    } else if (Started.Ran && Started.Launch.Outcome != RunOutcome::Fatal) {
      // It ran, but its time is lost: an unusable time, not a failure,
      // and not a second run.
      Race.ran(Next.Point, std::numeric_limits<double>::quiet_NaN());
    } else {
      runFailed(Next.Point, Started.Launch);
      // The call still runs the statement once, unless it did: the
      // default point, or where that is the point that failed, the best
      // so far.
      Instead = !Started.Ran;
      if (Next.Point == DefaultPoint && !Fatal)
        InsteadPoint = Race.bestSoFar();
    }
  }
  if (Instead)
    B.launch(V, InsteadPoint);
}

bool OnlineTuning::ended(TuningRecord &Record) {
  std::lock_guard<std::mutex> Lock(Mutex);
  return finish(Record);
}

bool OnlineTuning::atExit(TuningRecord &Record) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Finished)
    return false;
  for (std::size_t K = 0; K < InFlight.size();) {
    double Seconds = 0;
    RunResult Result;
    if (!InFlight[K].Timer->ready(Seconds, Result) ||
        Result.Outcome != RunOutcome::Ok) {
      ++K;
      continue;
    }
    Race.ran(InFlight[K].Point, Seconds);
    InFlight.erase(InFlight.begin() + static_cast<std::ptrdiff_t>(K));
  }
  if (finish(Record))
    return true;
  Record = Race.record();
  Record.Unfinished = true;
  Record.OnlineCalls = Calls;
  Record.Seconds = secondsSoFar();
  return true;
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
  // A point counts as run once it has started: a GPU run's time may still
  // be out.
  std::vector<bool> Started(Now.Variants.size(), false);
  for (const InFlightRun &R : InFlight)
    Started[R.Point] = true;
  unsigned Run = 0;
  for (std::size_t I = 0; I < Now.Variants.size(); ++I)
    Run += Started[I] || Now.Variants[I].runs() > 0 ||
           Now.Variants[I].Status != VariantStatus::NotMeasured;
  return std::to_string(Run) + " of " + std::to_string(Now.Variants.size()) +
         " points run, " + std::to_string(Calls) +
         (Calls == 1 ? " call" : " calls") + " so far";
}

} // namespace autotune
