#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Mesa's compiled corpus through tgsiva's hardware-rule validator.

usage: check_mesa_ref_rules.py TGSIVA

Mesa's binaries in ../shared/mesa-ref run on real Mali GPUs, so every one
of them must pass `tgsiva disasm --validate` (src/emit/va_validate.c): a
rejection means the validator demands something the hardware does not
(or reads the words wrongly), and then it would also misjudge tgsiva's
own code.  This is how the validator's model of dependency slots and flow
(flow acts after its instruction, no waits for staging-register reads,
the ATEST/ZS_EMIT/BLEND rules) is held to proven code.  Prints
`N passed, N failed` and the first failures.

Exits 77 (skipped) when ../shared/mesa-ref is absent.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile


def main():
    exe = sys.argv[1]
    shared = os.environ.get('TGSIVA_SHARED', '../shared')
    files = sorted(glob.glob(os.path.join(shared, 'mesa-ref', '*', '*.json')))
    if not files:
        print(f'skipped: no packages under {shared}/mesa-ref')
        return 77
    passed, failures = 0, []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'program.bin')
        for pkg_path in files:
            with open(pkg_path, encoding='utf-8') as f:
                pkg = json.load(f)
            for name, hex_text in sorted(pkg['binaries'].items()):
                if not hex_text:
                    continue
                with open(path, 'wb') as out:
                    out.write(bytes.fromhex(hex_text))
                run = subprocess.run([exe, 'disasm', '--validate', path],
                                     capture_output=True, text=True)
                label = f'{pkg["tgsi"]} {name}'
                if run.returncode == 0:
                    passed += 1
                else:
                    failures.append(f'{label}: {run.stderr.strip()}')
    for line in failures[:20]:
        print(line)
    print(f'mesa-ref programs: {passed} passed, {len(failures)} failed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
