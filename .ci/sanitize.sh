#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# AddressSanitizer + UndefinedBehaviorSanitizer over the unit, conformance,
# golden and corpus suites.  -fno-sanitize-recover=all and halt_on_error
# turn every report into a failed test; exits non-zero on any.
#
# The build is clang's, with the libFuzzer targets (-Dfuzz=true), so that
# .ci/fuzz.sh fuzzes the same build instead of compiling the project a
# second time with the same sanitizers (CI's budget).
#
# usage: .ci/sanitize.sh            (from anywhere; builds build-sanitize)
#   CC=gcc .ci/sanitize.sh          another compiler (default clang; gcc
#                                   builds no fuzz targets)
#   SANITIZE_FULL=1 .ci/sanitize.sh the whole corpus suite; by default the
#                                   corpus suites run on every 12th shader
#                                   (TGSIVA_CORPUS_STRIDE, which each test
#                                   reports), and the tests of Mesa's own
#                                   binaries (va_mesa_ref_rules, mesa_ref,
#                                   mutate_*) are left to the ordinary
#                                   build: at full size they take some 40
#                                   minutes of the CI budget; the threaded
#                                   corpus compile runs on 120 shaders
#                                   (SANITIZE_THREADS_LIMIT)
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/common.sh
dir=build-sanitize
start=$(date +%s)
CC=${CC:-clang} CFLAGS="-fno-sanitize-recover=all -fno-omit-frame-pointer" \
   fresh_build "$dir" -Db_sanitize=address,undefined -Dfuzz=true
ninja -C "$dir" >/dev/null
built=$(date +%s)

export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# The regression shaders with 40 input sets each, not 160: their check
# is mostly the simulator's, five times slower here, and with 160 the
# test ran past its 300 s on a slow machine (the ordinary build runs all
# 160).
export TGSIVA_REGRESS_RUNS=${TGSIVA_REGRESS_RUNS:-40}
# One meson run, so that the slowest unit test (regress) overlaps the
# corpus tests instead of the corpus tests waiting for it.  The stride
# is read by the corpus tests alone (tests/corpus_dir.h).
mapfile -t tests < <(meson test -C "$dir" --list --suite unit \
   --suite conformance --suite golden 2>/dev/null |
   sed -n 's/^tgsiva:[a-z]* \/ //p')
mapfile -t corpus < <(meson test -C "$dir" --list --suite corpus \
   2>/dev/null | sed -n 's/^tgsiva:corpus \/ //p')
if [ -n "${SANITIZE_FULL:-}" ]; then
   TGSIVA_CORPUS_STRIDE=1 \
      meson test -C "$dir" --print-errorlogs "${tests[@]}" "${corpus[@]}"
else
   # The threaded corpus compile runs apart, on 120 shaders: at every
   # 12th it took 63 s here, a sixth of the tests' CPU, for what
   # .ci/tsan.sh checks under ThreadSanitizer too (this run keeps it for
   # ASan's view of workspaces reused compile after compile).
   mapfile -t -O ${#tests[@]} tests < <(printf '%s\n' "${corpus[@]}" |
      grep -v -x -e va_mesa_ref_rules -e mesa_ref -e mutate_mesa_ref \
         -e mutate_diff -e mutate_diff_apps -e corpus_threads)
   TGSIVA_CORPUS_STRIDE=${TGSIVA_CORPUS_STRIDE:-12} \
      meson test -C "$dir" --print-errorlogs "${tests[@]}"
   threads_corpus "$dir" "${SANITIZE_THREADS_LIMIT:-120}"
fi
# A report that a test caught without failing would still be a report.
# -q: a match counts even where threads.log is missing (SANITIZE_FULL).
if grep -q -s -E 'ERROR: (Address|Leak)Sanitizer|runtime error:' \
      "$dir"/meson-logs/testlog.txt "$dir"/threads.log; then
   echo "sanitizer reports in $dir/meson-logs/testlog.txt or" \
      "$dir/threads.log" >&2
   exit 1
fi
echo "sanitize: build $((built - start)) s, tests $(($(date +%s) - built)) s"
