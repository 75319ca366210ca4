// CUDA's half and bfloat16 headers, where the toolkit has them: autotune.h
// includes this under a CUDA compiler, as it has since the first version, so
// code that names __half after including only autotune.h keeps compiling.
// How verify(...) compares such buffers (by value, within the tolerance) is
// autotune.h's ElementTraits, whichever compiler and includes.
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
