#!/usr/bin/env python3
"""Checks that a flag table covers every option of nvcc-13.0-options.txt.

    check-nvcc-options.py wrapper LIST TMP -- WRAPPER...
        all options, in their long spelling, then in their short one, through
        scripts/autotune-clang++ (AUTOTUNE_DRY_RUN=1 AUTOTUNE_VERBOSE=1):
        each must be refused (exit 2, an error naming it; taken out, and the
        rest run again) or say what became of it (a note naming it), and the
        clang command must be one clang's driver accepts (`-###`).
    check-nvcc-options.py rewrite LIST TMP -- AUTOTUNE-REWRITE
        all options on one command line after '--', in either spelling: the
        rewrite must succeed with no option left unknown (the note "clang's
        preprocessor does not know it") and no value taken for an input.
Prints one line per option that is not covered and exits 1 if any.
"""
import os
import re
import subprocess
import sys


def options(path):
    for line in open(path, encoding='utf-8'):
        if line.startswith('#') or not line.strip():
            continue
        long_name, short, value = line.rstrip('\n').split('\t')
        yield long_name, short, value


def sample(name, placeholder, tmp):
    """A value nvcc would accept for the option."""
    # nvcc's help shows no placeholder for the file of -MF, which takes one.
    if name in ('-MF', '--dependency-output'):
        placeholder = '<file>'
    if placeholder == '-':
        return None
    files = {'-include': os.path.join(tmp, 'pre.h'), '--pre-include': os.path.join(tmp, 'pre.h'),
             '-optf': os.path.join(tmp, 'options'), '--options-file': os.path.join(tmp, 'options')}
    if name in files:
        return files[name]
    if placeholder.startswith('{'):
        return placeholder[1:].split('|')[0].rstrip('}')
    if placeholder.startswith('['):
        return placeholder[1:].split(',')[0]
    return {
        '<file>': os.path.join(tmp, 'out.o'), '<file name>': os.path.join(tmp, 'trace'),
        '<library>,...': 'm', '<def>,...': 'NVCC_OPTION_TEST', '<path>,...': tmp, '<path>': tmp,
        '<directory>': tmp, '<string>': 'x', '<kind>,...': 'inline', '<kind>': 'on',
        '<level>': '0', '<limit>': '10', '<options>,...': '-Wall', '<number>': '1',
        '<arguments>,...': 'a', '<prefix>': '/c', '<target>': 'x.o', '<arch>': 'sm_90',
        '<code>,...': 'sm_90', '<specification>,...': 'arch=compute_90,code=sm_90',
        'entry,...': 'k', '<amount>': '64', '<error-number>,...': '177', '<seed>': '1',
        '<toolname>': 'memcheck',
    }[placeholder]


def spelled(listed, spelling, tmp, joined=False):
    """(name, arguments) of each option in its long or short spelling, with
    a value where it takes one: separate, or joined by '='."""
    for long_name, short, placeholder in listed:
        name = long_name if spelling == 'long' else short
        value = sample(name, placeholder, tmp)
        if value is None:
            yield name, [name]
        else:
            yield name, [name + '=' + value] if joined else [name, value]


def said(kind, name, stderr):
    """True when the wrapper's stderr has a KIND line about option NAME."""
    return re.search("^autotune-clang\\+\\+: %s: '%s[' =]" % (kind, re.escape(name)), stderr, re.M)


def check_wrapper(listed, tmp, wrapper):
    """All options of one spelling on one command line: each refusal stops the
    wrapper and is taken out, until what remains runs."""
    env = dict(os.environ, AUTOTUNE_DRY_RUN='1', AUTOTUNE_VERBOSE='1')
    open(os.path.join(tmp, 'x.cu'), 'w').close()
    failures = 0
    for spelling in ('long', 'short'):
        pending = list(spelled(listed, spelling, tmp))
        while True:
            args = [a for _, option in pending for a in option] + ['-c', 'x.cu']
            done = subprocess.run(wrapper + args, capture_output=True, text=True, env=env, cwd=tmp)
            if done.returncode != 2:
                break
            refused = [i for i, (name, _) in enumerate(pending)
                       if said('error', name, done.stderr)]
            if not refused:
                break
            del pending[refused[0]]
        if done.returncode != 0:
            failures += 1
            print('%s spellings: exit %d: %s' % (spelling, done.returncode, done.stderr[-500:]))
            continue
        for name, option in pending:
            if not said('note', name, done.stderr):
                failures += 1
                print('not covered: %s' % ' '.join(option))
        # What the wrapper runs must be clang's: '-###' runs nothing.
        command = subprocess.run(['bash', '-c', done.stdout.strip() + " '-###'"], capture_output=True,
                                 text=True, cwd=tmp)
        for line in command.stderr.splitlines():
            if 'unknown argument' in line or 'unsupported option' in line or 'no such file' in line:
                failures += 1
                print('not covered: clang refuses what the wrapper passes: %s' % line)
    return failures


def check_rewrite(listed, tmp, rewrite):
    source = os.path.join(tmp, 'a.cu')
    with open(source, 'w') as f:
        f.write('#ifndef FROM_OPTIONS_FILE\n#error the options file was not read\n#endif\nint x;\n')
    failures = 0
    for spelling in ('long', 'short'):
        # Long options with separate values, short ones joined by '='.
        args = [a for _, option in spelled(listed, spelling, tmp, joined=spelling == 'short')
                for a in option]
        out = os.path.join(tmp, 'out-%s.cu' % spelling)
        done = subprocess.run(rewrite + [source, '-o', out, '--'] + args, capture_output=True, text=True, cwd=tmp)
        unknown = [l for l in done.stderr.splitlines() if 'does not know it' in l]
        if done.returncode != 0 or unknown or not os.path.exists(out):
            failures += 1
            print('%s spellings: exit %d\n%s' % (spelling, done.returncode, '\n'.join(unknown) or done.stderr[-2000:]))
    return failures


def main():
    mode, listed, tmp = sys.argv[1], list(options(sys.argv[2])), sys.argv[3]
    tool = sys.argv[sys.argv.index('--') + 1:]
    os.makedirs(tmp, exist_ok=True)
    open(os.path.join(tmp, 'pre.h'), 'w').close()
    with open(os.path.join(tmp, 'options'), 'w') as f:
        f.write('-DFROM_OPTIONS_FILE\n')
    failures = (check_wrapper if mode == 'wrapper' else check_rewrite)(listed, tmp, tool)
    print('%d options, %d not covered' % (len(listed), failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
