#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The 'tgsiva run' command, end to end (the interpreter's side).

usage: check_run_cli.py TGSIVA SOURCE_ROOT

Runs the example shader: one line per render target and lane, the same
output for the same seed, other outputs for other seeds, --runs input
sets; and the error paths: exit status 1 with a message for bad options,
a missing file, a stage the interpreter does not model.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..'))
from cli_check import check, finish, run  # noqa: E402


def main():
    exe, root = sys.argv[1], sys.argv[2]
    example = os.path.join(root, 'shaders', 'example.tgsi')

    r = run([exe, 'run', example])
    check(r.returncode == 0, f'run example: exit {r.returncode} {r.stderr}')
    lines = r.stdout.splitlines()
    check(lines[:1] == ['input set: seed 1'], 'first line names the seed')
    check(sum(l.startswith('COLOR[0] lane') for l in lines) == 16,
          'one COLOR[0] line per lane')
    check(run([exe, 'run', example]).stdout == r.stdout,
          'the same seed gives the same outputs')
    other = run([exe, 'run', '--seed', '2', example])
    check(other.returncode == 0 and other.stdout != r.stdout,
          'another seed gives other outputs')
    three = run([exe, 'run', '--runs', '3', '--seed', '5', example])
    check(three.stdout.count('input set: seed') == 3 and
          'input set: seed 7' in three.stdout, '--runs 3 from --seed 5')

    for args, what in [(['--bogus', example], 'unknown option'),
                       (['--seed', 'x', example], 'bad --seed'),
                       (['--runs', '-1', example], 'bad --runs'),
                       (['--reference', 'p.json', example],
                        '--reference without --check'),
                       ([], 'no input'),
                       (['/nonexistent.tgsi'], 'missing file')]:
        r = run([exe, 'run'] + args)
        check(r.returncode == 1 and r.stderr, f'{what}: exit 1 and a message')

    with tempfile.TemporaryDirectory() as d:
        gs = os.path.join(d, 'gs.tgsi')
        with open(gs, 'w', encoding='utf-8') as f:
            f.write('GEOM\nEND\n')
        r = run([exe, 'run', gs])
        check(r.returncode == 1 and 'vertex, fragment and compute' in
              r.stderr, 'a geometry shader is refused by name')

    return finish('run cli')


sys.exit(main())
