#!/bin/sh
# SPDX-License-Identifier: MIT
# A release build optimised with a profile of compiles (GCC's or clang's
# profile-guided optimisation through meson's b_pgo): the fastest
# library and command line this tree makes (docs/performance.md,
# "Profile-guided builds").
#
#   scripts/pgo_build.sh [BUILD_DIR] [TRAIN_DIR]
#
# 1. configures BUILD_DIR (default build-pgo) as a release build that
#    records a profile, with link-time optimisation under GCC, and
#    builds the command line and the benchmark;
# 2. trains it on programs of its own making, never on the corpus the
#    speed is measured on: `tgsiva gen` programs of 20 and of 80 body
#    instructions (vertex, fragment, compute) and the shaders under
#    shaders/, each compiled from text and from tokens, through the
#    library, with a workspace, as a driver would;
# 3. reconfigures BUILD_DIR to use the profile and builds everything.
#
# TRAIN_DIR (default BUILD_DIR/pgo-train) keeps the training programs.
# Binaries are the same as a plain build's: only the compiler's own code
# is laid out and inlined by the profile (the benchmark's checksum says
# so).
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-pgo}
train=${2:-$build/pgo-train}

# With GCC also link-time optimisation: 7% on the median shader on top
# of the profile (docs/performance.md, "Profile-guided builds").  Not
# with clang, whose LTO objects hold no machine code for the installed
# libtgsiva.a (meson.build).
lto=true
if "${CC:-cc}" --version 2>/dev/null | grep -q clang; then
  lto=false
fi
if [ -d "$build" ]; then
  meson configure "$build" --buildtype=release -Db_pgo=generate \
    -Db_lto=$lto
else
  meson setup "$build" "$src" --buildtype=release -Db_pgo=generate \
    -Db_lto=$lto
fi
# Profiles of an earlier training would be merged into this one.
find "$build" -name '*.gcda' -delete
ninja -C "$build" tgsiva bench/bench_compile_corpus

# clang writes raw profiles where LLVM_PROFILE_FILE says and reads one
# merged file, default.profdata in the build directory; GCC keeps its
# own beside the objects.  Every instrumented program run from here on
# writes one (`tgsiva gen` too), so it is set first.
cc=$(awk '/^rule c_COMPILER$/ { getline; print $3; exit }' "$build/build.ninja")
clang=false
if "$cc" --version 2>/dev/null | grep -q clang; then
  clang=true
  rm -f "$build"/pgo-*.profraw "$build/default.profdata"
  LLVM_PROFILE_FILE="$(cd "$build" && pwd)/pgo-%p.profraw"
  export LLVM_PROFILE_FILE
fi

rm -rf "$train"
mkdir -p "$train/all" "$train/vs" "$train/fs" "$train/cs"
"$build/tgsiva" gen --seed 1000 --count 300 --max-insns 20 -o "$train/all"
"$build/tgsiva" gen --seed 5000 --count 100 --max-insns 80 -o "$train/all"
find "$src/shaders" -name '*.tgsi' | while read -r f; do
  cp "$f" "$train/all/shader-$(echo "$f" | cksum | cut -d' ' -f1).tgsi"
done
for f in "$train"/all/*.tgsi; do
  case $(head -n 1 "$f") in
  VERT) mv "$f" "$train/vs/" ;;
  FRAG) mv "$f" "$train/fs/" ;;
  COMP) mv "$f" "$train/cs/" ;;
  *) rm "$f" ;; # geometry: its own programs are timed by no benchmark
  esac
done
"$build/bench/bench_compile_corpus" --rounds 2 --text --workspace "$train"
"$build/bench/bench_compile_corpus" --rounds 1 --workspace "$train"
if $clang; then
  llvm-profdata merge -o "$build/default.profdata" "$build"/pgo-*.profraw
fi

# Files the training never reaches (the cache, the simulator) have no
# profile, and under clang every program's `main` shares one name in
# the merged profile (the benchmark's is the one kept): neither needs a
# warning.  The libraries, the command line and the benchmarks; the
# tests are for a plain build (`meson test` there).
quiet=-Wno-missing-profile
if $clang; then
  quiet=-Wno-backend-plugin
fi
meson configure "$build" -Db_pgo=use -Dc_args="$quiet"
meson compile -C "$build" tgsiva:shared_library libtgsiva.a:custom \
  tgsiva:executable bench_compile_corpus bench_quality_vs_mesa bench_scaling
echo "profile-guided build in $build"
