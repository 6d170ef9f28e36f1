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
#                                   minutes of the CI budget
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
suites=(--suite unit --suite conformance --suite golden)
corpus=()
if [ -n "${SANITIZE_FULL:-}" ]; then
   suites+=(--suite corpus)
else
   mapfile -t corpus < <(meson test -C "$dir" --list --suite corpus 2>/dev/null |
      sed -n 's/^tgsiva:corpus \/ //p' |
      grep -v -x -e va_mesa_ref_rules -e mesa_ref -e mutate_mesa_ref \
         -e mutate_diff -e mutate_diff_apps)
fi
meson test -C "$dir" --print-errorlogs "${suites[@]}"
if [ ${#corpus[@]} -gt 0 ]; then
   TGSIVA_CORPUS_STRIDE=${TGSIVA_CORPUS_STRIDE:-12} \
      meson test -C "$dir" --print-errorlogs "${corpus[@]}"
fi
# A report that a test caught without failing would still be a report.
if grep -l -E 'ERROR: (Address|Leak)Sanitizer|runtime error:' \
      "$dir"/meson-logs/testlog.txt >/dev/null; then
   echo "sanitizer reports in $dir/meson-logs/testlog.txt" >&2
   exit 1
fi
echo "sanitize: build $((built - start)) s, tests $(($(date +%s) - built)) s"
