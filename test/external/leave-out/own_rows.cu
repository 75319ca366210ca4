// rows.cu with a definition of its own, which the rewrite must see: the
// source is rewritten into a mirror of its own, and the header's point that
// needs 64 KB of shared memory is left out there too.
#ifndef OWN_ROWS
#error "OWN_ROWS is a definition of this source's own"
#endif
#include "rows.cu"
