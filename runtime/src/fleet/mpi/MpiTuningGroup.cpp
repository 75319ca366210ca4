// autotune_mpi (autotune/mpi.h): a TuningGroup over an MPI communicator.
// begin() is one allgather of a fixed-size record per process (which site,
// key, device model, stored result), from which every process computes the
// same plan; the processes of a device model that must tune get a
// communicator of their own (MPI_Comm_split) for agree(), one allgather of
// every point's relative time.
#include "autotune/mpi.h"

#include "cache/CacheIdentity.h"
#include "fleet/TuningGroup.h"
#include "support/TextFormat.h"
#include "tune/SpaceSearch.h"
#include "tune/TuningLog.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace autotune {
namespace mpi {
namespace {

thread_local int AloneDepth = 0;
// Set from a begin() that planned a tuning together to its agree(): a
// variant measured meanwhile that reaches another site's first call cannot
// take part in a collective (the others measure other points), so that
// call is this process's own.
thread_local bool InTuningTogether = false;

// What each process brings to begin(); compared field by field.
struct Arrival {
  std::uint64_t Site;  // label, function, context, fingerprint
  std::uint64_t Key;   // the key's values
  std::uint64_t Model; // the device model's name
  std::int32_t Stored; // the stored result's point, or -1
  std::uint32_t NumPoints;
};

std::uint64_t siteHash(const SiteInfo &Info) {
  return stableHash(siteLabel(Info) + '\0' +
                    (Info.Function ? Info.Function : "") + '\0' +
                    siteContext(Info) + '\0' + hex64(Info.Fingerprint));
}

std::uint64_t keyHash(const long long *Key, unsigned KeyCount) {
  return stableHash(std::to_string(KeyCount) + formatKey(Key, KeyCount));
}

// How long a process waits at a site's first call for the others before it
// says so (and goes on waiting: a collective cannot be abandoned).
constexpr int PatienceSeconds = 60;

// What the records of begin() decide for this process's device model, and
// whether any model tunes.
struct ModelDecision {
  int Stored = -1;       // a stored point of one of its processes, or -1
  int Members = 0;       // its processes
  bool ITune = false;    // this process's model tunes (together)
  bool AnyTunes = false; // some model tunes: every process splits
  int Color = 0;         // this model's communicator, when ITune
};

// Every process computes every model's decision from the same records: a
// model tunes when none of its processes has a stored result.
ModelDecision decide(const std::vector<Arrival> &All, std::uint64_t Mine) {
  std::vector<std::uint64_t> Models;
  for (const Arrival &A : All)
    Models.push_back(A.Model);
  std::sort(Models.begin(), Models.end());
  Models.erase(std::unique(Models.begin(), Models.end()), Models.end());
  auto Decide = [&](std::uint64_t M, int &Stored, int &Members) {
    Stored = -1;
    Members = 0;
    for (const Arrival &A : All)
      if (A.Model == M) {
        ++Members;
        if (Stored < 0 && A.Stored >= 0)
          Stored = A.Stored;
      }
  };
  ModelDecision D;
  for (std::uint64_t M : Models) {
    int Stored, Members;
    Decide(M, Stored, Members);
    D.AnyTunes |= Stored < 0 && Members > 1;
  }
  Decide(Mine, D.Stored, D.Members);
  D.ITune = D.Stored < 0 && D.Members > 1;
  D.Color = static_cast<int>(
      std::lower_bound(Models.begin(), Models.end(), Mine) - Models.begin());
  return D;
}

// The points (the default point aside) that the process of rank Index in
// a tuning of Members processes measures.
std::vector<unsigned> shareOf(const SiteInfo &Info, int Index, int Members) {
  std::vector<unsigned> Share;
  bool Budgeted = searchesWithBudget(Info);
  unsigned Nth = 0;
  for (unsigned P = 0; P < Info.NumPoints; ++P) {
    if (P == Info.DefaultPoint)
      continue;
    // budget(n) searches from the default point, step by step: the first
    // process searches, the others measure the reference only.
    if (Budgeted ? Index == 0
                 : Nth % static_cast<unsigned>(Members) ==
                       static_cast<unsigned>(Index))
      Share.push_back(P);
    ++Nth;
  }
  return Share;
}

class MpiTuningGroup final : public TuningGroup {
public:
  explicit MpiTuningGroup(MPI_Comm Program) {
    MPI_Comm_dup(Program, &Comm);
    MPI_Comm_rank(Comm, &Rank);
    MPI_Comm_size(Comm, &Size);
    MPI_Query_thread(&ThreadLevel);
  }
  ~MpiTuningGroup() override {
    int Finalized = 0;
    MPI_Finalized(&Finalized);
    if (!Finalized)
      MPI_Comm_free(&Comm);
  }

  // Returns once no tuning of this process is between begin() and agree().
  void waitForTunings() { std::lock_guard<std::mutex> Lock(Mutex); }

  // Every process makes the same MPI calls in the same order: the
  // allgather, then (where any model tunes) the split; what they decide
  // between them is computed alike from the same records.
  GroupPlan begin(const SiteInfo &Info, const std::string &Model,
                  const long long *Key, unsigned KeyCount,
                  int StoredPoint) override {
    if (AloneDepth > 0 || InTuningTogether || Size == 1 ||
        !threadMayCommunicate())
      return GroupPlan();
    std::unique_lock<std::mutex> Lock(Mutex);
    std::string Where = describeTuning(Info, Key, KeyCount, Model);
    Arrival Mine{siteHash(Info), keyHash(Key, KeyCount), stableHash(Model),
                 StoredPoint, static_cast<std::uint32_t>(Info.NumPoints)};
    // A (site, key) some process met with another: alone from then on, on
    // every process alike (they all saw the same records).
    if (AloneKeys.count({Mine.Site, Mine.Key}))
      return GroupPlan();
    std::vector<Arrival> All(static_cast<std::size_t>(Size));
    allgatherPatiently(&Mine, All.data(), Where);
    if (!sameSiteEverywhere(All, Mine, Info, Where))
      return GroupPlan();

    ModelDecision Decision = decide(All, Mine.Model);
    if (Decision.AnyTunes)
      MPI_Comm_split(Comm, Decision.ITune ? Decision.Color : MPI_UNDEFINED,
                     Rank, &Tuning);
    GroupPlan Plan;
    Plan.Members = static_cast<unsigned>(Decision.Members);
    if (Decision.Stored >= 0) {
      Plan.What = GroupPlan::Stored;
      Plan.StoredPoint = static_cast<unsigned>(Decision.Stored);
      return Plan;
    }
    if (!Decision.ITune)
      return GroupPlan();
    int Index;
    MPI_Comm_rank(Tuning, &Index);
    Plan.What = GroupPlan::Tune;
    Plan.Share = shareOf(Info, Index, Decision.Members);
    // Held until agree(): one tuning of this process at a time uses Tuning.
    Lock.release();
    InTuningTogether = true;
    return Plan;
  }

  void agree(const SiteInfo &, std::vector<PointTimes> &Times) override {
    std::unique_lock<std::mutex> Lock(Mutex, std::adopt_lock);
    InTuningTogether = false;
    int Members;
    MPI_Comm_size(Tuning, &Members);
    // Each point's fastest run and median, side by side.
    int N = static_cast<int>(Times.size());
    std::vector<double> Mine;
    for (const PointTimes &T : Times)
      Mine.insert(Mine.end(), {T.Best, T.Median});
    std::vector<double> All(Mine.size() * static_cast<std::size_t>(Members));
    MPI_Allgather(Mine.data(), 2 * N, MPI_DOUBLE, All.data(), 2 * N, MPI_DOUBLE,
                  Tuning);
    MPI_Comm_free(&Tuning);
    // A point measured by several (the default point, by all): the times
    // of the member with the fastest run, the first of equals.
    for (int P = 0; P < N; ++P) {
      PointTimes Merged;
      for (int M = 0; M < Members; ++M) {
        const double *T = &All[(static_cast<std::size_t>(M) * N + P) * 2];
        if (T[0] >= 0 && (Merged.Best < 0 || T[0] < Merged.Best))
          Merged = {T[0], T[1]};
      }
      Times[static_cast<std::size_t>(P)] = Merged;
    }
  }

private:
  // The runtime communicates at a site's first call, whenever that is:
  // from any thread only under MPI_THREAD_MULTIPLE; below it, from MPI's
  // main thread, where the program's own MPI calls are then made too.
  bool threadMayCommunicate() {
    if (ThreadLevel >= MPI_THREAD_MULTIPLE)
      return true;
    int Main = 0;
    MPI_Is_thread_main(&Main);
    if (Main)
      return true;
    std::call_once(ThreadWarning, [] {
      logLine("warning: tuning together: a site was first called on a "
              "thread other than MPI's main thread, and MPI was initialised "
              "below MPI_THREAD_MULTIPLE; such tunings are this process's "
              "own, and every process must then call the site first on such "
              "a thread too (MPI_Init_thread with MPI_THREAD_MULTIPLE lets "
              "any thread tune together)");
    });
    return false;
  }

  void allgatherPatiently(const Arrival *Mine, Arrival *All,
                          const std::string &Where) {
    MPI_Request Request;
    MPI_Iallgather(Mine, sizeof(Arrival), MPI_BYTE, All, sizeof(Arrival),
                   MPI_BYTE, Comm, &Request);
    auto Start = std::chrono::steady_clock::now();
    bool Warned = false;
    for (int Done = 0;;) {
      MPI_Test(&Request, &Done, MPI_STATUS_IGNORE);
      if (Done)
        return;
      if (!Warned && std::chrono::steady_clock::now() - Start >
                         std::chrono::seconds(PatienceSeconds)) {
        Warned = true;
        logLine("warning: " + Where + ": waited " +
                std::to_string(PatienceSeconds) +
                " s for the other processes to reach this "
                "site's first call for this key (tuning together: every "
                "process must reach it; docs/user-guide.md, 'Many "
                "processes'); still waiting");
      }
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }

  // Everyone learns who is where, and says it; each then tunes alone.
  // Whether every process arrived at this site and key with the same
  // space; if not, they all tune it alone from now on, and say so.
  bool sameSiteEverywhere(const std::vector<Arrival> &All, const Arrival &Mine,
                          const SiteInfo &Info, const std::string &Where) {
    for (const Arrival &A : All)
      if (A.Site != Mine.Site || A.Key != Mine.Key ||
          A.NumPoints != Mine.NumPoints) {
        for (const Arrival &Each : All)
          AloneKeys.insert({Each.Site, Each.Key});
        // The same site and key built with another space (or other code)
        // reads the same: its space and fingerprint tell them apart.
        reportMismatch(
            Where + ", a space of " +
            plural(static_cast<long long>(Info.NumPoints), "point", "points") +
            " (fingerprint " + hex64(Info.Fingerprint) + ")");
        return false;
      }
    return true;
  }

  void reportMismatch(const std::string &Where) {
    int Length = static_cast<int>(Where.size());
    std::vector<int> Lengths(static_cast<std::size_t>(Size));
    MPI_Allgather(&Length, 1, MPI_INT, Lengths.data(), 1, MPI_INT, Comm);
    std::vector<int> Offsets(static_cast<std::size_t>(Size));
    int Total = 0;
    for (int R = 0; R < Size; ++R) {
      Offsets[R] = Total;
      Total += Lengths[R];
    }
    std::string Text(static_cast<std::size_t>(Total), '\0');
    MPI_Allgatherv(Where.data(), Length, MPI_CHAR, &Text[0], Lengths.data(),
                   Offsets.data(), MPI_CHAR, Comm);
    // Each place once, with how many processes are there and the first of
    // them: on a large job the odd one out is named, not drowned.
    std::vector<std::pair<std::string, std::vector<int>>> Places;
    for (int R = 0; R < Size; ++R) {
      std::string Place = Text.substr(static_cast<std::size_t>(Offsets[R]),
                                      static_cast<std::size_t>(Lengths[R]));
      auto It = std::find_if(Places.begin(), Places.end(),
                             [&](const auto &P) { return P.first == Place; });
      if (It == Places.end())
        Places.push_back({Place, {R}});
      else
        It->second.push_back(R);
    }
    std::string Who;
    for (const auto &[Place, Ranks] : Places)
      Who +=
          (Who.empty() ? "" : "; ") +
          (Ranks.size() == 1
               ? "rank " + std::to_string(Ranks[0])
               : plural(static_cast<long long>(Ranks.size()), "rank", "ranks") +
                     " (" + std::to_string(Ranks[0]) + ", ...)") +
          ": " + Place;
    logLine("error: tuning together: the processes reached different sites, "
            "keys or spaces at once (" +
            Who +
            "); each tunes this call alone, and their winners may differ. "
            "Every process must reach a site's first call for a key "
            "together (docs/user-guide.md, 'Many processes'), or tune it "
            "inside an autotune::mpi::Alone scope");
  }

  MPI_Comm Comm = MPI_COMM_NULL;
  MPI_Comm Tuning = MPI_COMM_NULL; // from begin() to agree()
  std::set<std::pair<std::uint64_t, std::uint64_t>> AloneKeys;
  int Rank = 0, Size = 1, ThreadLevel = MPI_THREAD_SINGLE;
  std::mutex Mutex;
  std::once_flag ThreadWarning;
};

// Not destroyed at exit (a program that never calls tuneAlone() may have
// finalised MPI by then): tuneAlone() frees it.
MpiTuningGroup *Current = nullptr;

} // namespace

void tuneTogether(MPI_Comm Comm) {
  tuneAlone();
  Current = new MpiTuningGroup(Comm);
  setTuningGroup(Current);
}

void tuneAlone() {
  setTuningGroup(nullptr);
  if (!Current)
    return;
  // A tuning of another thread between begin() and agree() ends first.
  Current->waitForTunings();
  delete Current;
  Current = nullptr;
}

Alone::Alone() { ++AloneDepth; }
Alone::~Alone() { --AloneDepth; }

} // namespace mpi
} // namespace autotune
