"""Compiles malformed '#pragma autotune' sites, one function each, by both
routes (clang with the plugin, autotune-rewrite), and fails when any output
line names the generated code ('__autotune', '<scratch space>'), when a
route crashes, or when a case gets no error at its own lines.

Every clause that takes an expression is swept (key, stream, restore,
verify, where, default, space values and range/pow2, configs, budget, name,
measure, min_gain, mode), and so is the statement: a type error that depends
on a parameter, assigning to one, a '_Pragma' macro inside it, and a pragma
met in the middle of an expression."""
import argparse
import os
import re
import shlex
import subprocess
import sys

BAD_CLAUSES = [
    # key
    'key(n n)', 'key(n +)', 'key((n)', 'key(n])', 'key(,)', 'key(undeclared)',
    'key(s)', 'key(y)', 'key(1.5)', 'key(n ;)', 'key(PACK n)',
    # stream
    'key(n) stream(s s)', 'key(n) stream(undeclared)', 'key(n) stream(1.5)',
    'key(n) stream(s)', 'key(n) stream()',
    # restore
    'key(n) restore(y[n n])', 'key(n) restore(y[])', 'key(n) restore(y)',
    'key(n) restore(n[n])', 'key(n) restore(undeclared[n])',
    'key(n) restore(y[undeclared])', 'key(n) restore(y[s])',
    'key(n) restore(s[n])', 'key(n) restore(y[n)',
    # verify
    'key(n) verify(y[n n])', 'key(n) verify(y[])', 'key(n) verify(n[n])',
    'key(n) verify(y[s])', 'key(n) verify(y[n], rtol = n)',
    'key(n) verify(y[n], rtol = -1)', 'key(n) verify(y[n], atol = )',
    'key(n) verify(s[n])', 'key(n) verify(undeclared[n])',
    # where
    'key(n) where(B +)', 'key(n) where(B == undeclared)', 'key(n) where(B B)',
    'key(n) where()', 'key(n) where(n)', 'key(n) where(B / 0)',
    # default
    'key(n) default(B = )', 'key(n) default(B = n)', 'key(n) default(B = 3)',
    'key(n) default(C = 1)', 'key(n) default(B = 1 1)',
]
# Clauses that replace 'space(B = {1, 2})'.
BAD_SPACES = [
    'space(B = range(0,)) key(n)', 'space(B = range(0, n)) key(n)',
    'space(B = range(0 0)) key(n)', 'space(B = pow2(1,)) key(n)',
    'space(B = {1, n}) key(n)', 'space(B = {1 2}) key(n)',
    'space(B = range(0, 10, 0)) key(n)', 'space(B = {1, 2) key(n)',
    'space(B = {s}) key(n)', 'space(B = {1.5}) key(n)',
    'configs({B = n}) key(n)', 'configs({B = 1 2}) key(n)',
    'configs({B = }) key(n)', 'configs({B = 1}, {C = 2}) key(n)',
    'space(B = {1, 2}) key(n) budget(n)', 'space(B = {1, 2}) key(n) budget(0)',
    'space(B = {1, 2}) key(n) budget(1 1)', 'space(B = {1, 2}) key(n) name(n)',
    'space(B = {1, 2}) key(n) name("")',
    'space(B = {1, 2}) key(n) measure(time = n)',
    'space(B = {1, 2}) key(n) measure(time = )',
    'space(B = {1, 2}) key(n) measure(cold_l2 cold_l2)',
    'space(B = {1, 2}) key(n) min_gain(n)', 'space(B = {1, 2}) key(n) min_gain(2)',
    'space(B = {1, 2}) key(n) min_gain()', 'space(B = {1, 2}) key(n) mode(n)',
]
BAD_STATEMENTS = [
    'work<B>(s);', 'B = n;', 'work<B>(n + PACK 1);', 'work<undeclared>(n);',
    'work<B>(n, n, n);', 'work<B>(undeclared);', 'work<B>(y);',
    'work<B>(n)->x;', 'work<B / (B - 1)>(n);', 'n = work<B>(s) + B;',
    'other<B>(s);', 'LAUNCH(work<B>, s);',
]
# Code before the pragma that leaves an expression open.
BAD_BEFORE = ['int v = n +', 'int w = (n *', 'n = n <<', 'y[', 'return n -']

PRELUDE = '''#include <autotune/autotune.h>
struct S {};
template <int B> int work(int n);
template <int B, class T> int other(T t) { return t.missing + B; }
#define PACK _Pragma("pack(1)")
#define LAUNCH(f, a) f(a)
'''


def cases():
    for c in BAD_CLAUSES:
        yield '', 'space(B = {1, 2}) ' + c, 'work<B>(n);'
    for c in BAD_SPACES:
        yield '', c, 'work<B>(n);'
    for s in BAD_STATEMENTS:
        yield '', 'space(B = {1, 2}) key(n)', s
    for b in BAD_BEFORE:
        yield b, 'space(B = {1, 2}) key(n)', 'work<B>(n);'


def write_program(path):
    """Writes the sweep's file; returns each case's (first line, last line,
    description)."""
    lines = PRELUDE.splitlines()
    spans = []
    for i, (before, clauses, statement) in enumerate(cases()):
        lines.append('int site%d(int n, float *y, S s, void *stream) {' % i)
        first = len(lines) + 1
        if before:
            lines.append('  ' + before)
        lines.append('#pragma autotune ' + clauses)
        lines.append('  ' + statement)
        spans.append((first, len(lines), (before, clauses, statement)))
        # A ';' and a '}' end what an open expression leaves.
        lines.append('  ;' if before else '  return 0;')
        lines.append('}')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return spans


def run(command):
    result = subprocess.run(command, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    return result.returncode, result.stdout


def check_output(route, rc, output, spans, name, failures, need_errors):
    if rc < 0 or rc >= 128 or 'Stack dump' in output or 'PLEASE submit' in output:
        failures.append('%s crashed (status %d):\n%s' % (route, rc, output[-3000:]))
        return
    for line in output.splitlines():
        if '__autotune' in line or 'scratch space' in line:
            failures.append('%s: generated code in a diagnostic: %s' % (route, line))
    if not need_errors:
        return
    # An error counts for a case when it, or a note that follows it, is at
    # the case's lines: a key of the wrong type is the runtime header's
    # error, with a note at the user's key.
    error_lines = set()
    in_error = False
    for line in output.splitlines():
        m = re.match(r'(.*?):(\d+):\d+: (error|warning|note): ', line)
        if not m:
            continue
        if m.group(3) != 'note':
            in_error = m.group(3) == 'error'
        if in_error and m.group(1).endswith(name):
            error_lines.add(int(m.group(2)))
    for first, last, case in spans:
        if not any(first <= l <= last for l in error_lines):
            failures.append('%s: no error at lines %d-%d for %r' %
                            (route, first, last, case))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--clangxx', required=True)
    parser.add_argument('--plugin-flags', required=True)
    parser.add_argument('--rewrite', required=True)
    parser.add_argument('--include', required=True)
    parser.add_argument('--work', required=True)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    name = 'sweep.cpp'
    source = os.path.join(args.work, name)
    spans = write_program(source)
    failures = []
    rc, output = run([args.clangxx] + shlex.split(args.plugin_flags) +
                     ['-fsyntax-only', '-ferror-limit=0', source])
    check_output('clang with the plugin', rc, output, spans, name, failures,
                 need_errors=True)
    rc, output = run([args.rewrite, source, '-o',
                      os.path.join(args.work, 'out.cpp'), '--',
                      '-std=c++17', '-ferror-limit=0', '-I' + args.include])
    # autotune-rewrite runs no parser: the statement's type errors are the
    # compiler's, later.
    check_output('autotune-rewrite', rc, output, spans, name, failures,
                 need_errors=False)
    for f in failures:
        print(f)
    print('%d cases, %d failures' % (len(spans), len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
