# SPDX-License-Identifier: MIT
"""What the end-to-end tests of the command line share: running tgsiva,
counting checks, and the closing `NAME: N passed, N failed` line."""
import subprocess

failures = []
passed = 0


def run(args):
    return subprocess.run(args, capture_output=True, text=True)


def check(cond, what):
    global passed
    if cond:
        passed += 1
    else:
        failures.append(what)
    return cond


def finish(name):
    """Lists the failures, prints the counts, returns the exit status."""
    for f in failures:
        print('FAIL', f)
    print(f'{name}: {passed} passed, {len(failures)} failed')
    return 1 if failures else 0
