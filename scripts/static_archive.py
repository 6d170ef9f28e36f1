#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Makes the installed libtgsiva.a: one relocatable object holding the whole
library, in which every hidden symbol is made local, so that a driver
linking it statically sees only the public tgsiva_* functions and none of
the internal names (arena_alloc, tgsi_parse_text, ...) that could clash
with its own.

usage: static_archive.py OBJCOPY AR OUTPUT INTERNAL.a CC [CC ARGS...]
"""
import os
import subprocess
import sys
import tempfile


def main():
    objcopy, ar, output, internal = sys.argv[1:5]
    cc = sys.argv[5:]
    with tempfile.TemporaryDirectory() as tmp:
        whole = os.path.join(tmp, 'tgsiva.o')
        subprocess.run(cc + ['-r', '-nostdlib', '-o', whole,
                             '-Wl,--whole-archive', internal,
                             '-Wl,--no-whole-archive'], check=True)
        subprocess.run([objcopy, '--localize-hidden', whole], check=True)
        if os.path.exists(output):
            os.remove(output)
        subprocess.run([ar, 'rcs', output, whole], check=True)


if __name__ == '__main__':
    main()
