// 'name("id")' is the site's name in SiteInfo (for logs and the cache);
// without it the name is "file:callee" (no line, which unrelated edits move).
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int A> void work(int *x) { x[0] = A; }
struct Engine { template <int A> void step(int *x) { x[0] = A; } };

void named(int *x) {
#pragma autotune space(A = {1, 2}) name("gemm/tile")
  work<A>(x);
  // CHECK-LABEL: void named(int *x) {
  // CHECK-NEXT: __autotune_info = {"gemm/tile", "{{[^"]*}}Name.cpp", [[#@LINE-3]],
  // SRC-LABEL: void named(int *x) {
  // SRC-NEXT: __autotune_info = {"gemm/tile", "{{[^"]*}}Name.cpp", [[#@LINE-5]],
}

void escaped(int *x) {
#pragma autotune space(A = {1, 2}) name("a \"quoted\" name")
  work<A>(x);
  // CHECK-LABEL: void escaped(int *x) {
  // CHECK-NEXT: __autotune_info = {"a \"quoted\" name",
}

void default_name(int *x) {
#pragma autotune space(A = {1, 2})
  work<A>(x);
  // CHECK-LABEL: void default_name(int *x) {
  // CHECK-NEXT: __autotune_info = {"Name.cpp:work", "{{[^"]*}}Name.cpp", [[#@LINE-3]],
  // SRC-LABEL: void default_name(int *x) {
  // SRC-NEXT: __autotune_info = {"Name.cpp:work", "{{[^"]*}}Name.cpp", [[#@LINE-5]],
}

void default_name_member_call(Engine &e, int *x) {
#pragma autotune space(A = {1, 2})
  e.step<A>(x);
  // CHECK-LABEL: void default_name_member_call(Engine &e, int *x) {
  // CHECK-NEXT: __autotune_info = {"Name.cpp:e.step",
}
