// Online tuning of one (site, device model, key): each call runs one point
// of the race as the program's own call, timed by the backend without
// waiting (Backend::startRun); the times of earlier calls are collected on
// later calls, as they become ready, and handed to the race (OnlineRace),
// which decides. No call waits for tuning.
#ifndef AUTOTUNE_SRC_ONLINETUNING_H
#define AUTOTUNE_SRC_ONLINETUNING_H

#include "measure/Backend.h"
#include "tune/OnlineRace.h"
#include "tune/TuningRecord.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace autotune {

class OnlineTuning {
public:
  // Saved: the race an earlier process left unfinished (an unfinished
  // cache entry), continued from its runs (OnlineRace::continueFrom); its
  // calls and seconds count in this race's.
  OnlineTuning(const SiteInfo &Info, bool TimesIncludeOtherWork,
               const TuningRecord *Saved = nullptr);

  // Runs the call once: a timed run of the race, or a stand-in while every
  // contender has a run in flight, or the default point where a run failed
  // to launch. True when the race ended with this call: Record is then its
  // result, to be recorded (once per race; Extents are the caller's).
  bool run(Backend &B, const Variants &V, const CallArgs &Args,
           TuningRecord &Record);

  // Whether the race has ended and is not yet recorded; Record is then its
  // result, as run() gives it. For a call whose statement threw: the run
  // that threw may have been the race's last (every point failed).
  bool ended(TuningRecord &Record);

  // At exit, for a race still open: the times of runs in flight that are
  // in, and only those (a device may be shutting down: a failure now is no
  // point's), are handed to the race. True with Record set unless the race
  // was recorded already: the race's result where those times ended it,
  // else its runs so far, Record.Unfinished.
  bool atExit(TuningRecord &Record);

  // What a call that must not be timed runs (stream capture, a pending
  // error of the program's): the race's best so far.
  unsigned bestSoFar();

  // "4 of 6 points run, 9 calls so far", for a caller asking for the winner
  // and for the report of races still open at exit.
  std::string progress();

private:
  struct InFlightRun {
    unsigned Point;
    std::unique_ptr<Backend::RunTimer> Timer;
  };
  // Since the race's first call, the earlier processes' part included.
  double secondsSoFar() const;
  // What this call runs, decided under Mutex after the runs that are over
  // are collected: the race's next run (Timed), or untimed the race's
  // winner, the best so far (a nested call) or the default point (the
  // device lost, as Lost says). Self is the calling thread.
  OnlineRace::Run nextRun(const std::string &Lost, std::thread::id Self);
  // Runs Next, timed without waiting (Backend::startRun), and hands its
  // outcome to the race: its time where it is ready, else its timer kept in
  // flight; a run that did not start is replaced by a launch that does.
  void runTimed(Backend &B, const Variants &V, const CallArgs &Args,
                const OnlineRace::Run &Next, std::thread::id Self);
  // Hands the runs that are over to the race. Under Mutex.
  void collect();
  // A run of Point is over: its time, or its failure. Under Mutex.
  void arrived(unsigned Point, double Seconds, const RunResult &Result);
  // A run of Point that failed (Fatal: the device is unusable). Under Mutex.
  void runFailed(unsigned Point, const RunResult &Failure);
  // Whether the race is over and not yet recorded; then Record is filled,
  // the runs still in flight are dropped and every later call runs Final.
  // Under Mutex.
  bool finish(TuningRecord &Record);

  std::mutex Mutex;
  OnlineRace Race;
  std::vector<InFlightRun> InFlight;
  const unsigned DefaultPoint;
  const std::chrono::steady_clock::time_point Started;
  // Calls and seconds of the earlier processes' part of the race.
  double EarlierSeconds = 0;
  unsigned Calls = 0;
  // A run left the device unusable: the race ends, the default point is
  // kept, nothing is stored (as in the blocking tuner).
  bool Fatal = false;
  unsigned FatalPoint = 0;
  std::string FatalWhy;
  // The device became unusable with no run of the race to blame (the
  // backend's deviceLost()): the race ends, nothing is stored.
  std::string LostWhy;
  // Threads with a timed run under way: a call of this key from inside one
  // is nested, and runs the best so far untimed.
  std::vector<std::thread::id> Running;
  bool Finished = false;
  unsigned Final = 0; // the point every call runs once Finished
};

} // namespace autotune

#endif // AUTOTUNE_SRC_ONLINETUNING_H
