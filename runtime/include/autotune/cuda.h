// autotune.h with CUDA's half and bfloat16 headers, where the toolkit has
// them: what autotune.h gave CUDA code until it stopped including them,
// since they cost nvcc 0.5 s in each translation unit. Code that names
// __half and included only autotune.h includes this instead (or
// cuda_fp16.h). How verify(...) compares such buffers (by value, within the
// tolerance) is autotune.h's ElementTraits, whichever compiler and includes.
#ifndef AUTOTUNE_CUDA_H
#define AUTOTUNE_CUDA_H

#include "autotune/autotune.h"

#if __has_include(<cuda_fp16.h>)
#include <cuda_fp16.h>
#endif
#if __has_include(<cuda_bf16.h>)
#include <cuda_bf16.h>
#endif

#endif // AUTOTUNE_CUDA_H
