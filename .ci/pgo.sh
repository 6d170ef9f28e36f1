#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The profile-guided release build (scripts/pgo_build.sh,
# docs/performance.md "Profile-guided builds") still builds, trains and
# makes the golden binaries: a profile lays the compiler's code out, it
# must not change what the compiler emits.  Exits non-zero if the build
# fails or a golden output differs.
#
# usage: .ci/pgo.sh   (CC=clang for clang's profiles)
set -euo pipefail
cd "$(dirname "$0")/.."

dir=build-pgo
start=$(date +%s)
rm -rf "$dir"
scripts/pgo_build.sh "$dir" >/dev/null
built=$(date +%s)
"$dir"/tgsiva test shaders/golden
echo "pgo: build and training $((built - start)) s"
