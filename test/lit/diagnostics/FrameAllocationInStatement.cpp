// The tuned statement runs in a function of its own, so memory that 'alloca'
// takes from the frame is freed when the statement ends: a warning at the
// name as written (also through the <alloca.h> macro), with the fix.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <alloca.h>
#include <autotune/autotune.h>
#include <cstddef>

template <int B> void fill(void *p, std::size_t n);
template <int B> void *use(void *p);

void alloca_escapes(std::size_t n) {
  void *p = nullptr;
#pragma autotune space(B = {1, 2})
  p = use<B>(alloca(n)); // expected-warning {{memory from 'alloca' in the tuned statement is freed when the statement ends, not when the enclosing function returns: the statement runs in a function of its own; allocate before '#pragma autotune' if the memory must outlive the statement}}
  fill<1>(p, n);
}

void builtin_alloca(std::size_t n) {
#pragma autotune space(B = {1, 2})
  fill<B>(__builtin_alloca(n), n); // expected-warning {{memory from '__builtin_alloca' in the tuned statement is freed when the statement ends}}
#pragma autotune space(B = {1, 2})
  fill<B>(__builtin_alloca_with_align(n, 64), n); // expected-warning {{memory from '__builtin_alloca_with_align' in the tuned statement}}
}

// Allocated before the site, the memory is the enclosing function's.
void alloca_before_site(std::size_t n) {
  void *p = alloca(n);
#pragma autotune space(B = {1, 2})
  fill<B>(p, n);
}
