#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A short fuzz campaign: takes the libFuzzer targets of .ci/sanitize.sh's
# clang build (ASan and UBSan) when it has them, else builds them
# (build-fuzz-ci), replays every regression input under
# tests/fuzz/regressions/, then fuzzes each target for FUZZ_SECONDS
# (default 5) from the seed corpora made from ../shared (at most
# FUZZ_SEEDS of each, default 40, and the regression inputs).  Exits non-zero
# on any crash, sanitizer report, hang (> 25 s instrumented, about 10 s of
# a release build), out-of-memory or leak.
# Long campaigns: bench/fuzz_campaign.sh -c 1800 -k (30 CPU-minutes each).
#
# usage: .ci/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/common.sh
dir=build-sanitize
start=$(date +%s)
if ! grep -q 'fuzz_compile_text' "$dir/build.ninja" 2>/dev/null; then
   dir=build-fuzz-ci
   CC=${CC:-clang} CFLAGS="-fno-sanitize-recover=all -fno-omit-frame-pointer" \
      fresh_build "$dir" -Dfuzz=true -Db_sanitize=address,undefined \
      -Ddiff_suite=false
fi
targets=(tgsi_text tgsi_tokens compile_text compile_tokens va_asm va_disasm
         sim shader_blob)
ninja -C "$dir" tests/fuzz/seeds.txt \
   "${targets[@]/#/tests/fuzz/fuzz_}" "${targets[@]/#/tests/fuzz/replay_}" \
   >/dev/null
built=$(date +%s)

export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
for t in "${targets[@]}"; do
   "$dir/tests/fuzz/replay_$t" "tests/fuzz/regressions/$t" | tail -1
done
# Not niced: CI runs nothing else meanwhile, and a niced fuzzer on a
# loaded machine turns a 3 s input into a 30 s "timeout".
# 40 seeds each: with all of them the two whole-compile targets spent
# their 5 s (and 50 s more) running seeds and never mutated one; the
# sanitized corpus suites compile every 12th corpus shader anyway.
FUZZ_SEEDS=${FUZZ_SEEDS:-40} FUZZ_NICE=${FUZZ_NICE:-0} \
   bench/fuzz_campaign.sh -b "$dir" -t "${FUZZ_SECONDS:-5}"
echo "fuzz: build $((built - start)) s, fuzzing $(($(date +%s) - built)) s"
