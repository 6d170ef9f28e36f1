#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`tgsiva test`, `stats`, `compare` and `compile --report`, end to end.

usage: check_batch_cli.py TGSIVA SOURCE_ROOT

On a temporary folder of shaders (a few golden ones, and three written
here whose paths are known by construction): new shaders, --update,
pass, a failure with its diff, --update touching only what differs, an
expected error, an interrupted --update leaving every file whole, JUnit
read by an XML parser, stats as CSV and JSON, compare with known deltas,
and the report's figures.
"""
import csv
import glob
import json
import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..'))
from cli_check import check, finish, run  # noqa: E402


# IF/ELSE with a texture on the IF side only.
IF_ELSE = """FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL SAMP[0]
DCL SVIEW[0], 2D, FLOAT
DCL CONST[0][0]
DCL TEMP[0]
IMM[0] FLT32 {    0.5000,     1.0000,     0.0000,     0.0000}
  0: UIF CONST[0][0].xxxx
  1:   TEX TEMP[0], IN[0].xyyy, SAMP[0], 2D
  2: ELSE
  3:   MOV TEMP[0], IMM[0].xxxy
  4: ENDIF
  5: MOV OUT[0], TEMP[0]
  6: END
"""

LOOP = """FRAG
DCL OUT[0], COLOR
DCL CONST[0][0]
DCL TEMP[0..1]
IMM[0] FLT32 {    0.0000,     1.0000,     0.0000,     0.0000}
IMM[1] INT32 {0, 1, 0, 0}
  0: MOV TEMP[0], IMM[0].xxxx
  1: MOV TEMP[1].x, IMM[1].xxxx
  2: BGNLOOP
  3:   ISGE TEMP[1].y, TEMP[1].xxxx, CONST[0][0].xxxx
  4:   UIF TEMP[1].yyyy
  5:     BRK
  6:   ENDIF
  7:   ADD TEMP[0], TEMP[0], IMM[0].yyyy
  8:   UADD TEMP[1].x, TEMP[1].xxxx, IMM[1].yyyy
  9: ENDLOOP
 10: MOV OUT[0], TEMP[0]
 11: END
"""

DISCARD = """FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
  0: KILL_IF IN[0].xxxx
  1: MOV OUT[0], IN[0]
  2: END
"""

REFUSED = """FRAG
DCL OUT[0], COLOR
  0: NOSUCHOP OUT[0]
  1: END
"""




def last_line(r):
    lines = r.stdout.strip().splitlines()
    return lines[-1] if lines else ''


def make_folder(root, tmp):
    golden = os.path.join(root, 'shaders', 'golden')
    picks = [os.path.join(golden, 'fs', '014da709f898.tgsi'),
             os.path.join(golden, 'cs', '40b0a50e1bb0.tgsi'),
             sorted(glob.glob(os.path.join(golden, 'vs', '*.tgsi')))[0]]
    os.makedirs(os.path.join(tmp, 'sub'))
    for p in picks:
        shutil.copy(p, tmp)
    shutil.copy(os.path.join(root, 'shaders', 'example.tgsi'),
                os.path.join(tmp, 'sub'))
    for name, text in (('ifelse', IF_ELSE), ('loop', LOOP)):
        with open(os.path.join(tmp, 'sub', name + '.tgsi'), 'w') as f:
            f.write(text)
    return len(picks) + 3


def check_test_cycle(exe, tmp, n):
    r = run([exe, 'test', '-j', '2', tmp])
    check(r.returncode == 1 and last_line(r) == f'0 passed, 0 failed, {n} new',
          f'all new: {last_line(r)} exit {r.returncode}')
    check(r.stdout.count('NEW ') == n, 'one line per new shader')
    news = [l.split(':')[0][4:] for l in r.stdout.splitlines()
            if l.startswith('NEW ')]
    check(news == sorted(news), 'shaders in sorted path order')
    check(run([exe, 'test', '-j', '1', tmp]).stdout ==
          run([exe, 'test', '-j', '4', tmp]).stdout,
          'the same output for any -j')
    r = run([exe, 'test', '--update', tmp])
    check(r.returncode == 0 and r.stdout.count('wrote ') == n,
          f'--update writes the {n} new files')
    r = run([exe, 'test', tmp])
    check(r.returncode == 0 and last_line(r) == f'{n} passed, 0 failed, 0 new',
          f'all pass after --update: {last_line(r)}')
    # The expected file is the --stats line as a comment, then the
    # disassembly, as `compile --disasm --stats` prints them.
    ex = os.path.join(tmp, 'sub', 'example.tgsi')
    c = run([exe, 'compile', '--disasm', '--stats', ex])
    with open(ex[:-5] + '.expected') as f:
        check(f.read() == f'# stats: {c.stderr}{c.stdout}',
              'NAME.expected = stats comment + disassembly')


def check_failure_and_update(exe, tmp, n):
    victim = os.path.join(tmp, 'sub', 'ifelse.expected')
    with open(victim) as f:
        lines = f.read().split('\n')
    original = lines[2]
    lines[2] = 'FADD.f32 r0, r0, r0'
    with open(victim, 'w') as f:
        f.write('\n'.join(lines))
    before = {p: os.stat(p).st_mtime_ns
              for p in glob.glob(os.path.join(tmp, '**', '*.expected'),
                                 recursive=True)}
    junit = os.path.join(tmp, 'junit.xml')
    r = run([exe, 'test', '--junit', junit, tmp])
    check(r.returncode == 1 and
          last_line(r) == f'{n - 1} passed, 1 failed, 0 new',
          f'one failure: {last_line(r)}')
    check('FAIL ' + os.path.join(tmp, 'sub', 'ifelse.tgsi') in r.stdout and
          '\n-FADD.f32 r0, r0, r0\n' in r.stdout and
          f'\n+{original}\n' in r.stdout and '@@ -' in r.stdout,
          'the failure prints a unified diff with the changed line')
    tree = ET.parse(junit)
    cases = tree.findall('.//testcase')
    fails = tree.findall('.//testcase/failure')
    check(len(cases) == n and len(fails) == 1 and
          'FADD.f32 r0, r0, r0' in (fails[0].text or ''),
          f'JUnit: {len(cases)} cases, {len(fails)} failures')
    check(tree.getroot().tag == 'testsuites' and
          tree.find('testsuite').get('failures') == '1',
          'JUnit counts the failure')
    time.sleep(0.01)
    r = run([exe, 'test', '--update', tmp])
    wrote = [l for l in r.stdout.splitlines() if l.startswith('wrote ')]
    check(wrote == [f'wrote {victim}'], f'--update writes only {victim}')
    after = {p: os.stat(p).st_mtime_ns for p in before}
    check([p for p in before if before[p] != after[p]] == [victim],
          '--update touches no other file')
    check(run([exe, 'test', tmp]).returncode == 0, 'passes after --update')


def check_expected_error(exe, tmp, n):
    bad = os.path.join(tmp, 'refused.tgsi')
    with open(bad, 'w') as f:
        f.write(REFUSED)
    r = run([exe, 'test', tmp])
    check(r.returncode == 1 and f'NEW {bad}' in r.stdout, 'refused: new')
    run([exe, 'test', '--update', tmp])
    with open(bad[:-5] + '.expected') as f:
        text = f.read()
    check(text.startswith('refused.tgsi:3:') and 'error' in text,
          f'the expected file holds the diagnostic: {text!r}')
    r = run([exe, 'test', tmp])
    check(r.returncode == 0 and last_line(r) == f'{n + 1} passed, 0 failed, '
          '0 new', 'an expected refusal passes')
    os.remove(bad)
    os.remove(bad[:-5] + '.expected')


def check_interrupted_update(exe, root, tmp):
    """SIGINT while --update writes: every file old or new, never half."""
    folder = os.path.join(tmp, 'many')
    shutil.copytree(os.path.join(root, 'shaders', 'golden'), folder)
    for p in glob.glob(os.path.join(folder, '*', '*.expected')):
        with open(p, 'w') as f:
            f.write('old\n')
    proc = subprocess.Popen([exe, 'test', '--update', '-j', '1', folder],
                            stdout=subprocess.DEVNULL)
    deadline = time.time() + 30
    while proc.poll() is None and time.time() < deadline:
        if any(open(p).read() != 'old\n' for p in
               glob.glob(os.path.join(folder, '*', '*.expected'))):
            break
        time.sleep(0.001)
    proc.send_signal(signal.SIGINT)
    code = proc.wait()
    print(f'interrupted --update: exit {code} '
          f'({"killed by the signal" if code < 0 else "finished first"})')
    check(not glob.glob(os.path.join(folder, '**', '*.tmp.*'),
                        recursive=True), 'no temporary file left')
    r = run([exe, 'test', folder])
    bad = [l for l in r.stdout.splitlines() if l.startswith('FAIL ')]
    # A file is either the old text (fails with a diff of 'old') or the
    # whole new one (passes): a half-written file would be neither.
    half = [l for l in bad
            if not open(l[5:][:-5] + '.expected').read() == 'old\n']
    check(not half, f'half-written files: {half}')
    print(f'  {len(bad)} files still old, the others whole and new')
    shutil.rmtree(folder)


def check_stats_and_compare(exe, tmp):
    run_csv = os.path.join(tmp, 'run.csv')
    r = run([exe, 'stats', '-j', '2', tmp, '-o', run_csv])
    check(r.returncode == 0, f'stats: exit {r.returncode} {r.stderr}')
    with open(run_csv) as f:
        rows = list(csv.DictReader(f))
    check(rows and list(rows[0])[:4] == ['file', 'stage', 'program',
                                          'instructions'],
          'CSV header row')
    check(any(x['program'] == 'varying' for x in rows) and
          any(x['stage'] == 'compute' for x in rows),
          'a row per program of every stage')
    same = run([exe, 'compare', run_csv, run_csv])
    check(same.returncode == 0 and 'no change' in same.stdout and
          ' 0 changed' in same.stdout, 'compare against itself: no change')
    # Known deltas: one program loses half its instructions, another
    # disappears.
    new_rows = [dict(x) for x in rows[1:]]
    new_rows[0]['instructions'] = str(int(new_rows[0]['instructions']) // 2)
    new_csv = os.path.join(tmp, 'new.csv')
    with open(new_csv, 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(new_rows)
    diff = run([exe, 'compare', run_csv, new_csv])
    ins = [l for l in diff.stdout.splitlines()
           if l.startswith('instructions')]
    # ... | helped hurt geomean
    check(diff.returncode == 0 and len(ins) == 1 and
          ins[0].split()[-3:-1] == ['1', '0'],
          f'compare: one program helped, none hurt: {ins}')
    check(f"only in OLD:\n  {rows[0]['file']} {rows[0]['program']}"
          in diff.stdout, 'compare lists the program only in OLD')
    check('moved most (instructions)' in diff.stdout,
          'compare lists the programs that moved most')
    js = run([exe, 'stats', '--format', 'json', tmp])
    doc = json.loads(js.stdout)
    check(doc['version'] == 1 and len(doc['programs']) == len(rows),
          'JSON: version and one object per program')


def on_terminal(exe, golden, stdout):
    """What `tgsiva stats` writes to stderr when that is a terminal."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([exe, 'stats', '-j', '1', golden],
                            stdout=stdout, stderr=slave)
    os.close(slave)
    if stdout == subprocess.PIPE:
        proc.stdout.read()
    seen = b''
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    proc.wait()
    os.close(master)
    return seen


def check_progress(exe, root):
    """A progress line on a terminal, nothing when stderr is a pipe."""
    golden = os.path.join(root, 'shaders', 'golden')
    piped = run([exe, 'stats', '-j', '1', golden])
    check('\r' not in piped.stderr, 'no progress line when stderr is a pipe')
    # "stats: done/total"; a terminal also turns each '\n' into "\r\n".
    progress = re.compile(rb'\rstats: [0-9]+/[0-9]+')
    check(progress.search(on_terminal(exe, golden, subprocess.DEVNULL)),
          'a progress line on a terminal')
    check(not progress.search(on_terminal(exe, golden, subprocess.PIPE)),
          'no progress line while the output goes into a pipe')


def report(exe, path):
    r = run([exe, 'compile', '--report', '--format', 'json', path])
    check(r.returncode == 0, f'report of {path}: {r.stderr}')
    return json.loads(r.stdout)['programs'][0]


def check_properties(exe, tmp):
    example = report(exe, os.path.join(tmp, 'sub', 'example.tgsi'))
    check(example['properties']['derivatives'] and
          not example['properties']['discard'],
          'a texture with an implicit LOD needs helper lanes')
    cs = report(exe, os.path.join(tmp, '40b0a50e1bb0.tgsi'))
    check(cs['properties']['side_effects'] and cs['stage'] == 'compute',
          'a compute shader that stores has side effects')
    path = os.path.join(tmp, 'discard.tgsi')
    with open(path, 'w') as f:
        f.write(DISCARD)
    kill = report(exe, path)['properties']
    os.remove(path)
    check(kill['discard'] and kill['modifies_coverage'] and
          kill['late_zs_test'] and not kill['derivatives'],
          f'KILL_IF: discard, coverage, late ZS: {kill}')


def check_report(exe, tmp):
    straight = report(exe, os.path.join(tmp, 'sub', 'example.tgsi'))
    c = straight['cycles']
    check(c['shortest'] == c['total'] == c['longest'],
          'straight-line: shortest = longest = total')
    for key in ('work_registers', 'uniform_registers', 'stack_spilling',
                'tls_bytes', 'fp16_arithmetic', 'properties'):
        check(key in straight, f'report JSON has {key}')
    branch = report(exe, os.path.join(tmp, 'sub', 'ifelse.tgsi'))
    c = branch['cycles']
    check(c['shortest']['t'] == 0 and c['longest']['t'] == c['total']['t']
          and c['total']['t'] > 0,
          'IF/ELSE: the texture is on the longest path only')
    check(c['shortest']['instructions'] < c['longest']['instructions'],
          'IF/ELSE: the shortest path is shorter')
    loop = report(exe, os.path.join(tmp, 'sub', 'loop.tgsi'))
    check(loop['cycles']['longest'] is None and loop['longest_unbounded'],
          'loop: no longest path')
    check_properties(exe, tmp)
    text = run([exe, 'compile', '--report', os.path.join(tmp, 'sub',
                                                          'loop.tgsi')])
    check('N/A (a loop: no bound)' in text.stdout and
          'Shortest path' in text.stdout, 'text report of a loop says N/A')


def main():
    exe, root = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        n = make_folder(root, tmp)
        check_test_cycle(exe, tmp, n)
        check_failure_and_update(exe, tmp, n)
        check_expected_error(exe, tmp, n)
        check_report(exe, tmp)
        check_stats_and_compare(exe, tmp)
        check_interrupted_update(exe, root, tmp)
    check_progress(exe, root)
    r = run([exe, 'test', '/nonexistent/dir'])
    check(r.returncode == 1 and 'nonexistent' in r.stderr,
          'a missing path is an error')
    return finish('batch cli')


if __name__ == '__main__':
    sys.exit(main())
