# SPDX-License-Identifier: MIT
# Shared by the .ci/*.sh scripts (sourced): a fresh build directory.
#
# fresh_build DIR [MESON OPTIONS...]: configures DIR from scratch with
# $CC (default gcc), warnings not fatal (the other builds check them).
# Clang's sanitizer runtimes are not linked into shared objects, hence
# b_lundef=false with it.
fresh_build() {
   local dir=$1
   shift
   local cc=${CC:-gcc}
   local extra=()
   if [ "$cc" != gcc ]; then extra+=(-Db_lundef=false); fi
   rm -rf "$dir"
   CC=$cc meson setup "$dir" -Dwerror=false "${extra[@]}" "$@" >/dev/null
}
