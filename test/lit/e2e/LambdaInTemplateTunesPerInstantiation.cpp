// A site in a lambda or a local class inside a template is a site of its
// own in each instantiation of every template around it, as a site directly
// in a function template is: each instantiation tunes and stores its own
// winner, and none runs another's from the cache. The shapes: a lambda in a
// function template, a local class's member, a lambda in a generic lambda,
// a lambda in a member template of a class template, a lambda in a
// variable template. (clang's __PRETTY_FUNCTION__ names none of the outer
// arguments in these.)
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t > %t.log 2>&1
// RUN: %FileCheck %s < %t.log
// RUN: %FileCheck %s --check-prefix=NESTED < %t.log
// Each instantiation has its own entry.
// RUN: ls %t.cache | grep -c json | %FileCheck %s --check-prefix=FILES
// FILES: 12
// The second run reads each back; none tunes.
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=WARM --allow-empty
// WARM-NOT: variants, winner

#include <autotune/autotune.h>

template <int A> void work(int *x) { *x += A; }

template <class T> void inLambda(int *x) {
  auto Run = [&] {
#pragma autotune space(A = {1, 2}) name("lambda")
    work<A>(x);
  };
  Run();
}

template <class T> void inLocalClass(int *x) {
  struct Local {
    static void run(int *x) {
#pragma autotune space(A = {1, 2}) name("local")
      work<A>(x);
    }
  };
  Local::run(x);
}

template <class T> void inNestedLambda(int *x) {
  auto Outer = [&](auto Tag) {
    auto Inner = [&] {
#pragma autotune space(A = {1, 2}) name("nested")
      work<A>(x);
    };
    Inner();
  };
  Outer(0);
  Outer(0.0);
}

template <class T> struct Holder {
  template <int N> void run(int *x) {
    [&] {
#pragma autotune space(A = {1, 2}) name("member")
      work<A>(x);
    }();
  }
};

template <class T> auto InVariable = [](int *x) {
#pragma autotune space(A = {1, 2}) name("variable")
  work<A>(x);
};

int main() {
  int x = 0;
  inLambda<int>(&x);
  inLambda<double>(&x);
  inLocalClass<int>(&x);
  inLocalClass<char>(&x);
  inNestedLambda<int>(&x);  // two instantiations of the generic lambda
  inNestedLambda<long>(&x); // and two more
  Holder<int>().run<1>(&x);
  Holder<int>().run<2>(&x);
  InVariable<int>(&x);
  InVariable<short>(&x);
  return 0;
}
// CHECK-DAG: autotune: lambda[inLambda<int>] device=host{{.*}}: 2/2 variants, winner
// CHECK-DAG: autotune: lambda[inLambda<double>] device=host{{.*}}: 2/2 variants, winner
// CHECK-DAG: autotune: local[inLocalClass<int>] device=host{{.*}}: 2/2 variants, winner
// CHECK-DAG: autotune: local[inLocalClass<char>] device=host{{.*}}: 2/2 variants, winner
// CHECK-DAG: autotune: member[Holder<int>::run<1>] device=host{{.*}}: 2/2 variants, winner
// CHECK-DAG: autotune: member[Holder<int>::run<2>] device=host{{.*}}: 2/2 variants, winner
// CHECK-DAG: autotune: variable[InVariable<int>] device=host{{.*}}: 2/2 variants, winner
// CHECK-DAG: autotune: variable[InVariable<short>] device=host{{.*}}: 2/2 variants, winner
// NESTED-COUNT-4: autotune: nested[inNestedLambda<{{int|long}}>] device=host{{.*}}: 2/2 variants, winner
