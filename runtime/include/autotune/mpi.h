// Tuning together over MPI (library autotune_mpi; docs/user-guide.md, "Many
// processes"). After tuneTogether(comm), the first call of a site for a key
// is collective over comm's processes of the same device model: they agree
// on a result any of them has stored, else split the points among them,
// each measures its share (and the default point, the common reference, so
// that a slower card does not bias the ranking), and all take the same
// winner. Every process of comm must reach a site's first call for a key
// together, with the same key, as with any collective; a mismatch is
// reported and each process then tunes alone. Code that cannot follow the
// contract tunes inside an autotune::mpi::Alone scope.
#ifndef AUTOTUNE_MPI_H
#define AUTOTUNE_MPI_H

#include <mpi.h>

namespace autotune {
namespace mpi {

// Collective over Comm (after MPI_Init): from now on this process tunes
// together with Comm's. Comm is duplicated, so autotune's messages never
// mix with the program's. Calling it again replaces the group.
void tuneTogether(MPI_Comm Comm);

// Collective over the group: ends tuning together (before MPI_Finalize).
void tuneAlone();

// While one exists on a thread, that thread's tunings are its process's
// own: for a site that only some processes reach, or reach with keys of
// their own. Nothing is exchanged.
class Alone {
public:
  Alone();
  ~Alone();
  Alone(const Alone &) = delete;
  Alone &operator=(const Alone &) = delete;
};

} // namespace mpi
} // namespace autotune

#endif // AUTOTUNE_MPI_H
