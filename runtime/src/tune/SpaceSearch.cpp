// Budgeted search over the points of a site. The points are the grid of the
// space() clause, or the configs() list, less what where() removed, so a
// neighbour of a point along one parameter is the nearest point that differs
// from it in that parameter only; the search never assumes the grid is
// complete.
#include "tune/SpaceSearch.h"

#include <algorithm>
#include <limits>
#include <map>
#include <vector>

namespace autotune {
namespace {

std::uint64_t splitMix64(std::uint64_t &State) {
  std::uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  return Z ^ (Z >> 31);
}

class Search {
public:
  Search(const SiteInfo &Info, unsigned Budget, std::uint64_t Seed,
         const std::function<Probe(unsigned)> &Measure)
      : Info(Info), Budget(Budget), Seed(Seed), Measure(Measure),
        Times(Info.NumPoints, Unmeasured) {
    // Each point as ranks of its values along every axis, so that "the next
    // value of parameter P" is a rank plus or minus one.
    Axes.resize(Info.NumParams);
    for (unsigned P = 0; P < Info.NumParams; ++P) {
      for (unsigned I = 0; I < Info.NumPoints; ++I)
        Axes[P].push_back(value(I, P));
      std::sort(Axes[P].begin(), Axes[P].end());
      Axes[P].erase(std::unique(Axes[P].begin(), Axes[P].end()), Axes[P].end());
    }
    for (unsigned I = 0; I < Info.NumPoints; ++I)
      ByCoordinates.emplace(coordinates(I), I);
  }

  void run() {
    unsigned Current = Info.DefaultPoint;
    if (!measure(Current))
      return;
    std::vector<unsigned> RandomOrder = shuffledPoints();
    std::size_t NextRandom = 0;
    while (!Stopped) {
      Current = descend(Current);
      if (Stopped || Used >= Budget)
        return;
      // A local optimum: spend what is left on points the descent would not
      // reach, and descend again from any that is better.
      while (NextRandom < RandomOrder.size() &&
             Times[RandomOrder[NextRandom]] != Unmeasured)
        ++NextRandom;
      if (NextRandom == RandomOrder.size())
        return;
      unsigned Candidate = RandomOrder[NextRandom++];
      if (!measure(Candidate))
        return;
      if (Times[Candidate] < Times[Current])
        Current = Candidate;
    }
  }

private:
  static constexpr double Unmeasured = -1;
  static constexpr double Failed = std::numeric_limits<double>::infinity();

  long long value(unsigned Point, unsigned Param) const {
    return Info.Points[Point * Info.NumParams + Param];
  }

  std::vector<unsigned> coordinates(unsigned Point) const {
    std::vector<unsigned> C(Info.NumParams);
    for (unsigned P = 0; P < Info.NumParams; ++P)
      C[P] = static_cast<unsigned>(
          std::lower_bound(Axes[P].begin(), Axes[P].end(), value(Point, P)) -
          Axes[P].begin());
    return C;
  }

  // The nearest point in direction Step along Param, all else equal; -1 if
  // there is none.
  long neighbour(unsigned Point, unsigned Param, int Step) const {
    std::vector<unsigned> C = coordinates(Point);
    for (long Rank = static_cast<long>(C[Param]) + Step;
         Rank >= 0 && Rank < static_cast<long>(Axes[Param].size());
         Rank += Step) {
      C[Param] = static_cast<unsigned>(Rank);
      auto It = ByCoordinates.find(C);
      if (It != ByCoordinates.end())
        return It->second;
    }
    return -1;
  }

  // Measures Point unless it has been; false once the search must end.
  bool measure(unsigned Point) {
    if (Times[Point] != Unmeasured)
      return true;
    if (Stopped || Used >= Budget)
      return false;
    ++Used;
    Probe R = Measure(Point);
    Times[Point] = R.Ok ? R.Seconds : Failed;
    Stopped = R.Stop;
    return !Stopped;
  }

  // Coordinate descent: along each parameter in turn, keep stepping in the
  // direction that improves; repeat the sweep until none does.
  unsigned descend(unsigned Current) {
    bool Moved = true;
    while (Moved) {
      Moved = false;
      for (unsigned P = 0; P < Info.NumParams; ++P) {
        for (int Step : {+1, -1}) {
          bool MovedThisWay = false;
          for (long Next = neighbour(Current, P, Step); Next >= 0;
               Next = neighbour(Current, P, Step)) {
            if (!measure(static_cast<unsigned>(Next)))
              return Current;
            if (!(Times[Next] < Times[Current]))
              break;
            Current = static_cast<unsigned>(Next);
            MovedThisWay = Moved = true;
          }
          if (MovedThisWay)
            break;
        }
      }
    }
    return Current;
  }

  std::vector<unsigned> shuffledPoints() const {
    std::vector<unsigned> Order(Info.NumPoints);
    for (unsigned I = 0; I < Info.NumPoints; ++I)
      Order[I] = I;
    std::uint64_t State = Seed;
    for (unsigned I = Info.NumPoints; I > 1; --I)
      std::swap(Order[I - 1], Order[splitMix64(State) % I]);
    return Order;
  }

  const SiteInfo &Info;
  unsigned Budget;
  std::uint64_t Seed;
  const std::function<Probe(unsigned)> &Measure;
  std::vector<double> Times; // Unmeasured, Failed or the probe's estimate
  std::vector<std::vector<long long>> Axes; // sorted distinct values
  std::map<std::vector<unsigned>, unsigned> ByCoordinates;
  unsigned Used = 0;
  bool Stopped = false;
};

} // namespace

void searchSpace(const SiteInfo &Info, unsigned Budget, std::uint64_t Seed,
                 const std::function<Probe(unsigned Point)> &Measure) {
  if (Info.NumPoints == 0 || Budget == 0)
    return;
  Search(Info, std::min(Budget, Info.NumPoints), Seed, Measure).run();
}

} // namespace autotune
