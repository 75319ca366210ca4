// Intentionally empty. CUDA 13 removed texture_fetch_functions.h, but clang
// 19's
// __clang_cuda_runtime_wrapper.h still includes it; this file, on an -isystem
// path, satisfies that include. Texture fetches themselves come from clang's
// own
// __clang_cuda_texture_intrinsics.h, so nothing is lost.
