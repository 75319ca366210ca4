// autotune_mpi (autotune/mpi.h): a TuningGroup over an MPI communicator.
// begin() is one allgather of a fixed-size record per process (which site,
// key, device model, stored result), from which every process computes the
// same plan; the processes of a device model that must tune get a
// communicator of their own (MPI_Comm_split) for agree(), one allgather of
// every point's relative time.
#include "autotune/mpi.h"

#include "CacheIdentity.h"
#include "TextFormat.h"
#include "TuningGroup.h"
#include "TuningLog.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace autotune {
namespace mpi {
namespace {

thread_local int AloneDepth = 0;

// What each process brings to begin(); compared field by field.
struct Arrival {
  std::uint64_t Site;  // label, function, fingerprint
  std::uint64_t Key;   // the key's values
  std::uint64_t Model; // the device model's name
  std::int32_t Stored; // the stored result's point, or -1
  std::uint32_t NumPoints;
};

std::uint64_t siteHash(const SiteInfo &Info) {
  return stableHash(siteLabel(Info) + '\0' +
                    (Info.Function ? Info.Function : "") + '\0' +
                    hex64(Info.Fingerprint));
}

std::uint64_t keyHash(const long long *Key, unsigned KeyCount) {
  return stableHash(std::to_string(KeyCount) + formatKey(Key, KeyCount));
}

// How long a process waits at a site's first call for the others before it
// says so (and goes on waiting: a collective cannot be abandoned).
constexpr auto PatienceBeforeWarning = std::chrono::seconds(60);

class MpiTuningGroup final : public TuningGroup {
public:
  explicit MpiTuningGroup(MPI_Comm Program) {
    MPI_Comm_dup(Program, &Comm);
    MPI_Comm_rank(Comm, &Rank);
    MPI_Comm_size(Comm, &Size);
    MPI_Query_thread(&ThreadLevel);
  }
  ~MpiTuningGroup() override { MPI_Comm_free(&Comm); }

  GroupPlan begin(const SiteInfo &Info, const std::string &Model,
                  const long long *Key, unsigned KeyCount,
                  int StoredPoint) override {
    if (AloneDepth > 0 || Size == 1 || !threadMayCommunicate())
      return GroupPlan();
    std::unique_lock<std::mutex> Lock(Mutex);
    std::string Where = describeTuning(Info, Key, KeyCount, Model);
    Arrival Mine{siteHash(Info), keyHash(Key, KeyCount), stableHash(Model),
                 StoredPoint, static_cast<std::uint32_t>(Info.NumPoints)};
    std::vector<Arrival> All(static_cast<std::size_t>(Size));
    allgatherPatiently(&Mine, All.data(), Where);

    for (const Arrival &A : All)
      if (A.Site != Mine.Site || A.Key != Mine.Key ||
          A.NumPoints != Mine.NumPoints) {
        reportMismatch(Where);
        return GroupPlan();
      }

    // Every process computes every model's decision from the same records:
    // a model tunes when none of its processes has a stored result.
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
    bool AnyTunes = false;
    for (std::uint64_t M : Models) {
      int Stored, Members;
      Decide(M, Stored, Members);
      AnyTunes |= Stored < 0 && Members > 1;
    }
    int Stored, Members;
    Decide(Mine.Model, Stored, Members);
    bool ITune = Stored < 0 && Members > 1;
    if (AnyTunes) {
      int Color =
          ITune ? static_cast<int>(std::lower_bound(Models.begin(),
                                                    Models.end(), Mine.Model) -
                                   Models.begin())
                : MPI_UNDEFINED;
      MPI_Comm_split(Comm, Color, Rank, &Tuning);
    }

    GroupPlan Plan;
    Plan.Members = static_cast<unsigned>(Members);
    if (Stored >= 0) {
      Plan.What = GroupPlan::Stored;
      Plan.StoredPoint = static_cast<unsigned>(Stored);
      return Plan;
    }
    if (!ITune)
      return GroupPlan();
    int Index;
    MPI_Comm_rank(Tuning, &Index);
    Plan.What = GroupPlan::Tune;
    bool Budgeted = Info.Budget > 0 && Info.Budget < Info.NumPoints;
    unsigned Nth = 0;
    for (unsigned P = 0; P < Info.NumPoints; ++P) {
      if (P == Info.DefaultPoint)
        continue;
      // budget(n) searches from the default point, step by step: the first
      // process searches, the others measure the reference only.
      if (Budgeted ? Index == 0
                   : Nth % static_cast<unsigned>(Members) ==
                         static_cast<unsigned>(Index))
        Plan.Share.push_back(P);
      ++Nth;
    }
    // Held until agree(): one tuning of this process at a time uses Tuning.
    Lock.release();
    return Plan;
  }

  unsigned agree(const SiteInfo &Info, std::vector<double> &Relative) override {
    std::unique_lock<std::mutex> Lock(Mutex, std::adopt_lock);
    int Members;
    MPI_Comm_size(Tuning, &Members);
    int N = static_cast<int>(Relative.size());
    std::vector<double> All(Relative.size() *
                            static_cast<std::size_t>(Members));
    MPI_Allgather(Relative.data(), N, MPI_DOUBLE, All.data(), N, MPI_DOUBLE,
                  Tuning);
    MPI_Comm_free(&Tuning);
    // A point measured by several (the default point, by all): the fastest.
    for (int P = 0; P < N; ++P) {
      double Best = -1;
      for (int M = 0; M < Members; ++M) {
        double V = All[static_cast<std::size_t>(M) * N + P];
        if (V >= 0 && (Best < 0 || V < Best))
          Best = V;
      }
      Relative[static_cast<std::size_t>(P)] = Best;
    }
    // Strictly faster only, as a tuning alone decides: on a tie the default
    // point, then the lower index.
    unsigned Winner = Info.DefaultPoint;
    for (unsigned P = 0; P < Relative.size(); ++P)
      if (Relative[P] >= 0 &&
          (Relative[Winner] < 0 || Relative[P] < Relative[Winner]))
        Winner = P;
    return Winner;
  }

private:
  // MPI below MPI_THREAD_SERIALIZED allows calls from the main thread only.
  bool threadMayCommunicate() {
    if (ThreadLevel >= MPI_THREAD_SERIALIZED)
      return true;
    int Main = 0;
    MPI_Is_thread_main(&Main);
    if (Main)
      return true;
    std::call_once(ThreadWarning, [] {
      logLine("warning: tuning together: a site was first called on a "
              "thread other than MPI's main thread, and MPI was initialised "
              "below MPI_THREAD_SERIALIZED; such tunings are this "
              "process's own (MPI_Init_thread with MPI_THREAD_SERIALIZED "
              "lets them tune together)");
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
      if (!Warned &&
          std::chrono::steady_clock::now() - Start > PatienceBeforeWarning) {
        Warned = true;
        logLine("warning: " + Where +
                ": waited 60 s for the other processes to reach this "
                "site's first call for this key (tuning together: every "
                "process must reach it; docs/user-guide.md, 'Many "
                "processes'); still waiting");
      }
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }

  // Everyone learns who is where, and says it; each then tunes alone.
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
    std::string Who;
    constexpr int Shown = 8;
    for (int R = 0; R < Size && R < Shown; ++R)
      Who += (R ? "; rank " : "rank ") + std::to_string(R) + ": " +
             Text.substr(static_cast<std::size_t>(Offsets[R]),
                         static_cast<std::size_t>(Lengths[R]));
    if (Size > Shown)
      Who += "; ...";
    logLine("error: tuning together: the processes reached different sites "
            "or keys at once (" +
            Who +
            "); each tunes this call alone, and their winners may differ. "
            "Every process must reach a site's first call for a key "
            "together (docs/user-guide.md, 'Many processes'), or tune it "
            "inside an autotune::mpi::Alone scope");
  }

  MPI_Comm Comm = MPI_COMM_NULL;
  MPI_Comm Tuning = MPI_COMM_NULL; // from begin() to agree()
  int Rank = 0, Size = 1, ThreadLevel = MPI_THREAD_SINGLE;
  std::mutex Mutex;
  std::once_flag ThreadWarning;
};

std::unique_ptr<MpiTuningGroup> Current;

} // namespace

void tuneTogether(MPI_Comm Comm) {
  setTuningGroup(nullptr);
  Current = std::make_unique<MpiTuningGroup>(Comm);
  setTuningGroup(Current.get());
}

void tuneAlone() {
  setTuningGroup(nullptr);
  Current.reset();
}

Alone::Alone() { ++AloneDepth; }
Alone::~Alone() { --AloneDepth; }

} // namespace mpi
} // namespace autotune
