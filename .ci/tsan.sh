#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ThreadSanitizer over the thread test (tests/threads): 8 threads compile
# the shaders of the tree and a subset of the corpus at once, and each
# result must equal the single-threaded one; and over the API's unit test
# (one shader, many threads).  Exits non-zero on a data race, a difference
# or any other failure.
#
# usage: .ci/tsan.sh   (CC=clang for clang's ThreadSanitizer; TSAN_LIMIT=N
#                       corpus shaders, default 100)
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/common.sh
dir=build-tsan
start=$(date +%s)
fresh_build "$dir" -Db_sanitize=thread -Ddiff_suite=false
ninja -C "$dir" tests/threads/test_threads tests/util/test_api >/dev/null
built=$(date +%s)

export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
export TGSIVA_SOURCE_ROOT=$PWD TGSIVA_SHARED=$PWD/../shared
"$dir"/tests/util/test_api
"$dir"/tests/threads/test_threads builtin --rounds 2
threads_corpus "$dir" "${TSAN_LIMIT:-100}"
echo "tsan: build $((built - start)) s, tests $(($(date +%s) - built)) s"
