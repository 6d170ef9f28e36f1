#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every instruction word of Mesa's compiled corpus, decoded and printed.

usage: check_mesa_ref.py VA_CONFORMANCE

../shared/mesa-ref holds Mesa 24.0.9's binaries for the corpus shaders with
its disassembly of every word: tens of thousands of real words with Mesa's
text.  This script turns every word of every package into a conformance
case (8 hex bytes, four spaces, text) and runs va_conformance on them, so
each word must print exactly as Mesa printed it and the text must assemble
back to the same word.

Two differences between Mesa 24.0's text and tgsiva's are mapped first:
- Mesa 24.0 names ICMP/FCMP after their combine mode (ICMP_OR, ICMP_AND,
  ICMP_MULTI); the XML calls them ICMP/FCMP without .and, with .and, with
  .seq.  Those two modifiers print right after the condition and the
  result type, which are always printed.
- The packages drop trailing blanks; Mesa prints one after the mnemonic of
  an instruction without operands ("NOP.end ").

Exits 77 (skipped) when ../shared/mesa-ref is absent.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

COMBINE = {'OR': [], 'AND': ['and'], 'MULTI': ['seq']}


def to_tgsiva(text):
    head, sep, rest = text.partition(' ')
    name, _, mods = head.partition('.')
    for op in ('ICMP', 'FCMP'):
        if name.startswith(op + '_') and name[5:] in COMBINE:
            parts = mods.split('.')
            # type, condition, result type, then the combine modifiers
            mods = '.'.join(parts[:3] + COMBINE[name[5:]] + parts[3:])
            head = op + '.' + mods
    return head + ' ' + rest if sep else head + ' '


def hex_bytes(word_hex):
    return ' '.join(word_hex[i:i + 2] for i in range(0, 16, 2))


def main():
    exe = sys.argv[1]
    shared = os.environ.get('TGSIVA_SHARED', '../shared')
    files = sorted(glob.glob(os.path.join(shared, 'mesa-ref', '*', '*.json')))
    if not files:
        print(f'skipped: no packages under {shared}/mesa-ref')
        return 77
    lines, programs = [], 0
    for path in files:
        with open(path, encoding='utf-8') as f:
            pkg = json.load(f)
        for key, texts in sorted(pkg['disassembly'].items()):
            binary = pkg['binaries'].get(key)
            if not texts or not binary:
                continue
            programs += 1
            for k, text in enumerate(texts):
                word = binary[16 * k:16 * k + 16]
                lines.append(f'{hex_bytes(word)}    {to_tgsiva(text)}\n')
    print(f'mesa-ref: {len(files)} packages, {programs} programs, '
          f'{len(lines)} words ({len(set(lines))} distinct)')
    with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False) as t:
        t.writelines(lines)
    try:
        r = subprocess.run([exe, '--label', 'mesa-ref words', '--cases',
                            t.name])
    finally:
        os.unlink(t.name)
    return r.returncode


if __name__ == '__main__':
    sys.exit(main())
