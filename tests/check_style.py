#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Style and layering rules that are cheap to check mechanically.

1. No C line wider than 80 columns (tabs count as 8).
2. src/sim never includes the compiler's IR, allocator, scheduler or
   pipeline: it judges the compiler, so it must not share its code.
   Nor does the program generator (src/gen), which knows TGSI only.
3. Every pass file opens with its contract: the tags Requires:, Ensures:
   and Invalidates: in its first comment block.
Also prints the ten longest C functions (information, never a failure).
"""
import os
import re
import sys

root = sys.argv[1]
failures = []

# Files in the pass directories that are infrastructure, not passes.
NOT_PASSES = {
    'src/ir/ir.c', 'src/ir/ir.h', 'src/ir/print.c', 'src/ir/validate.c',
    'src/ir/builder.c', 'src/ir/reader.c', 'src/valhall/ir_va.c',
    'src/ir/layout.c', 'src/valhall/emit.c', 'src/valhall/va_operands.c',
    'src/ra/ra.h', 'src/sched/sched.h', 'src/valhall/valhall.h',
}
PASS_DIRS = ('src/ir/', 'src/ra/', 'src/sched/', 'src/valhall/')


def c_files():
    for top in ('include', 'src', 'tests', 'bench'):
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for n in sorted(names):
                if n.endswith(('.c', '.h')):
                    yield os.path.relpath(os.path.join(dirpath, n), root)


functions = []
for rel in c_files():
    with open(os.path.join(root, rel), encoding='utf-8') as f:
        lines = f.read().split('\n')
    for i, line in enumerate(lines, 1):
        width = len(line.expandtabs(8))
        if width > 80:
            failures.append(f'{rel}:{i}: line is {width} columns wide')
    if rel.startswith('src/sim/'):
        for i, line in enumerate(lines, 1):
            m = re.match(r'\s*#\s*include\s*"([^"]+)"', line)
            if m and re.match(r'(\.\./)*(ir|ra|sched|translate|valhall)/|(\.\./)*compile\.h',
                              m.group(1)):
                failures.append(f'{rel}:{i}: the simulator must not include '
                                f'"{m.group(1)}"')
    if rel.startswith('src/gen/'):
        for i, line in enumerate(lines, 1):
            m = re.match(r'\s*#\s*include\s*"([^"]+)"', line)
            if m and re.match(r'(\.\./)*(ir|ra|sched|translate|valhall|sim|emit|tools)/|'
                              r'(\.\./)*compile\.h', m.group(1)):
                failures.append(f'{rel}:{i}: the generator knows TGSI '
                                f'only; it must not include '
                                f'"{m.group(1)}"')
    if rel.startswith(PASS_DIRS) and rel.endswith('.c') \
            and rel not in NOT_PASSES:
        head = '\n'.join(lines[:60])
        for tag in ('Requires:', 'Ensures:', 'Invalidates:'):
            if tag not in head:
                failures.append(f'{rel}: pass file lacks "{tag}" in its '
                                'header comment')
    # Function lengths, for the Mesa layout: the name at column 0 on the
    # line after the return type, "{" and "}" alone at column 0.
    name = None
    for i, line in enumerate(lines):
        if line == '{':
            for j in range(i - 1, max(i - 8, -1), -1):
                m = re.match(r'([A-Za-z_]\w*)\(', lines[j])
                if m:
                    name, start = m.group(1), j
                    break
        elif line == '}' and name:
            functions.append((i - start + 1, rel, name))
            name = None

# .ci/run must run exactly the README's test command.
with open(os.path.join(root, 'README.md'), encoding='utf-8') as f:
    readme_cmds = [l.strip() for l in f
                   if l.startswith('{ [ -d build ]') and 'meson test' in l]
with open(os.path.join(root, '.ci', 'run'), encoding='utf-8') as f:
    ci_lines = [l.strip() for l in f]
if len(readme_cmds) != 1:
    failures.append('README.md: expected exactly one test command line, '
                    f'found {len(readme_cmds)}')
elif readme_cmds[0] not in ci_lines:
    failures.append('.ci/run does not run the README\'s test command '
                    f'"{readme_cmds[0]}"')

functions.sort(reverse=True)
print('longest functions:')
for n, rel, name in functions[:10]:
    print(f'  {n:5d}  {rel}  {name}')

for f in failures:
    print(f)
print(f'{len(failures)} style problem(s)')
sys.exit(1 if failures else 0)
