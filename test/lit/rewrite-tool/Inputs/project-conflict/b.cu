#define SHARED_VALUES {1, 3}
#include "shared.cuh"
