// autotune/results.h in a program: tuneNow() tunes a site from main() with
// arguments the program supplies, chosenPoint() reads the winner (to size a
// second buffer from the first site's result), and a later run reads the
// same winner from the cache without tuning. Before the site ran, and for a
// key it never met, the Choice says why it has none.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=FIRST
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=LATER --implicit-check-not=winner
// RUN: env AUTOTUNE=off %t 2>&1 | %FileCheck %s --check-prefix=OFF

#include <autotune/autotune.h>
#include <autotune/results.h>

#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

// TILE = 32 is fastest by far.
template <int TILE> void fill(std::vector<int> &Out, int N) {
  std::this_thread::sleep_for(std::chrono::microseconds(TILE == 32 ? 100 : 2000));
  Out.assign(N, TILE);
}

void tiled(std::vector<int> &Out, int N) {
#pragma autotune space(TILE = {8, 16, 32}) key(N) name("tiled")
  fill<TILE>(Out, N);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0); // in order with the log
  autotune::Choice Before = autotune::chosenPoint("tiled", 1000);
  std::printf("before: %s\n", Before.reason().c_str());

  std::vector<int> Scratch;
  autotune::Choice C = autotune::tuneNow("tiled", [&] { tiled(Scratch, 1000); }, 1000);
  std::printf("tuned: %s, from %s\n", C.text().c_str(),
              C.source() == autotune::Choice::Source::ThisProcess ? "this process"
              : C.source() == autotune::Choice::Source::Cache     ? "the cache"
              : C.source() == autotune::Choice::Source::Default   ? "the default"
                                                                  : "nowhere");
  // A second buffer sized from the first site's winner.
  std::vector<int> Tiles(1000 / C.value("TILE", 1));
  std::printf("tiles: %zu\n", Tiles.size());

  std::vector<int> Out;
  tiled(Out, 1000);
  std::printf("out[0] = %d\n", Out[0]);
  std::printf("other key: %s\n", autotune::chosenPoint("tiled", 5).reason().c_str());
  return 0;
}
// FIRST: before: site 'tiled' has not run in this process
// FIRST: autotune: tiled key=(1000) device={{.*}}: 3/3 variants{{( \([^)]*\))?}}, winner TILE=32,
// FIRST: tuned: TILE=32, from this process
// FIRST: tiles: 31
// FIRST: out[0] = 32
// FIRST: other key: tiled key=(5) device={{.*}}: not tuned

// The second run: nothing tuned; tuneNow's call read the winner from the
// cache into this process's table.
// LATER: tuned: TILE=32, from this process
// LATER: tiles: 31

// OFF: before: site 'tiled' has not run in this process
// OFF: tuned: TILE=8, from the default
// OFF: tiles: 125
// OFF: out[0] = 8
