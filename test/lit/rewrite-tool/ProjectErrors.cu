// What --out-dir cannot write as one project is an error that says why, and
// then nothing is written: a header that two inputs make come out
// differently, a site outside the root, an input outside the root, an out
// directory that holds the root, a file in the way that the tool did not
// write. A site in a system header stays a pragma, with a warning.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %autotune-rewrite --out-dir %t/c %S/Inputs/project-conflict/a.cu %S/Inputs/project-conflict/b.cu -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --check-prefix=CONFLICT
// CONFLICT: error: '{{.*}}project-conflict/shared.cuh' comes out differently when read from '{{.*}}a.cu' and from '{{.*}}b.cu' (line 4: '{ static constexpr const char *__autotune_params[] = {"B"}; static constexpr long long __autotune_points[] = {1, 2};
// CONFLICT-SAME: its sites depend on what includes it
// CONFLICT: nothing written to '{{.*}}c'
// RUN: %not ls %t/c
// Each alone is a project.
// RUN: %autotune-rewrite --out-dir %t/a %S/Inputs/project-conflict/a.cu -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --check-prefix=ALONE --input-file=%t/a/shared.cuh
// ALONE: __autotune_points[] = {1, 2}
//
// RUN: %not %autotune-rewrite --out-dir %t/o %S/Inputs/project-outside/src/main.cu -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: error: '{{.*}}project-outside/lib/outside.cuh' holds a '#pragma autotune' site, but it is outside the root of the project, '{{.*}}project-outside/src'; name a directory that holds it with --root
// RUN: %autotune-rewrite --out-dir %t/o --root %S/Inputs/project-outside %S/Inputs/project-outside/src/main.cu -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --check-prefix=ROOT --input-file=%t/o/lib/outside.cuh
// ROOT: static ::autotune::Site __autotune_site
// RUN: %not %autotune-rewrite --out-dir %t/o --root %S/Inputs/project-outside/lib %S/Inputs/project-outside/src/main.cu -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=INPUT
// INPUT: the input '{{.*}}project-outside/src/main.cu' is outside the root of the project, '{{.*}}project-outside/lib'; name a directory that holds it with --root
// RUN: %not %autotune-rewrite --out-dir %S/Inputs %S/Inputs/project-outside/src/main.cu -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=HOLDS
// HOLDS: --out-dir '{{.*}}Inputs' holds the root of the project, '{{.*}}project-outside/src': the mirror would overwrite the sources
//
// A file of the user's where the mirror goes is kept.
// RUN: mkdir -p %t/k/lib && echo 'mine' > %t/k/lib/outside.cuh
// RUN: %not %autotune-rewrite --out-dir %t/k --root %S/Inputs/project-outside %S/Inputs/project-outside/src/main.cu -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --check-prefix=KEEP
// KEEP: error: not writing '{{.*}}k/lib/outside.cuh': a file is there that autotune-rewrite did not write
// RUN: grep -x mine %t/k/lib/outside.cuh
//
// RUN: %autotune-rewrite --out-dir %t/s --root %S/Inputs/project-outside/src %S/Inputs/project-outside/src/main.cu -- -std=c++17 -I%S/../../../runtime/include -isystem %S/Inputs/project-outside/lib -DOUTSIDE_AS_SYSTEM 2>&1 | %FileCheck %s --check-prefix=SYSTEM
// SYSTEM: outside.cuh:4:9: warning: this site is in a system header: the rewritten project keeps it as a pragma
// RUN: %not %autotune-rewrite --root %t a.cu -- 2>&1 | %FileCheck %s --check-prefix=USAGE
// USAGE: --root and --depfile go with --out-dir
