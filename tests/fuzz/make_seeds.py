#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Seed corpora for the fuzz targets, made from ../shared at build time.

usage: make_seeds.py SOURCE_ROOT SHARED_DIR OUT_DIR

Writes OUT_DIR/TARGET/ for every target: TGSI text from the corpus and
shaders/, Mesa's token streams, Valhall assembly and words from the
conformance cases and Mesa's binaries.  Each target also starts from its
regression inputs.  Without ../shared only the in-tree material is used.
A subset is taken (every k-th file, sorted) so that a short campaign
spends its time mutating rather than loading seeds."""
import glob
import json
import os
import shutil
import struct
import sys

# shader_blob starts from its regression inputs only (blob bodies of
# compiled shaders, written by tests/fuzz/regressions/shader_blob).
TARGETS = ['tgsi_text', 'tgsi_tokens', 'compile_text', 'compile_tokens',
           'va_asm', 'va_disasm', 'sim', 'shader_blob']
# How many seeds of each kind at most.
LIMITS = {'tgsi_text': 1500, 'tgsi_tokens': 1500, 'compile_text': 400,
          'compile_tokens': 400, 'va_asm': 200, 'va_disasm': 400,
          'sim': 400}
SIM_KINDS = {'vs': {'position': 0, 'varying': 1}, 'fs': {'main': 2},
             'cs': {'main': 3}}


def subset(items, limit):
    items = sorted(items)
    step = max(1, (len(items) + limit - 1) // limit)
    return items[::step]


def case_lines(shared):
    path = os.path.join(shared, 'valhall', 'assembler-cases.txt')
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [l.rstrip('\n') for l in f if len(l) > 27 and l[0] != '#']


def chunks(items, size):
    return [items[i:i + size] for i in range(0, len(items), size)]


def seeds(root, shared):
    """Yields (target, name, bytes)."""
    texts = glob.glob(os.path.join(shared, 'corpus*', 'tgsi', '*', '*.tgsi'))
    texts += glob.glob(os.path.join(root, 'shaders', '**', '*.tgsi'),
                       recursive=True)
    for target in ('tgsi_text', 'compile_text'):
        for p in subset(texts, LIMITS[target]):
            with open(p, 'rb') as f:
                yield target, os.path.basename(p), f.read()
    tokens = glob.glob(os.path.join(shared, 'mesa-ref', 'tokens', '*',
                                    '*.bin'))
    for p in subset(tokens, LIMITS['tgsi_tokens']):
        with open(p, 'rb') as f:
            yield 'tgsi_tokens', os.path.basename(p), f.read()
    for i, p in enumerate(subset(tokens, LIMITS['compile_tokens'])):
        with open(p, 'rb') as f:
            yield ('compile_tokens', os.path.basename(p),
                   struct.pack('<I', i % 4) + f.read())
    lines = case_lines(shared)
    for i, group in enumerate(chunks(lines, 12)[:LIMITS['va_asm']]):
        asm = ''.join(l[27:].strip() + '\n' for l in group)
        yield 'va_asm', 'case%03d.s' % i, asm.encode()
        if i % 8 == 0:
            yield 'va_asm', 'hex%03d.txt' % i, '\n'.join(group).encode()
        words = bytes(int(b, 16) for l in group for b in l[:23].split())
        yield 'va_disasm', 'case%03d.bin' % i, words
    refs = glob.glob(os.path.join(shared, 'mesa-ref', '*', '*.json'))
    for p in subset(refs, LIMITS['sim']):
        with open(p) as f:
            ref = json.load(f)
        for name, hexwords in sorted(ref.get('binaries', {}).items()):
            kind = SIM_KINDS.get(ref.get('stage'), {}).get(name)
            if kind is None or not isinstance(hexwords, str):
                continue
            code = bytes.fromhex(hexwords)
            base = os.path.basename(p)[:-5] + '.' + name
            yield 'sim', base, bytes([kind, 1, 0, 0, 3, 1, 0, 0]) + code
            yield 'va_disasm', base, code


def main():
    root, shared, out = sys.argv[1:4]
    shutil.rmtree(out, ignore_errors=True)
    counts = {}
    for t in TARGETS:
        os.makedirs(os.path.join(out, t))
        reg = os.path.join(root, 'tests', 'fuzz', 'regressions', t)
        for p in sorted(glob.glob(os.path.join(reg, '*'))):
            shutil.copy(p, os.path.join(out, t, 'regression-' +
                                        os.path.basename(p)))
    for target, name, data in seeds(root, shared):
        path = os.path.join(out, target, name)
        with open(path, 'wb') as f:
            f.write(data)
        counts[target] = counts.get(target, 0) + 1
    print(' '.join('%s=%d' % (t, counts.get(t, 0)) for t in TARGETS))


if __name__ == '__main__':
    main()
