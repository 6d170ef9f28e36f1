#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The shared library exports exactly the functions the public headers
declare with TGSIVA_API: nothing internal leaks (a driver could bind to
it, or clash with it), and nothing declared is missing.

usage: check_exports.py LIBTGSIVA.so INCLUDE_DIR
"""
import glob
import os
import re
import subprocess
import sys


def declared(include_dir):
    names = set()
    for path in glob.glob(os.path.join(include_dir, '*.h')):
        text = open(path).read()
        for m in re.finditer(r'TGSIVA_API\b[^;(]*?\b(tgsiva_\w+)\s*\(', text):
            names.add(m.group(1))
    return names


def exported(lib):
    out = subprocess.run(['nm', '-D', '--defined-only', lib], check=True,
                         capture_output=True, text=True).stdout
    return {line.split()[-1] for line in out.splitlines()
            if len(line.split()) == 3 and line.split()[1] in 'TDBRW'}


def main():
    lib, include_dir = sys.argv[1:3]
    want, got = declared(include_dir), exported(lib)
    print(f'{len(want)} public functions declared, {len(got)} symbols '
          f'exported by {os.path.basename(lib)}')
    for name in sorted(got - want):
        print(f'exported but not public: {name}')
    for name in sorted(want - got):
        print(f'public but not exported: {name}')
    if not want or want != got:
        sys.exit(1)


if __name__ == '__main__':
    main()
