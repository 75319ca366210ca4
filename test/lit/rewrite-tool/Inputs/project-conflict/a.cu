#define SHARED_VALUES {1, 2}
#include "shared.cuh"
