#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`tgsiva test`, `stats`, `compare` and the report over the real corpus.

usage: check_batch_corpus.py TGSIVA

On a temporary copy of the vertex, fragment and compute shaders of
../shared/corpus that use no double precision:
1. `tgsiva test --update DIR` writes every expected file, then
   `tgsiva test DIR` passes every shader;
2. one changed expected line makes that shader fail, with the line in
   the diff;
3. `tgsiva compare` of a `tgsiva stats` run against itself reports no
   change;
4. the report of every program: shortest-path cycles at most the
   longest (per unit), and both equal to the total for straight-line
   programs (one basic block).
Exits 77 (skipped) without ../shared/corpus.
"""
import csv
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..'))
from cli_check import check, finish, run  # noqa: E402

DOUBLE_OPCODES = {
    'D2F', 'D2I', 'D2U', 'D2U64', 'DABS', 'DADD', 'DDIV', 'DFLR', 'DFRAC',
    'DFRACEXP', 'DLDEXP', 'DMAD', 'DMAX', 'DMIN', 'DMUL', 'DNEG', 'DRSQ',
    'DSEQ', 'DSGE', 'DSLT', 'DSNE', 'DSQRT', 'F2D', 'I2D', 'I642D', 'U2D'}
UNITS = ('instructions', 'fma', 'cvt', 'sfu', 'ls', 'v', 't', 'cycles')




def copy_corpus(corpus, dest):
    copied = 0
    with open(os.path.join(corpus, 'index.csv'), encoding='utf-8') as f:
        for row in csv.DictReader(f):
            if row['stage'] not in ('vs', 'fs', 'cs'):
                continue
            if DOUBLE_OPCODES & set(row['opcodes'].split()):
                continue
            target = os.path.join(dest, row['file'])
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(corpus, row['file']), target)
            copied += 1
    return copied


def test_and_update(exe, tmp, copied):
    upd = run([exe, 'test', '--update', tmp])
    check(upd.returncode == 0, f'test --update: exit {upd.returncode}')
    again = run([exe, 'test', tmp])
    last = again.stdout.strip().splitlines()[-1:]
    print(f'test after --update: {last}')
    check(again.returncode == 0 and
          last == [f'{copied} passed, 0 failed, 0 new'],
          f'test after --update: {last} exit {again.returncode}')
    expected = sorted(os.path.join(d, n) for d, _, ns in os.walk(tmp)
                      for n in ns if n.endswith('.expected'))
    errors = sum(1 for p in expected
                 if not open(p, encoding='utf-8').read().startswith('#'))
    print(f'{len(expected)} expected files, {errors} hold a diagnostic')
    victim = expected[len(expected) // 2]
    with open(victim, encoding='utf-8') as f:
        lines = f.read().split('\n')
    old = lines[1]
    lines[1] = 'CHANGED LINE'
    with open(victim, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines))
    fail = run([exe, 'test', tmp])
    check(fail.returncode == 1 and '\n-CHANGED LINE\n' in fail.stdout and
          f'\n+{old}\n' in fail.stdout and
          f'{copied - 1} passed, 1 failed, 0 new' in fail.stdout,
          'a changed expected line fails with the line in the diff')


def stats_and_compare(exe, tmp):
    csv_path = os.path.join(tmp, 'run.csv')
    st = run([exe, 'stats', tmp, '-o', csv_path])
    check(st.returncode == 0, f'stats: exit {st.returncode}')
    same = run([exe, 'compare', csv_path, csv_path])
    check(same.returncode == 0 and same.stdout.rstrip().endswith(
        'no change') and ' 0 changed' in same.stdout,
          'compare of a run against itself reports no change')
    print(same.stdout.splitlines()[0])


def check_paths(exe, tmp):
    js = run([exe, 'stats', '--format', 'json', tmp])
    doc = json.loads(js.stdout)
    check(doc['version'] == 1, 'JSON version 1')
    counts = {'straight': 0, 'branching': 0, 'loops': 0}
    for p in doc['programs']:
        c = p['cycles']
        name = f"{p['file']} {p['program']}"
        if c['longest'] is None:
            counts['loops'] += 1
            check(p['longest_unbounded'], f'{name}: null without the flag')
            continue
        short, long_, total = c['shortest'], c['longest'], c['total']
        check(all(short[u] <= long_[u] <= total[u] for u in UNITS),
              f'{name}: shortest > longest or longest > total')
        if p['basic_blocks'] == 1:
            counts['straight'] += 1
            check(short == total and long_ == total,
                  f'{name}: straight-line paths differ from the total')
        else:
            counts['branching'] += 1
    print(f"paths: {len(doc['programs'])} programs: {counts['straight']} "
          f"straight-line, {counts['branching']} branching, "
          f"{counts['loops']} with loops")
    check(counts['straight'] and counts['branching'] and counts['loops'],
          'the corpus has programs of every kind')


def main():
    exe = sys.argv[1]
    shared = os.environ.get('TGSIVA_SHARED', '../shared')
    name = os.environ.get('TGSIVA_CORPUS', 'corpus')
    corpus = os.path.join(shared, name)
    if not os.path.isfile(os.path.join(corpus, 'index.csv')):
        print(f'no ../shared/{name}: skipped')
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        copied = copy_corpus(corpus, tmp)
        print(f'{copied} shaders (vertex, fragment, compute, no doubles)')
        test_and_update(exe, tmp, copied)
        stats_and_compare(exe, tmp)
        check_paths(exe, tmp)
    return finish('batch corpus')


if __name__ == '__main__':
    sys.exit(main())
