// Processes that tune together (the optional autotune_mpi library, docs/
// user-guide.md "Many processes"): when a (site, device model, key) has no
// result in this process, every member of the group reaches it at the same
// time (the collective contract), and they agree, first on a stored result
// any of them has, else on who measures which points; after measuring, on
// one winner. The runtime calls the group from the slow path, one tuning at
// a time; the group does the communication.
#ifndef AUTOTUNE_SRC_TUNINGGROUP_H
#define AUTOTUNE_SRC_TUNINGGROUP_H

#include "autotune/autotune.h"
#include "tune/RaceRules.h"

#include <string>
#include <vector>

namespace autotune {

// What the group decided for one (site, device model, key).
struct GroupPlan {
  enum Kind {
    Alone,  // not together (a group of one, a mismatch reported, the way
            // out taken): this process looks up and tunes by itself
    Stored, // a member has a stored result: StoredPoint, for every member
    Tune,   // measure Share (the default point is measured by everyone, as
            // the common reference), then agree()
  } What = Alone;
  unsigned StoredPoint = 0;
  std::vector<unsigned> Share; // points this member measures, default aside
  unsigned Members = 1;        // members of the same device model
};

class TuningGroup {
public:
  virtual ~TuningGroup();

  // StoredPoint: this process's stored result for the key (the cache, the
  // shipped results), or -1. Model: the device model's name.
  virtual GroupPlan begin(const SiteInfo &Info, const std::string &Model,
                          const long long *Key, unsigned KeyCount,
                          int StoredPoint) = 0;

  // After measuring the plan's share: Times[I] is point I's times (its
  // fastest run and median) over this member's default point's fastest
  // run; a negative Best where this member did not measure I or I cannot
  // win (failed, rejected, cut). Fills Times with every member's
  // measurements, the same on every member: where several measured a point
  // (the default point, all of them), the times of the one with the
  // fastest run. The runtime then decides with the rules of a tuning alone
  // (RaceRules.h, choosePoint), so every member reaches the same winner.
  virtual void agree(const SiteInfo &Info, std::vector<PointTimes> &Times) = 0;
};

// The group the slow path consults; null (the default): every process
// tunes by itself. Set by autotune_mpi; not owned.
void setTuningGroup(TuningGroup *Group);
TuningGroup *tuningGroup();

} // namespace autotune

#endif // AUTOTUNE_SRC_TUNINGGROUP_H
