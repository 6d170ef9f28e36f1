#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/tgsiva.1 documents every command `tgsiva --help` lists and every
option each `tgsiva COMMAND --help` prints.

usage: check_man_page.py TGSIVA docs/tgsiva.1
"""
import re
import subprocess
import sys


def help_text(tool, *args):
    r = subprocess.run([tool, *args, '--help'], capture_output=True,
                       text=True)
    return r.stdout + r.stderr


def main():
    tool, man_path = sys.argv[1:3]
    man = open(man_path, encoding='utf-8').read().replace('\\-', '-')
    commands = re.findall(r'^  ([a-z][a-z-]*) ', help_text(tool), re.M)
    missing, options = [], 0
    for cmd in commands:
        if not re.search(rf'^\.SS "{cmd}\b', man, re.M):
            missing.append(f'command {cmd}')
        for opt in sorted(set(re.findall(r'(?<![\w-])(--[a-z][a-z-]*)',
                                         help_text(tool, cmd)))):
            options += 1
            if opt not in ('--help',) and opt not in man:
                missing.append(f'{cmd} {opt}')
    print(f'{len(commands)} commands, {options} options checked against '
          f'{man_path}')
    for m in missing:
        print(f'not in the man page: {m}')
    sys.exit(1 if missing or not commands else 0)


if __name__ == '__main__':
    main()
