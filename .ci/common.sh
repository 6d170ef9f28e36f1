# SPDX-License-Identifier: MIT
# Shared by the .ci/*.sh scripts (sourced): a fresh build directory, and
# the threaded compile of a corpus subset.
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

# threads_corpus DIR LIMIT: DIR's test_threads over LIMIT corpus shaders,
# one round of 8 threads, its output in DIR/threads.log (the summary
# printed, all of it on a failure).
# Exit status 77 (no ../shared) counts as a pass: the built-in shaders
# run in other tests.
threads_corpus() {
   local status=0
   TGSIVA_SOURCE_ROOT=$PWD TGSIVA_SHARED=$PWD/../shared \
      "$1"/tests/threads/test_threads corpus --limit "$2" --rounds 1 \
      >"$1/threads.log" 2>&1 || status=$?
   if [ "$status" -eq 0 ] || [ "$status" -eq 77 ]; then
      tail -n 3 "$1/threads.log"
      return 0
   fi
   cat "$1/threads.log"
   return "$status"
}
