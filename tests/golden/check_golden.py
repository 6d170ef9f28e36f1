#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The golden suite: compiled shaders against their expected output.

usage: check_golden.py TGSIVA SOURCE_ROOT [--update]

Every shaders/golden/<stage>/<name>.tgsi is compiled with
`tgsiva compile --disasm --stats`; the statistics line (as a `# stats:`
comment) followed by the disassembly must equal <name>.expected byte for
byte.  A difference prints as a unified diff, so that a change in code
generation shows exactly which instructions moved.  With --update the
expected files are rewritten from the current compiler (review the diff
before committing).  Prints `N passed, N failed`.
"""
import difflib
import glob
import os
import subprocess
import sys


def compile_text(exe, path):
    run = subprocess.run([exe, 'compile', '--disasm', '--stats', path],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip()
    return f'# stats: {run.stderr.strip()}\n{run.stdout}', None


def main():
    exe, root = sys.argv[1], sys.argv[2]
    update = '--update' in sys.argv[3:]
    shaders = sorted(glob.glob(os.path.join(root, 'shaders', 'golden', '*',
                                            '*.tgsi')))
    if not shaders:
        print('no shaders under shaders/golden')
        return 1
    passed, failed = 0, []
    for path in shaders:
        expected_path = path[:-len('.tgsi')] + '.expected'
        got, error = compile_text(exe, path)
        name = os.path.relpath(path, root)
        if got is None:
            failed.append(f'{name}: does not compile: {error}')
            continue
        if update:
            with open(expected_path, 'w', encoding='utf-8') as f:
                f.write(got)
            passed += 1
            continue
        try:
            with open(expected_path, encoding='utf-8') as f:
                want = f.read()
        except FileNotFoundError:
            failed.append(f'{name}: no {os.path.basename(expected_path)}')
            continue
        if got == want:
            passed += 1
            continue
        diff = difflib.unified_diff(want.splitlines(True),
                                    got.splitlines(True),
                                    'expected', 'got')
        failed.append(f'{name}: differs\n' + ''.join(diff))
    stale = [p for p in glob.glob(os.path.join(root, 'shaders', 'golden',
                                               '*', '*.expected'))
             if not os.path.exists(p[:-len('.expected')] + '.tgsi')]
    for p in stale:
        failed.append(f'{os.path.relpath(p, root)}: no shader for it')
    for text in failed[:10]:
        print(text)
    if len(failed) > 10:
        print(f'... and {len(failed) - 10} more')
    print(f'golden: {passed} passed, {len(failed)} failed'
          + (' (expected files updated)' if update else ''))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
