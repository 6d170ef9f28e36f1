#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every opcode the compiler accepts is one the generator produces.

usage: check_gen_covers_accepted.py TGSIVA SOURCE_ROOT

Probes each opcode of src/tgsi/tgsi_opcodes.h by compiling a one-line
fragment program with TEMP operands: the compiler refuses an opcode it
does not translate by name ("NAME is not supported", or "64-bit ... is
not supported"); any other answer (success, or an operand error from the
opcode's own translation) means it accepts it.  Control flow, which
needs its partners, is left out (the generator's structure makes it).
Then writes the gen suite's programs (seeds 1-3000) and reads their
coverage table: an accepted opcode never produced fails the test.
"""
import os
import re
import subprocess
import sys
import tempfile

FLOW = {'IF', 'UIF', 'ELSE', 'ENDIF', 'BGNLOOP', 'ENDLOOP', 'BRK', 'CONT',
        'SWITCH', 'CASE', 'DEFAULT', 'ENDSWITCH', 'RET', 'END', 'BGNSUB',
        'ENDSUB', 'CAL'}
ROW = re.compile(r'TGSI_OP\(\s*\d+,\s*(\w+),\s*(\d+),\s*(\d+),\s*\w+,\s*'
                 r'([\w|]+),')


def opcodes(root):
    with open(os.path.join(root, 'src', 'tgsi', 'tgsi_opcodes.h')) as f:
        for line in f:
            m = ROW.match(line)
            if m:
                yield m.group(1), int(m.group(2)), int(m.group(3)), \
                    m.group(4)


def accepted(exe, tmp, name, ndst, nsrc, flags):
    ops = ['TEMP[%d]' % i for i in range(ndst)]
    ops += ['TEMP[%d]' % (4 + i) for i in range(nsrc)]
    target = ', 2D' if 'TGT' in flags else ''
    path = os.path.join(tmp, 'probe.tgsi')
    with open(path, 'w') as f:
        f.write('FRAG\nDCL OUT[0], COLOR\nDCL TEMP[0..7]\n'
                f'  0: {name} {", ".join(ops)}{target}\n'
                '  1: MOV OUT[0], TEMP[0]\n  2: END\n')
    run = subprocess.run([exe, 'compile', path, '-o',
                          os.path.join(tmp, 'probe.bin')],
                         capture_output=True, text=True)
    if run.returncode == 0:
        return True
    refused = (f'{name} is not supported' in run.stderr or
               re.search(r'64-bit \w+ is not supported', run.stderr))
    if run.returncode != 1:
        sys.exit(f'{name}: exit {run.returncode}\n{run.stderr}')
    return not refused


def produced(exe, tmp):
    out = os.path.join(tmp, 'programs')
    os.mkdir(out)
    run = subprocess.run([exe, 'gen', '--seed', '1', '--count', '3000',
                          '--coverage', '-o', out],
                         capture_output=True, text=True, check=True)
    seen = set()
    for line in run.stdout.splitlines():
        m = re.match(r'(\w+) +((?:[-.a-z]{7} *){3,4})$', line)
        if m and re.search(r'[a-z]', m.group(2)):
            seen.add(m.group(1))
    return seen


def main():
    exe, root = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        probed = [op for op in opcodes(root) if op[0] not in FLOW]
        ok = [op[0] for op in probed if accepted(exe, tmp, *op)]
        seen = produced(exe, tmp)
    missing = sorted(set(ok) - seen)
    print(f'{len(probed)} opcodes probed, {len(ok)} accepted by the '
          f'compiler, {len(seen)} produced by seeds 1-3000, '
          f'{len(missing)} accepted but never produced')
    for name in missing:
        print(f'  never produced: {name}')
    return 1 if missing or not ok or not seen else 0


if __name__ == '__main__':
    sys.exit(main())
