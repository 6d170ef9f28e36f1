#!/bin/sh
# SPDX-License-Identifier: MIT
# Installs the build into a scratch DESTDIR and uses it as a driver would,
# from a directory outside the source tree, through pkg-config only:
# builds tests/api/driver.c against the shared and against the static
# library, and driver.cpp from C++, and runs them; checks what is installed
# (headers, tgsiva.pc, libtgsiva.so.ABI and .a, the tool, tgsiva(1)).
#
# usage: check_install.sh BUILD_DIR SOURCE_DIR VERSION ABI KIND CC [CXX]
# (KIND: default_library, shared|static|both)
set -eu
build=$1 src=$2 version=$3 abi=$4 kind=$5 cc=$6 cxx=${7:-}
command -v pkg-config >/dev/null || { echo "no pkg-config: skipped"; exit 77; }

root=$(mktemp -d "${TMPDIR:-/tmp}/tgsiva-install.XXXXXX")
trap 'rm -rf "$root"' EXIT
dest=$root/dest work=$root/driver
mkdir -p "$work"
checks=0
ok() { checks=$((checks + 1)); echo "ok: $*"; }
fail() { echo "FAILED: $*"; exit 1; }

meson install -C "$build" --no-rebuild --quiet --destdir "$dest" >"$root/log" 2>&1 ||
   { cat "$root/log"; fail "meson install --destdir"; }

pc=$(find "$dest" -name tgsiva.pc)
[ -n "$pc" ] || fail "no tgsiva.pc installed"
libdir=$(dirname "$(dirname "$pc")")
export PKG_CONFIG_PATH="$(dirname "$pc")" PKG_CONFIG_SYSROOT_DIR="$dest"
export PKG_CONFIG_LIBDIR="$PKG_CONFIG_PATH" # nothing from the system
[ "$(pkg-config --modversion tgsiva)" = "$version" ] ||
   fail "pkg-config version $(pkg-config --modversion tgsiva) != $version"
ok "tgsiva.pc, version $version"

incdir=$(pkg-config --variable=includedir tgsiva) # with the sysroot
headers=$(cd "$incdir/tgsiva" && ls | tr '\n' ' ')
[ "$headers" = "compile.h tgsi.h tgsiva.h valhall.h version.h " ] ||
   fail "installed headers are '$headers'"
ok "headers: $headers"

if [ "$kind" != static ]; then
   [ -f "$libdir/libtgsiva.so.$abi" ] || fail "no libtgsiva.so.$abi in $libdir"
   soname=$(readelf -d "$libdir/libtgsiva.so.$abi" |
      sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
   [ "$soname" = "libtgsiva.so.$abi" ] || fail "soname is '$soname'"
   ok "libtgsiva.so.$abi (soname $soname)"
fi
if [ "$kind" != shared ]; then
   [ -f "$libdir/libtgsiva.a" ] || fail "no libtgsiva.a in $libdir"
   ok "libtgsiva.a"
fi

tool=$(find "$dest" -path '*/bin/tgsiva')
[ "$("$tool" --version)" = "tgsiva $version" ] || fail "$tool --version"
man=$(find "$dest" -name 'tgsiva.1*')
[ -n "$man" ] || fail "no tgsiva(1) man page"
ok "bin/tgsiva --version, $(basename "$man")"

cp "$src/tests/api/driver.c" "$src/tests/api/driver.cpp" "$work/"
cd "$work"
cflags=$(pkg-config --cflags tgsiva)
libs=$(pkg-config --libs tgsiva)
[ "$kind" = static ] && libs=$(pkg-config --static --libs tgsiva)
if [ "$kind" != static ]; then
   # shellcheck disable=SC2086 # word splitting of flags is intended
   $cc -std=c11 -Wall -Wextra -Werror $cflags -o driver_shared driver.c $libs
   readelf -d driver_shared | grep -q "NEEDED.*libtgsiva.so.$abi" ||
      fail "driver_shared does not need libtgsiva.so.$abi"
   LD_LIBRARY_PATH=$libdir ./driver_shared "$version" >log ||
      { cat log; fail "driver against the shared library"; }
   ok "C driver, shared: $(tail -1 log)"
fi

if [ "$kind" != shared ]; then
   # shellcheck disable=SC2086
   $cc -std=c11 -Wall -Wextra -Werror $cflags -o driver_static driver.c \
      $(pkg-config --libs-only-L tgsiva) -Wl,-Bstatic -ltgsiva -Wl,-Bdynamic \
      $(pkg-config --static --libs-only-l tgsiva | sed 's/-ltgsiva//')
   readelf -d driver_static | grep -q 'NEEDED.*libtgsiva' &&
      fail "driver_static still needs libtgsiva.so"
   ./driver_static "$version" >log || { cat log; fail "static driver"; }
   ok "C driver, static: $(tail -1 log)"
fi

if [ -n "$cxx" ]; then
   # shellcheck disable=SC2086
   $cxx -Wall -Wextra -Werror $cflags -o driver_cpp driver.cpp $libs
   LD_LIBRARY_PATH=$libdir ./driver_cpp >log || { cat log; fail "C++ driver"; }
   ok "C++ driver: $(cat log)"
else
   echo "no C++ compiler: C++ driver not built"
fi
echo "$checks install checks passed, 0 failed"
