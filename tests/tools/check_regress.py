#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The regression shaders: each once went wrong (shaders/regress/README.md).

usage: check_regress.py TGSIVA SOURCE_ROOT

Runs `tgsiva run --check --runs 160` on every shaders/regress/*.tgsi, and
again with `--max-registers 8`; every run must exit 0 (the models agree,
or every input set is inconclusive).  Prints `N passed, N failed` and the
input sets each run had.  TGSIVA_REGRESS_RUNS sets another number of
input sets (.ci/sanitize.sh: fewer, where each costs five times more).
"""
import glob
import os
import subprocess
import sys


def main():
    exe, root = sys.argv[1], sys.argv[2]
    shaders = sorted(glob.glob(os.path.join(root, 'shaders', 'regress',
                                            '*.tgsi')))
    if not shaders:
        print('no shaders under shaders/regress')
        return 1
    runs = os.environ.get('TGSIVA_REGRESS_RUNS', '160')
    if not runs.isdigit() or int(runs) < 1:
        print(f'TGSIVA_REGRESS_RUNS={runs}: not a positive number')
        return 1
    passed, failed = 0, []
    for path in shaders:
        for extra in ([], ['--max-registers', '8']):
            run = subprocess.run([exe, 'run', '--check', '--runs', runs]
                                 + extra + [path],
                                 capture_output=True, text=True)
            name = os.path.basename(path) + (' ' + ' '.join(extra)
                                             if extra else '')
            if run.returncode == 0:
                passed += 1
            else:
                failed.append(f'{name}: exit {run.returncode}\n'
                              f'{run.stdout}{run.stderr}')
    for text in failed:
        print(text)
    print(f'regress: {passed} passed, {len(failed)} failed '
          f'({runs} input sets each)')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
