#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Limits and hostile input, end to end through the command line
(docs/limits.md lists every limit with the case that checks it).

usage: check_limits.py TGSIVA SOURCE_ROOT [CASE...]

Every case runs `tgsiva` on a generated input and checks that it ends
cleanly: exit 0, or exit 1 with an error that names FILE:LINE:COLUMN for
text; never a signal, a sanitizer report, exit 2, or a hang (each run has
a time limit); and, when it fails, no output file left behind.  Prints one
line per case and "N passed, N failed"."""
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile

EXE = ''
ROOT = ''
TMP = ''
HEADER = ('FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n'
          'DCL TEMP[0..1]\n'
          'IMM[0] FLT32 {    1.0000,     0.5000,     0.0000,     0.0000}\n')
# Generous: the sanitizer build is several times slower.
TIME_LIMIT = 240


def shader(body, header=HEADER):
    lines = [header.rstrip('\n')]
    lines += ['%3d: %s' % (i, b) for i, b in enumerate(body)]
    return '\n'.join(lines) + '\n'


def write(name, data):
    path = os.path.join(TMP, name)
    mode = 'wb' if isinstance(data, bytes) else 'w'
    with open(path, mode) as f:
        f.write(data)
    return path


def run(args, stdout=subprocess.PIPE, preexec=None):
    try:
        return subprocess.run([EXE] + args, stdout=stdout,
                              stderr=subprocess.PIPE, text=True,
                              errors='replace', timeout=TIME_LIMIT,
                              preexec_fn=preexec)
    except subprocess.TimeoutExpired:
        return None


def leftovers(directory, keep):
    """Files in directory other than those in keep (temporaries, partial
    outputs)."""
    return sorted(set(os.listdir(directory)) - set(keep))


def ends_cleanly(r, allow_ok=True, position=None):
    """None if the run ended as a bad input must, else what went wrong."""
    if r is None:
        return 'hung (more than %d s)' % TIME_LIMIT
    if r.returncode < 0:
        return 'killed by signal %d' % -r.returncode
    if 'Sanitizer' in r.stderr or 'runtime error' in r.stderr:
        return 'sanitizer report: ' + r.stderr[:300]
    if r.returncode == 0:
        return None if allow_ok else 'accepted'
    if r.returncode != 1:
        return 'exit %d: %s' % (r.returncode, r.stderr[:300])
    first = r.stderr.splitlines()[0] if r.stderr else ''
    if 'error:' not in first:
        return 'no error message: %r' % first
    if position and not re.match(r'^[^:]+:\d+:\d+: error: ', first):
        return 'no FILE:LINE:COLUMN: %r' % first
    return None


# --- Cases: each returns None (passed) or what went wrong. -------------

def case_huge_shader():
    """100,000 instructions: compiles within --memory-limit 2048, and
    stops with a clear limit error under the default 256 MiB."""
    body = ['MOV TEMP[0], IN[0]']
    body += ['ADD TEMP[0], IN[0], TEMP[0]'] * 99997
    body += ['MOV OUT[0], TEMP[0]', 'END']
    src = write('huge.tgsi', shader(body))
    out = os.path.join(TMP, 'huge.bin')
    r = run(['compile', '--memory-limit', '2048', src, '-o', out])
    if r is None or r.returncode != 0:
        return 'with 2 GiB: ' + (ends_cleanly(r) or r.stderr[:200])
    if os.path.getsize(out) < 8 * 10000:
        return 'suspiciously small binary'
    os.remove(out)
    r = run(['compile', src, '-o', out])
    bad = ends_cleanly(r, allow_ok=True)
    if bad:
        return bad
    if r.returncode == 1 and ('memory limit' not in r.stderr or
                              os.path.exists(out)):
        return 'default limit: %r, output left: %s' % (
            r.stderr[:200], os.path.exists(out))
    return None


def nested(depth, open_op, close_op, inner):
    body = [open_op] * depth + inner + [close_op] * depth
    return body + ['MOV OUT[0], TEMP[0]', 'END']


def case_deep_if():
    """3,000 nested IF: compiles (the translator keeps its own stack on
    the heap); the interpreter refuses more than 64 levels cleanly."""
    body = nested(3000, 'IF IN[0].xxxx :0', 'ENDIF',
                  ['ADD TEMP[0], IN[0], TEMP[0]'])
    src = write('deep_if.tgsi', shader(['MOV TEMP[0], IN[0]'] + body))
    r = run(['compile', src, '-o', os.path.join(TMP, 'deep_if.bin')])
    if r is None or r.returncode != 0:
        return 'compile: ' + (ends_cleanly(r) or r.stderr[:200])
    r = run(['run', src])
    if ends_cleanly(r, allow_ok=False) or 'nested' not in r.stderr:
        return 'run: %s' % (ends_cleanly(r, allow_ok=False) or r.stderr)
    return None


def case_deep_loop():
    """3,000 nested BGNLOOP with a conditional BRK in the innermost."""
    body = nested(3000, 'BGNLOOP :0', 'ENDLOOP :0',
                  ['ADD TEMP[0], IN[0], TEMP[0]', 'IF IN[0].xxxx :0', 'BRK',
                   'ENDIF'])
    src = write('deep_loop.tgsi', shader(['MOV TEMP[0], IN[0]'] + body))
    r = run(['compile', src, '-o', os.path.join(TMP, 'deep_loop.bin')])
    if r is None or r.returncode != 0:
        return 'compile: ' + (ends_cleanly(r) or r.stderr[:200])
    return None


def refused_with_position(prefix, texts):
    """None if `compile` refuses every text at a position and leaves no
    output, else what went wrong."""
    for name, text in texts.items():
        src = write('%s_%s.tgsi' % (prefix, name), text)
        out = os.path.join(TMP, prefix + '.bin')
        bad = ends_cleanly(run(['compile', src, '-o', out]), allow_ok=False,
                           position=True)
        if bad or os.path.exists(out):
            return '%s: %s' % (name, bad or 'output left behind')
    return None


def case_unbalanced_nesting():
    """Thousands of openings never closed, and closings never opened."""
    return refused_with_position('unbalanced', {
        'open': shader(['IF IN[0].xxxx :0'] * 5000 + ['END']),
        'close': shader(['ENDLOOP :0'] * 5000 + ['END'])})


def case_register_indices():
    """Huge register indices and declarations: past the text's 65535 and
    past the translator's 4096 registers per file."""
    cases = {
        'temp_4g': 'FRAG\nDCL TEMP[0..4294967295]\n  0: END\n',
        'in_100k': 'FRAG\nDCL IN[100000], GENERIC[0], PERSPECTIVE\n'
                   '  0: END\n',
        'const_1m': 'FRAG\nDCL CONST[0][0..1000000]\n  0: END\n',
        'ubo_70k': 'FRAG\nDCL CONST[70000][0]\n  0: END\n',
        'temp_5000': 'FRAG\nDCL TEMP[0..5000]\nDCL OUT[0], COLOR\n'
                     '  0: MOV OUT[0], TEMP[5000]\n  1: END\n',
        'out_10000': 'FRAG\nDCL OUT[10000], GENERIC[0]\n  0: END\n',
        'sview_100k': 'FRAG\nDCL SVIEW[100000], 2D, FLOAT\n  0: END\n',
        'imm_index': 'FRAG\nDCL OUT[0], COLOR\n'
                     '  0: MOV OUT[0], IMM[99999]\n  1: END\n',
    }
    return refused_with_position('index', cases)


def case_sizes():
    """Text over 64 MiB, 3001 sampler units (past 2048), too many
    assembly modifiers, a register budget outside 8-64, a reference
    package nested deeper than 64."""
    big = write('big.tgsi', b'FRAG\n' + (b'#' * 1023 + b'\n') * (65 << 10))
    r = run(['dump', big])
    if ends_cleanly(r, allow_ok=False) or 'bytes' not in r.stderr:
        return '64 MiB text: %s' % (ends_cleanly(r, allow_ok=False) or
                                    r.stderr[:200])
    os.remove(big)
    samp = write('samp.tgsi', 'FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\n'
                 'DCL OUT[0], COLOR\nDCL SAMP[3000]\n'
                 'DCL SVIEW[3000], 2D, FLOAT\n'
                 '  0: TEX OUT[0], IN[0], SAMP[3000], 2D\n  1: END\n')
    bad = ends_cleanly(run(['compile', samp]), allow_ok=False, position=True)
    if bad:
        return 'sampler units: ' + bad
    mods = write('mods.s', 'FADD.f32' + '.clamp_0_1' * 40 +
                 ' r0, r1, r2\n')
    bad = ends_cleanly(run(['asm', mods, '-o', '-']), allow_ok=False,
                       position=True)
    if bad:
        return 'assembly modifiers: ' + bad
    example = os.path.join(ROOT, 'shaders', 'example.tgsi')
    for n in ('7', '65', '-1', 'x'):
        r = run(['compile', '--max-registers', n, example])
        if r is None or r.returncode != 1 or '8 to 64' not in r.stderr:
            return '--max-registers %s: %s' % (n, r and r.stderr[:200])
    pkg = write('deep.json', '[' * 100 + ']' * 100)
    bad = ends_cleanly(run(['run', '--check', '--reference', pkg, example]),
                       allow_ok=False)
    if bad:
        return 'deep reference package: ' + bad
    return None


def case_register_budget():
    """A shader one of whose instructions needs 9 registers at once
    (found by the generator, seed 2080089208): under --max-registers 8 a
    clear limit error and no output; within the default budget, code."""
    src = os.path.join(ROOT, 'tests', 'limits', 'nine-registers-at-once.tgsi')
    out = os.path.join(TMP, 'nine.bin')
    r = run(['compile', '--max-registers', '8', src, '-o', out])
    bad = ends_cleanly(r, allow_ok=False)
    if bad or 'registers at once' not in r.stderr or os.path.exists(out):
        return bad or 'message %r, output left: %s' % (
            r.stderr[:200], os.path.exists(out))
    r = run(['compile', src, '-o', out])
    if r is None or r.returncode != 0 or not os.path.exists(out):
        return 'default budget: ' + (ends_cleanly(r) or r.stderr[:200])
    return None


def case_truncated_text():
    """Every prefix of a real shader (at 97 cut points): parse and
    compile each; errors name FILE:LINE:COLUMN."""
    with open(os.path.join(ROOT, 'shaders', 'example.tgsi')) as f:
        text = f.read()
    cuts = sorted({len(text) * k // 97 for k in range(97)})
    for cut in cuts:
        src = write('cut.tgsi', text[:cut])
        for cmd in (['dump', src], ['compile', src]):
            r = run(cmd)
            bad = ends_cleanly(r, position=cut > 0)
            if bad:
                return '%s at byte %d: %s' % (cmd[0], cut, bad)
    return None


def case_garbage_text():
    """Random bytes, NUL bytes, a 1 MB line, invalid UTF-8."""
    import random
    rng = random.Random(14)
    inputs = {
        'random': bytes(rng.randrange(256) for _ in range(4096)),
        'nul': b'FRAG\n\0\0\0\n',
        'long_line': b'FRAG\n' + b'A' * (1 << 20) + b'\n',
        'utf8': 'FRAG\nDCL TEMP[0]\n  0: MOV TEMP[0], TEMP[0].\u00e9\n'
                .encode(),
    }
    for name, data in inputs.items():
        src = write('garbage_%s.tgsi' % name, data)
        for cmd in (['dump', src], ['compile', src], ['run', src]):
            bad = ends_cleanly(run(cmd), allow_ok=False)
            if bad:
                return '%s %s: %s' % (cmd[0], name, bad)
    return None


def case_truncated_tokens():
    """A real token stream cut at every word and with every word
    replaced by garbage: `dump --from-tokens` ends cleanly."""
    tok = os.path.join(TMP, 'example.tok')
    r = run(['dump', '--tokens', '-o', tok,
             os.path.join(ROOT, 'shaders', 'example.tgsi')])
    if r is None or r.returncode != 0:
        return 'cannot make tokens: %s' % (r and r.stderr)
    with open(tok, 'rb') as f:
        words = f.read()
    variants = [words[:n] for n in range(0, len(words), 4)]
    variants += [words[:n] + b'\xff\xff\xff\xff' + words[n + 4:]
                 for n in range(0, len(words), 4)]
    variants += [words[:-1], words + b'\x01']
    for i, data in enumerate(variants):
        src = write('tok.bin', data)
        bad = ends_cleanly(run(['dump', '--from-tokens', src]))
        if bad:
            return 'variant %d: %s' % (i, bad)
    return None


def case_garbage_binary():
    """Random words through the disassembler (with --validate) and
    random text through the assembler."""
    import random
    rng = random.Random(15)
    words = write('random.bin', bytes(rng.randrange(256)
                                      for _ in range(8 * 512)))
    for cmd in (['disasm', words], ['disasm', '--validate', words],
                ['disasm', '--hex', words], ['asm', words, '-o', '-']):
        bad = ends_cleanly(run(cmd))
        if bad:
            return '%s: %s' % (' '.join(cmd[:2]), bad)
    return None


def case_memory_limit():
    """--memory-limit: a clear LIMIT error, exit 1, no output file."""
    out = os.path.join(TMP, 'limited.bin')
    src = os.path.join(TMP, 'deep_if.tgsi')
    if not os.path.exists(src):
        src = write('deep_if.tgsi', shader(['MOV TEMP[0], IN[0]'] + nested(
            3000, 'IF IN[0].xxxx :0', 'ENDIF', ['ADD TEMP[0], IN[0], '
                                                'TEMP[0]'])))
    r = run(['compile', '--memory-limit', '1', src, '-o', out])
    bad = ends_cleanly(r, allow_ok=False)
    if bad or 'memory limit' not in r.stderr or os.path.exists(out):
        return bad or 'message %r, output left: %s' % (
            r.stderr[:200], os.path.exists(out))
    return None


def output_commands(d):
    """Every command that writes a file, as (name, argv builder)."""
    example = os.path.join(ROOT, 'shaders', 'example.tgsi')
    vertex = write('vertex.tgsi',
                   'VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n'
                   'DCL OUT[1], GENERIC[0]\n  0: MOV OUT[0], IN[0]\n'
                   '  1: MOV OUT[1], IN[0]\n  2: END\n')
    asm = write('ok.s', 'MOV.i32 r1, r2\nNOP.end\n')
    words = os.path.join(d, 'words.bin')
    run(['asm', asm, '-o', words])
    return [
        ('compile', lambda o: ['compile', example, '-o', o]),
        ('compile vertex', lambda o: ['compile', vertex, '-o', o]),
        ('dump', lambda o: ['dump', example, '-o', o]),
        ('dump --tokens', lambda o: ['dump', '--tokens', example, '-o', o]),
        ('asm', lambda o: ['asm', asm, '-o', o]),
        ('disasm', lambda o: ['disasm', words, '-o', o]),
    ]


def case_output_unwritable():
    """-o into a missing directory, onto a directory: exit 1, nothing
    created."""
    d = tempfile.mkdtemp(dir=TMP)
    cmds = output_commands(d)
    keep = os.listdir(d)
    for name, argv in cmds:
        for target in (os.path.join(d, 'missing', 'out'), d):
            bad = ends_cleanly(run(argv(target)), allow_ok=False)
            if bad or leftovers(d, keep):
                return '%s -o %s: %s' % (name, target,
                                         bad or leftovers(d, keep))
    return None


def case_output_device_full():
    """-o /dev/full and stdout on /dev/full: ENOSPC is an error, and the
    device node stays a device."""
    if not os.path.exists('/dev/full'):
        return None
    for name, argv in output_commands(tempfile.mkdtemp(dir=TMP)):
        bad = ends_cleanly(run(argv('/dev/full')), allow_ok=False)
        if bad:
            return '%s -o /dev/full: %s' % (name, bad)
        with open('/dev/full', 'wb') as full:
            bad = ends_cleanly(run(argv('-'), stdout=full), allow_ok=False)
        if bad:
            return '%s -o - > /dev/full: %s' % (name, bad)
    import stat
    if not stat.S_ISCHR(os.stat('/dev/full').st_mode):
        return '/dev/full was replaced'
    example = os.path.join(ROOT, 'shaders', 'example.tgsi')
    with open('/dev/full', 'wb') as full:
        for argv in (['compile', example, '--disasm'], ['run', example]):
            bad = ends_cleanly(run(argv, stdout=full), allow_ok=False)
            if bad:
                return '%s > /dev/full: %s' % (' '.join(argv[:1]), bad)
    return None


def small_disk():
    """A 'disk' of 16 bytes: writes past it fail with EFBIG instead of
    killing the process (SIGXFSZ ignored, as the child inherits)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (16, 16))


def case_output_disk_full():
    """A full disk (RLIMIT_FSIZE): exit 1, the old file unchanged, no
    temporary left."""
    d = tempfile.mkdtemp(dir=TMP)
    failed = 0
    for name, argv in output_commands(d):
        out = os.path.join(d, 'out')
        with open(out, 'w') as f:
            f.write('old')
        keep = os.listdir(d)
        r = run(argv(out), preexec=small_disk)
        if r is not None and r.returncode == 0:
            continue  # the output fits in 16 bytes
        with open(out, 'rb') as f:
            old = f.read() == b'old'
        bad = ends_cleanly(r, allow_ok=False)
        if bad or not old or leftovers(d, keep):
            return '%s: %s' % (name, bad or ('old file changed' if not old
                                             else leftovers(d, keep)))
        failed += 1
    return None if failed >= 4 else 'only %d writes hit the limit' % failed


CASES = [(name[5:], fn) for name, fn in sorted(globals().items())
         if name.startswith('case_')]


def main():
    global EXE, ROOT, TMP
    EXE, ROOT = sys.argv[1], sys.argv[2]
    wanted = sys.argv[3:]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        TMP = tmp
        for name, fn in CASES:
            if wanted and name not in wanted:
                continue
            what = fn()
            print('%-20s %s' % (name, 'ok' if what is None else
                                'FAILED: ' + what))
            failed += what is not None
    ran = sum(1 for n, _ in CASES if not wanted or n in wanted)
    print('limits: %d passed, %d failed' % (ran - failed, failed))
    return 1 if failed or not ran else 0


if __name__ == '__main__':
    sys.exit(main())
