#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The 'tgsiva run' command, end to end (the interpreter's side).

usage: check_run_cli.py TGSIVA SOURCE_ROOT

Runs the example shader: one line per render target and lane, the same
output for the same seed, other outputs for other seeds, --runs input
sets; the variant options (--color-buffers, --rt-types, --clip-planes,
--sprite-coord, --fixed-varyings) with --check; and the error paths: exit
status 1 with a message for bad options, a missing file, a stage the
interpreter does not model.  Transform feedback: run --check --xfb
compares buffer words, compile --xfb writes FILE.xfb, bad descriptions
are refused.  Geometry: run lists the output primitives; --vertex runs
a vertex shader first (and with --check, its transform-feedback program
in the simulator).
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
        check(r.returncode == 1 and 'GS_INPUT_PRIMITIVE' in r.stderr,
              'a geometry shader without its input primitive is refused')
        with open(gs, 'w', encoding='utf-8') as f:
            f.write(GEOMETRY)
        r = run([exe, 'run', gs])
        check(r.returncode == 0 and 'stream 0 triangle: 2 1 3' in r.stdout,
              'run lists a geometry shader\'s unrolled strip')
        r = run([exe, 'run', '--check', gs])
        check(r.returncode == 0 and 'input sets agree' in r.stdout,
              'run --check compares a geometry program')
        vs = os.path.join(d, 'vs.tgsi')
        with open(vs, 'w', encoding='utf-8') as f:
            f.write(VERTEX)
        r = run([exe, 'run', '--vertex', vs, gs])
        check(r.returncode == 0 and 'draw vertex 0 OUT[1] GENERIC[0]' in
              r.stdout and 'stream 0 triangle' in r.stdout,
              'run --vertex runs the vertex shader, then the geometry shader')
        for extra in ([], ['--max-registers', '8']):
            r = run([exe, 'run', '--check', '--vertex', vs] + extra + [gs])
            check(r.returncode == 0 and ' 0 inconclusive' in r.stdout and
                  'input words of the geometry shader defined' in r.stdout,
                  f'run --check --vertex {" ".join(extra)}: the vertex '
                  'shader\'s transform-feedback program feeds the geometry '
                  'program')
        for args, what in [([gs, gs], 'a geometry shader as --vertex'),
                           ([vs, vs], 'a vertex shader run with --vertex'),
                           ([os.path.join(d, 'none.tgsi'), gs],
                            'a missing --vertex file')]:
            r = run([exe, 'run', '--vertex'] + args)
            check(r.returncode == 1 and r.stderr,
                  f'{what}: exit 1 and a message')

    with tempfile.TemporaryDirectory() as d:
        check_xfb(exe, example, d)
    return finish('run cli')


GEOMETRY = """GEOM
PROPERTY GS_INPUT_PRIMITIVE POINTS
PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP
PROPERTY GS_MAX_OUTPUT_VERTICES 4
DCL IN[][0], GENERIC[0]
DCL OUT[0], POSITION
IMM[0] UINT32 {0, 0, 0, 0}
  0: MOV OUT[0], IN[0][0]
  1: EMIT IMM[0].xxxx
  2: EMIT IMM[0].xxxx
  3: EMIT IMM[0].xxxx
  4: EMIT IMM[0].xxxx
  5: END
"""

VERTEX = """VERT
DCL IN[0]
DCL OUT[0], POSITION
DCL OUT[1], GENERIC[0]
  0: MOV OUT[0], IN[0]
  1: ADD OUT[1], IN[0], IN[0].wzyx
  2: END
"""


def check_xfb(exe, fragment, d):
    vs = os.path.join(d, 'vs.tgsi')
    with open(vs, 'w', encoding='utf-8') as f:
        f.write(VERTEX)
    # the last: an offset past the STORE immediate's 32767 bytes
    for spec in ['all', '0:1.yz,3:0.xyzw@2,0:0.w;stride=5,0,0,8',
                 '0:0.x@8192,0:1.xy@2;stride=8193']:
        r = run([exe, 'run', '--check', '--xfb', spec, vs])
        words = [l for l in r.stdout.splitlines()
                 if l.startswith('transform feedback:')]
        check(r.returncode == 0 and words and words[0].split()[2] != '0',
              f'run --check --xfb {spec}: buffer words compared '
              f'({r.stdout} {r.stderr})')
    out = os.path.join(d, 'vs.bin')
    r = run([exe, 'compile', '--xfb', 'all', '-o', out, '--disasm', vs])
    check(r.returncode == 0 and os.path.getsize(out + '.xfb') > 0 and
          '# xfb' in r.stdout, 'compile --xfb writes FILE.xfb, # xfb')
    for args, what in [(['run', '--xfb', 'all', vs], '--xfb without --check'),
                       (['run', '--check', '--xfb', '0:0.xz', vs],
                        'components not in a run'),
                       (['compile', '--xfb', 'all', fragment],
                        '--xfb on a fragment shader'),
                       (['compile', '--xfb', '0:7.x', vs],
                        'a register that is no output'),
                       (['compile', '--xfb', '0:0.xyzw;stride=3', vs],
                        'a record wider than its stride')]:
        r = run([exe] + args)
        check(r.returncode == 1 and r.stderr, f'{what}: exit 1, a message')


sys.exit(main())
