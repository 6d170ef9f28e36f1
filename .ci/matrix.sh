#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The compiler and build-type matrix, and tgsiva as a driver's subproject.
# Called by .ci/run before the main build; any failure fails CI.
#
# Every configuration builds everything with -Dwerror=true and runs the
# fast suites (unit, conformance, golden); the corpus suites run once, in
# the main build.  gcc release also turns asserts off (-Db_ndebug=true),
# which exposes variables only asserts use.  Each step prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tgsiva-matrix.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

configs=(
   "gcc debug"
   "gcc debugoptimized"
   "gcc release -Db_ndebug=true"
   "clang debugoptimized"
   "clang release"
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
   step "$config: unit, conformance, golden" meson test -C "$dir" \
      --suite unit --suite conformance --suite golden --print-errorlogs
   rm -rf "$dir"
done
step "tgsiva as a meson subproject" sh tests/subproject/check_subproject.sh "$src"
echo "matrix: all passed in $((SECONDS - total)) s"
