#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The committed ISA table is what the generator writes today.

usage: check_va_generator.py SOURCE_ROOT

Runs src/emit/gen_va_isa.py on ../shared/spec/valhall-isa.xml into a
temporary directory and compares its output with the committed
src/emit/va_isa.h and va_isa_table.c, so that nobody edits a generated
file by hand or changes the generator without regenerating.
Exits 77 (skipped) when the XML is absent.
"""
import difflib
import os
import subprocess
import sys
import tempfile

GENERATED = ('va_isa.h', 'va_isa_table.c')


def main():
    root = sys.argv[1]
    shared = os.environ.get('TGSIVA_SHARED',
                            os.path.join(root, '..', 'shared'))
    xml = os.path.join(shared, 'spec', 'valhall-isa.xml')
    if not os.path.exists(xml):
        print(f'skipped: {xml} is absent')
        return 77
    failed = 0
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable,
                        os.path.join(root, 'src', 'emit', 'gen_va_isa.py'),
                        '--xml', xml, '--out', out], check=True)
        for name in GENERATED:
            with open(os.path.join(out, name), encoding='utf-8') as f:
                fresh = f.readlines()
            with open(os.path.join(root, 'src', 'emit', name),
                      encoding='utf-8') as f:
                committed = f.readlines()
            if fresh != committed:
                failed += 1
                print(f'{name}: differs from the generator\'s output:')
                sys.stdout.writelines(list(difflib.unified_diff(
                    committed, fresh, 'committed', 'generated'))[:40])
    print(f'generated files: {len(GENERATED) - failed} passed, '
          f'{failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
