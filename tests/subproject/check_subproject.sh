#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds tests/subproject/meson.build, a driver that finds tgsiva with
# dependency('tgsiva', fallback : 'tgsiva'), with this checkout as its
# subprojects/tgsiva, and runs it.  usage: check_subproject.sh SOURCE_DIR
set -eu
src=$(cd "$1" && pwd)
root=$(mktemp -d "${TMPDIR:-/tmp}/tgsiva-subproject.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/subprojects"
cp "$src/tests/subproject/meson.build" "$src/tests/api/driver.c" "$root/"
ln -s "$src" "$root/subprojects/tgsiva"
cd "$root"
meson setup build --force-fallback-for=tgsiva -Dbuildtype=debug >log 2>&1 ||
   { cat log; exit 1; }
ninja -C build >log 2>&1 || { cat log; exit 1; }
if readelf -d build/driver | grep -q 'NEEDED.*libtgsiva'; then
   echo "FAILED: the driver needs libtgsiva.so with default_library=static"
   exit 1
fi
meson test -C build --print-errorlogs >log 2>&1 || { cat log; exit 1; }
echo "ok: a driver built tgsiva as a subproject (static) and compiled"
