// CUDA element types for verify(...): __half and __nv_bfloat16 are compared
// as floating point within the tolerance, not bytewise. It must be included
// before the site whose verify(...) names such a buffer; without it they are
// compared bytewise (exactly).
#ifndef AUTOTUNE_CUDA_H
#define AUTOTUNE_CUDA_H

#include "autotune/autotune.h"

// The headers are included rather than detected after the fact: a
// specialisation that depends on include order would let a verify buffer be
// compared bytewise in one file and by value in another. __has_include keeps
// this header usable where the toolkit is older or absent.
#if __has_include(<cuda_fp16.h>)
#include <cuda_fp16.h>
#define AUTOTUNE_HAVE_CUDA_FP16 1
#endif
#if __has_include(<cuda_bf16.h>)
#include <cuda_bf16.h>
#define AUTOTUNE_HAVE_CUDA_BF16 1
#endif

namespace autotune {

#ifdef AUTOTUNE_HAVE_CUDA_FP16
template <> struct ElementTraits<__half> {
  static constexpr ElementKind Kind = ElementKind::Float16;
};
#endif

#ifdef AUTOTUNE_HAVE_CUDA_BF16
template <> struct ElementTraits<__nv_bfloat16> {
  static constexpr ElementKind Kind = ElementKind::BFloat16;
};
#endif

} // namespace autotune

#endif // AUTOTUNE_CUDA_H
