// A cache directory that does not exist is an error, not an empty cache
// (a mistyped --dir must not look like "nothing tuned yet").
// RUN: rm -rf %t.none
// RUN: not %autotune-cache --dir %t.none list 2>&1 | %FileCheck %s
// RUN: not %autotune-cache --dir=%t.none clear 2>&1 | %FileCheck %s
// RUN: not %autotune-cache --dir %t.none export --csv 2>&1 | %FileCheck %s
// RUN: echo text > %t.file
// RUN: not %autotune-cache --dir %t.file list 2>&1 | %FileCheck %s --check-prefix=FILE

// CHECK: autotune-cache: error: {{.*}}.none: No such file or directory
// FILE:  autotune-cache: error: {{.*}}.file is not a directory
