"""Compiles malformed '#pragma autotune' sites, one function each, by both
routes (clang with the plugin; autotune-rewrite, then clang on what it
writes), and fails when any line the plugin or the tool prints names the
generated code ('__autotune', '<scratch space>'), when a route crashes, when
a case gets no error at its own lines, or when an error is inside the
runtime's headers.

Every clause that takes an expression is swept (key, stream, restore,
verify, where, default, space values and range/pow2, configs, budget, name,
measure, min_gain, mode), and so is the statement: a type error that depends
on a parameter, assigning to one, a '_Pragma' macro inside it, and a pragma
met in the middle of an expression. A value of the wrong type in key,
restore, verify or stream (WRONG_TYPES) is one error, itself at the case's
lines, whose message says what the clause takes, by both routes."""
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
# Values of the wrong type, each with what its error must say: by both
# routes the error itself is at the user's lines (with the plugin, at the
# value's token), never inside the runtime's headers.
KEY_TYPE = 'a key(...) value must be of integral or enum type'
KEY_WIDTH = 'a key(...) value must fit in 64 bits'
POINTER = 'p must be a pointer to the elements or an array'
COUNT = 'n must be an integer'
WRITABLE = 'a restore(...) buffer must be writable'
STREAM = 'a stream must be a cudaStream_t'
WRONG_TYPES = [
    ('key(s)', KEY_TYPE), ('key(y)', KEY_TYPE), ('key(1.5)', KEY_TYPE),
    ('key(n, s)', KEY_TYPE), ('key(S{})', KEY_TYPE), ('key(nullptr)', KEY_TYPE),
    ('key(work<1>)', KEY_TYPE), ('key(fn)', KEY_TYPE), ('key(n * 0.5)', KEY_TYPE),
    ('key(wide)', KEY_WIDTH), ('key(n, wide + 1)', KEY_WIDTH),
    ('key(n) restore(n[n])', POINTER), ('key(n) restore(s[n])', POINTER),
    ('key(n) restore(vp[n])', POINTER), ('key(n) restore(fn[n])', POINTER),
    ('key(n) restore(y[s])', COUNT), ('key(n) restore(y[1.5])', COUNT),
    ('key(n) restore(y[y])', COUNT), ('key(n) restore(y[nullptr])', COUNT),
    ('key(n) restore(y[e])', COUNT), ('key(n) restore(cy[n])', WRITABLE),
    ('key(n) restore(y[n], cy[n])', WRITABLE),
    ('key(n) verify(n[n])', POINTER), ('key(n) verify(s[n])', POINTER),
    ('key(n) verify(vp[n])', POINTER), ('key(n) verify(y[s])', COUNT),
    ('key(n) verify(y[n * 0.5])', COUNT), ('key(n) verify(cy[y])', COUNT),
    ('key(n) verify(y[n], y[s])', COUNT),
    ('key(n) stream(s)', STREAM), ('key(n) stream(1.5)', STREAM),
    ('key(n) stream(e)', STREAM),
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
enum class E { A };
extern E e;
extern const float *cy;
extern void *vp;
extern __int128 wide;
void fn();
template <int B> int work(int n);
template <int B, class T> int other(T t) { return t.missing + B; }
#define PACK _Pragma("pack(1)")
#define LAUNCH(f, a) f(a)
'''


def cases():
    """Each case: code before the pragma, the clauses, the statement, and
    the words its error must have (None: any error at its lines)."""
    for c in BAD_CLAUSES:
        yield '', 'space(B = {1, 2}) ' + c, 'work<B>(n);', None
    for c, words in WRONG_TYPES:
        yield '', 'space(B = {1, 2}) ' + c, 'work<B>(n);', words
    for c in BAD_SPACES:
        yield '', c, 'work<B>(n);', None
    for s in BAD_STATEMENTS:
        yield '', 'space(B = {1, 2}) key(n)', s, None
    for b in BAD_BEFORE:
        yield b, 'space(B = {1, 2}) key(n)', 'work<B>(n);', None


def write_program(path, case_list):
    """Writes a file of the cases; returns each case's (first line, last
    line, description, words of its error)."""
    lines = PRELUDE.splitlines()
    spans = []
    for i, (before, clauses, statement, words) in enumerate(case_list):
        lines.append('int site%d(int n, float *y, S s, void *stream) {' % i)
        first = len(lines) + 1
        if before:
            lines.append('  ' + before)
        lines.append('#pragma autotune ' + clauses)
        lines.append('  ' + statement)
        spans.append((first, len(lines), (before, clauses, statement), words))
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


DIAGNOSTIC = re.compile(r'(.*?):(\d+):\d+: (error|warning|note): (.*)')


def check_output(route, rc, output, spans, name, failures, need_errors):
    """need_errors: every case has an error at its lines."""
    if rc < 0 or rc >= 128 or 'Stack dump' in output or 'PLEASE submit' in output:
        failures.append('%s crashed (status %d):\n%s' % (route, rc, output[-3000:]))
        return
    for line in output.splitlines():
        if '__autotune' in line or 'scratch space' in line:
            failures.append('%s: generated code in a diagnostic: %s' % (route, line))
        m = DIAGNOSTIC.match(line)
        if m and m.group(3) == 'error' and '/autotune/' in m.group(1):
            failures.append('%s: an error inside the runtime: %s' % (route, line))
    if not need_errors:
        return
    # An error counts for a case when it, or a note that follows it, is at
    # the case's lines: an error in a template the statement instantiates is
    # in the template, with a note at the statement. A wrong type's error
    # must be there itself, in the clause's words.
    error_lines = set()
    errors = []
    in_error = False
    for line in output.splitlines():
        m = DIAGNOSTIC.match(line)
        if not m:
            continue
        if m.group(3) != 'note':
            in_error = m.group(3) == 'error'
        if not m.group(1).endswith(name):
            continue
        if in_error:
            error_lines.add(int(m.group(2)))
        if m.group(3) == 'error':
            errors.append((int(m.group(2)), m.group(4)))
    for first, last, case, words in spans:
        if not any(first <= l <= last for l in error_lines):
            failures.append('%s: no error at lines %d-%d for %r' %
                            (route, first, last, case))
        if words and not any(first <= l <= last and words in text
                             for l, text in errors):
            failures.append('%s: no error saying %r at lines %d-%d for %r' %
                            (route, words, first, last, case))


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
    spans = write_program(source, list(cases()))
    failures = []
    rc, output = run([args.clangxx] + shlex.split(args.plugin_flags) +
                     ['-fsyntax-only', '-ferror-limit=0', source])
    check_output('clang with the plugin', rc, output, spans, name, failures,
                 need_errors=True)
    flags = ['--', '-std=c++17', '-ferror-limit=0', '-I' + args.include]
    rc, output = run([args.rewrite, source, '-o',
                      os.path.join(args.work, 'out.cpp')] + flags)
    # autotune-rewrite runs no parser: the statement's type errors are the
    # compiler's, later.
    check_output('autotune-rewrite', rc, output, spans, name, failures,
                 need_errors=False)
    # The values of the wrong types alone, which the tool rewrites: they are
    # the compiler's errors in the rewritten file, at their sites' lines.
    typed = os.path.join(args.work, 'typed.cpp')
    typed_spans = write_program(typed, [c for c in cases() if c[3]])
    rewritten = os.path.join(args.work, 'typed.rewritten.cpp')
    rc, output = run([args.rewrite, typed, '-o', rewritten] + flags)
    check_output('autotune-rewrite', rc, output, typed_spans, 'typed.cpp',
                 failures, need_errors=False)
    if rc == 0:
        # The rewritten file's '#line' directives name the user's file.
        rc, output = run([args.clangxx, '-std=c++17', '-fsyntax-only',
                          '-fno-caret-diagnostics', '-ferror-limit=0',
                          '-I' + args.include, rewritten])
        check_output('clang on the rewritten file', rc, output, typed_spans,
                     'typed.cpp', failures, need_errors=True)
    else:
        failures.append('autotune-rewrite refused the wrong types:\n' + output)
    for f in failures:
        print(f)
    print('%d cases, %d failures' % (len(spans), len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
