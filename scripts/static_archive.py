#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Makes the installed libtgsiva.a: one relocatable object holding the whole
library, in which every hidden symbol is made local, so that a driver
linking it statically sees only the public tgsiva_* functions and none of
the internal names (arena_alloc, tgsi_parse_text, ...) that could clash
with its own.

It is plain machine code in every build.  With link-time optimisation
(-Db_lto=true) GCC's objects carry their intermediate code beside it
(meson.build asks for fat objects): the partial link takes the machine
code (-fno-lto) and the intermediate sections are removed, because
symbols made local here would no longer match the ones they name, and
a driver's compiler need not be the GCC that wrote them.

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
        subprocess.run(cc + ['-r', '-nostdlib', '-fno-lto', '-o', whole,
                             '-Wl,--whole-archive', internal,
                             '-Wl,--no-whole-archive'], check=True)
        subprocess.run([objcopy, '--remove-section=.gnu.lto_*',
                        '--remove-section=.gnu.debuglto_*',
                        '--localize-hidden', whole], check=True)
        if os.path.exists(output):
            os.remove(output)
        subprocess.run([ar, 'rcs', output, whole], check=True)


if __name__ == '__main__':
    main()
