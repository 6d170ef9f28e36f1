#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The compiler and build-type matrix, and tgsiva as a driver's subproject.
# Called by .ci/run before the main build; any failure fails CI.
#
# Every configuration builds everything with -Dwerror=true and runs the
# fast tests of the unit, conformance and golden suites (the two slowest
# unit tests, regress and limits, and the corpus suites run once, in the
# main build).  The main build is gcc -O2 (the project's default,
# debugoptimized); here gcc -O0 (debug) and clang -O3 with asserts off
# (-Db_ndebug=true exposes variables only asserts use; clang's
# -Wunused-variable and -Wunused-but-set-variable see them as gcc's do).
# A gcc -O3 build was dropped for CI time: the gcc -O2 main build sees
# gcc's optimisation-time warnings.
# Each step prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tgsiva-matrix.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

configs=(
   "gcc debug"
   "clang release -Db_ndebug=true"
)

step() { # NAME COMMAND...: runs COMMAND, prints its time, log on failure
   local name=$1 start=$SECONDS
   shift
   if ! "$@" >"$scratch/log" 2>&1; then
      tail -n 60 "$scratch/log"
      echo "matrix: FAILED: $name"
      exit 1
   fi
   echo "matrix: ok: $name ($((SECONDS - start)) s)"
}

total=$SECONDS
for config in "${configs[@]}"; do
   read -r compiler buildtype extra <<<"$config"
   dir=$scratch/$compiler-$buildtype
   step "$config: setup" env CC="$compiler" meson setup "$dir" \
      -Dwerror=true -Dbuildtype="$buildtype" ${extra:+"$extra"}
   step "$config: build" ninja -C "$dir"
   mapfile -t fast < <(meson test -C "$dir" --list --suite unit \
      --suite conformance --suite golden 2>/dev/null |
      sed -n 's/^tgsiva:[a-z]* \/ //p' | grep -v -x -e regress -e limits)
   step "$config: unit, conformance, golden (${#fast[@]} tests)" \
      meson test -C "$dir" --print-errorlogs "${fast[@]}"
   rm -rf "$dir"
done
step "tgsiva as a meson subproject" sh tests/subproject/check_subproject.sh "$src"
echo "matrix: all passed in $((SECONDS - total)) s"
