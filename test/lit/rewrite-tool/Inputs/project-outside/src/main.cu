#ifdef OUTSIDE_AS_SYSTEM
#include <outside.cuh>
#else
#include "../lib/outside.cuh"
#endif
void run(int *x) { fillRun(x); }
