// The site fingerprint hashes the code, not its text: comments, blank lines,
// indentation and line breaks anywhere in the file keep the fingerprint (and
// so the cached winner); an edit of the code, here of the kernel's body
// above the site, changes it.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t.original
// Reformatted: every comment line gone, a comment and line breaks inside
// the kernel, the function's brace on its own line, a new first line.
// RUN: %python -c "import sys; s = ''.join(l for l in open(sys.argv[1]) if not l.startswith('//')); s = s.replace('int Scale = 1;', '/* a comment */\n\n    int   Scale =\n 1;  // another'); s = s.replace('void run() {', 'void run()\n{\n'); open(sys.argv[2], 'w').write('// a new first line\n' + s)" %s %t.dir/reformatted.cpp
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %t.dir/reformatted.cpp | grep -o '0x[0-9A-F]*ULL' > %t.reformatted
// RUN: diff %t.original %t.reformatted
// Edited: one token of the kernel.
// RUN: %python -c "import sys; s = ''.join(l for l in open(sys.argv[1]) if not l.startswith('//')); open(sys.argv[2], 'w').write(s.replace('int Scale = 1;', 'int Scale = 2;'))" %s %t.dir/edited.cpp
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %t.dir/edited.cpp | grep -o '0x[0-9A-F]*ULL' > %t.edited
// RUN: not diff %t.original %t.edited

#include <autotune/autotune.h>

template <int REPEAT> void work(int *X) {
  int Scale = 1;
  for (int I = 0; I < REPEAT * Scale; ++I)
    X[I] = I;
}

void run() {
  int X[16];
#pragma autotune space(REPEAT = {1, 2}) name("work")
  work<REPEAT>(X);
}
