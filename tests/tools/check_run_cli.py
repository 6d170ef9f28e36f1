#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The 'tgsiva run' command, end to end (the interpreter's side).

usage: check_run_cli.py TGSIVA SOURCE_ROOT

Runs the example shader: one line per render target and lane, the same
output for the same seed, other outputs for other seeds, --runs input
sets; the variant options (--color-buffers, --rt-types, --clip-planes,
--sprite-coord, --fixed-varyings) with --check; and the error paths: exit
status 1 with a message for bad options, a missing file, a stage the
interpreter does not model.
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

    # Variant keys: both models run the state (the example writes all
    # colour buffers from COLOR[0]).
    r = run([exe, 'run', '--color-buffers', '3', example])
    check(r.returncode == 0 and 'COLOR[2] lane' in r.stdout,
          'the interpreter copies COLOR[0] to --color-buffers 3')
    for key in (['--color-buffers', '4', '--rt-types', 'f16,s16,u32,u16'],
                ['--clip-planes', '0x81'],
                ['--sprite-coord', '0x100', '--sprite-origin', 'lower-left'],
                ['--fixed-varyings', '0x2']):
        r = run([exe, 'run', '--check', '--runs', '4'] + key + [example])
        check(r.returncode == 0 and 'agree' in r.stdout,
              f'run --check {" ".join(key)}: exit {r.returncode} '
              f'{r.stdout[-200:]}')
    for args in (['--rt-types', 'f8'], ['--clip-planes', '256'],
                 ['--sprite-origin', 'middle'], ['--color-buffers', '9'],
                 ['--sprite-coord']):
        r = run([exe, 'run', '--check'] + args + [example])
        check(r.returncode == 1 and r.stderr,
              f'{" ".join(args)}: exit 1 and a message')
        r = run([exe, 'compile'] + args + [example])
        check(r.returncode == 1 and r.stderr,
              f'compile {" ".join(args)}: exit 1 and a message')

    with tempfile.TemporaryDirectory() as d:
        gs = os.path.join(d, 'gs.tgsi')
        with open(gs, 'w', encoding='utf-8') as f:
            f.write('GEOM\nEND\n')
        r = run([exe, 'run', gs])
        check(r.returncode == 1 and 'vertex, fragment and compute' in
              r.stderr, 'a geometry shader is refused by name')

    return finish('run cli')


sys.exit(main())
