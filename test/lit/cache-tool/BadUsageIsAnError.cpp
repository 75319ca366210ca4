// autotune-cache refuses what it does not understand, with a message that
// says what was expected, and exit status 2.
// RUN: not %autotune-cache 2>&1 | %FileCheck %s --check-prefix=NONE
// RUN: not %autotune-cache frobnicate 2>&1 | %FileCheck %s --check-prefix=UNKNOWN
// RUN: not %autotune-cache --dir %t show 2>&1 | %FileCheck %s --check-prefix=SHOW
// RUN: not %autotune-cache --dir %t export 2>&1 | %FileCheck %s --check-prefix=EXPORT
// RUN: not %autotune-cache --dir %t export --json --csv 2>&1 | %FileCheck %s --check-prefix=BOTH
// RUN: not %autotune-cache --dir %t import 2>&1 | %FileCheck %s --check-prefix=IMPORT
// RUN: not %autotune-cache --dir %t list --force 2>&1 | %FileCheck %s --check-prefix=FORCE
// RUN: not %autotune-cache --dir %t list --site x 2>&1 | %FileCheck %s --check-prefix=SITE
// RUN: not %autotune-cache --dir %t list extra 2>&1 | %FileCheck %s --check-prefix=EXTRA
// RUN: not %autotune-cache --dir %t list --verbose 2>&1 | %FileCheck %s --check-prefix=OPTION
// RUN: not %autotune-cache list --dir 2>&1 | %FileCheck %s --check-prefix=DIR
// RUN: %autotune-cache --help | %FileCheck %s --check-prefix=HELP

// NONE: autotune-cache: error: no command given (list, show, clear, export, import, prune, pin, plot or report)
// NONE-NEXT: run 'autotune-cache --help' for usage
// UNKNOWN: autotune-cache: error: unknown command 'frobnicate' (expected list, show, clear, export, import, prune, pin, plot or report)
// SHOW: autotune-cache: error: 'show' needs exactly one site name
// EXPORT: autotune-cache: error: 'export' needs '--json' or '--csv'
// BOTH: autotune-cache: error: give one of '--json' and '--csv'
// IMPORT: autotune-cache: error: 'import' needs exactly one file ('-': standard input)
// FORCE: autotune-cache: error: '--force' is an option of 'import'
// SITE: autotune-cache: error: '--site' is an option of 'clear' and 'report'
// EXTRA: autotune-cache: error: unexpected argument 'extra'
// OPTION: autotune-cache: error: unknown option '--verbose'
// DIR: autotune-cache: error: '--dir' needs a directory
// HELP: usage: autotune-cache [--dir DIR] COMMAND
