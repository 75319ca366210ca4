// What autotune-cache plot writes is a picture a browser draws: headless
// Chromium renders the SVG of a two-parameter site, and the screenshot is
// not blank and shows the winner's outline colour (#d6006f) and the heat
// map's palette (its fastest colour, #fde725).
// REQUIRES: chromium
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.profile %t.png
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache plot rendered --output %t.svg
// RUN: timeout 60 %chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=%t.profile --screenshot=%t.png --window-size=900,700 %t.svg
// RUN: %python %S/Inputs/png_colours.py %t.png "#d6006f" "#fde725" "#123456" | %FileCheck %s

#include <autotune/autotune.h>

#include <chrono>
#include <thread>

// A = 2, B = 1 is fastest.
template <int A, int B> void work() {
  int Units = A == 2 && B == 1 ? 1 : 2 * A + B;
  std::this_thread::sleep_for(std::chrono::microseconds(100 * Units));
}

int main() {
#pragma autotune space(A = {1, 2, 4}, B = {1, 2}) name("rendered")
  work<A, B>();
  return 0;
}
// CHECK:      blank: no
// CHECK-NEXT: #d6006f: present
// CHECK-NEXT: #fde725: present
// CHECK-NEXT: #123456: absent
