#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The 'tgsiva asm' and 'tgsiva disasm' commands, end to end.

usage: check_va_cli.py TGSIVA SOURCE_ROOT

Assembles tgsiva's own conformance cases, disassembles the words back
(raw and --hex), and checks the error paths: exit status 1, a
FILE:LINE:COLUMN message, and no output file left behind.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..'))
from cli_check import check, finish  # noqa: E402


def run(args, stdin=None):
    """Bytes in and out: the commands read and write binary words."""
    return subprocess.run(args, input=stdin, capture_output=True)


def main():
    exe, root = sys.argv[1], sys.argv[2]
    cases = os.path.join(root, 'tests', 'emit', 'va-cases.txt')
    with open(cases, encoding='utf-8') as f:
        lines = [l.rstrip('\n') for l in f
                 if l.strip() and not l.startswith('#')]
    hexes = [l[:23] for l in lines]
    texts = [l[27:] for l in lines]
    raw = b''.join(bytes.fromhex(h.replace(' ', '')) for h in hexes)

    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'in.s')
        out = os.path.join(tmp, 'out.bin')
        with open(src, 'w', encoding='utf-8') as f:
            f.write('# comment\n' + '\n'.join(texts) + '\n')
        r = run([exe, 'asm', src, '-o', out])
        check(r.returncode == 0, f'asm failed: {r.stderr.decode()}')
        with open(out, 'rb') as f:
            check(f.read() == raw, 'asm output differs from the cases')

        r = run([exe, 'disasm', out])
        check(r.stdout.decode().split('\n')[:-1] == texts,
              'disasm of the raw words differs from the cases')
        r = run([exe, 'disasm', '--hex', cases])
        check(r.stdout.decode().split('\n')[:-1] == texts,
              'disasm --hex differs from the cases')
        r = run([exe, 'disasm', '--offsets', '-'], stdin=raw[:16])
        check(r.stdout.decode().startswith('000000:  ' + hexes[0] + '    '),
              f'--offsets format: {r.stdout.decode()!r}')
        r = run([exe, 'asm', '-', '-o', '-'], stdin=b'NOP.end\n')
        check(r.stdout == bytes.fromhex('0000000000c00078'),
              'asm from stdin to stdout')

        # Errors: status 1, FILE:LINE:COLUMN, no output file.
        bad = os.path.join(tmp, 'bad.s')
        with open(bad, 'w', encoding='utf-8') as f:
            f.write('NOP\nFADD.f32 r0, r1, r99\n')
        fresh = os.path.join(tmp, 'fresh.bin')
        r = run([exe, 'asm', bad, '-o', fresh])
        check(r.returncode == 1, 'bad assembly: exit status')
        check(r.stderr.decode().startswith(f'{bad}:2:18: error: '),
              f'bad assembly: message {r.stderr.decode()!r}')
        check(not os.path.exists(fresh), 'bad assembly left an output file')
        with open(fresh + '.odd', 'wb') as f:
            f.write(b'\0' * 12)
        r = run([exe, 'disasm', fresh + '.odd'])
        check(r.returncode == 1 and b'64-bit' in r.stderr,
              'disasm of 12 bytes must fail')
        r = run([exe, 'disasm', '--hex', bad])
        check(r.returncode == 1 and b':1:1: error' in r.stderr,
              'disasm --hex of assembly must fail at 1:1')
        # The validator: a STORE holds the words it stores, no more (a
        # spilled phi once stored a whole vec4 with STORE.i32).
        for size, ok in (('i32', False), ('i128', True)):
            words = run([exe, 'asm', '-', '-o', '-'],
                        stdin=f'STORE.{size}.slot0.wait0 @r0:r1:r2:r3, r4, '
                              'offset:0\nNOP.end\n'.encode()).stdout
            r = run([exe, 'disasm', '--validate', '-'], stdin=words)
            check((r.returncode == 0) == ok and
                  (ok or b'STORE' in r.stderr),
                  f'validate STORE.{size} of four registers')
        for cmd in ('asm', 'disasm'):
            r = run([exe, cmd, '--help'])
            check(r.returncode == 0 and r.stdout.startswith(b'usage:'),
                  f'{cmd} --help')
            r = run([exe, cmd, '--bogus'])
            check(r.returncode == 1, f'{cmd} with an unknown option')
    return finish('cli')


if __name__ == '__main__':
    sys.exit(main())
