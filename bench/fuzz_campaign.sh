#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fuzz campaigns: runs each libFuzzer target of a -Dfuzz=true build for a
# time, niced, and prints one line per target: the CPU seconds it got,
# executions, executions per second, coverage (libFuzzer's cov: edges,
# ft: features), corpus size, the slowest input (s), peak memory (MB) and
# findings.  The corpus grows in BUILD/fuzz-corpus/TARGET across runs;
# findings (crash-*, timeout-*, oom-*, leak-*) land in
# BUILD/fuzz-findings/TARGET/ and make the exit status 1.  Each finding
# becomes a regression input under tests/fuzz/regressions/TARGET/ once
# fixed (docs/limits.md).
#
# usage: bench/fuzz_campaign.sh [-t SECONDS | -c CPU_SECONDS] [-T SECONDS]
#                               [-b BUILD] [-k] [TARGET...]
#   -t SECONDS  wall time per target, one target after the other
#               (default 60)
#   -c CPU_SECONDS  run every target at once, each until it has used
#               this much CPU time (a full campaign is -c 1800 -k: 30
#               CPU-minutes per target however busy the machine is)
#   -T SECONDS  an input slower than this is a hang (default 25: 10 s of
#               a release build, as the instrumented build runs 5-15x
#               slower and the machine is shared)
#   -k          keep going after a finding (libFuzzer's fork mode, one
#               job), so that a long campaign is not cut short
#   FUZZ_NICE=N (environment) runs the fuzzers at nice N (default 19)
#   FUZZ_SEEDS=N (environment) starts each target from at most N of its
#               seeds (every k-th, the regression inputs always): libFuzzer
#               runs every seed before it mutates, and the whole-compile
#               targets' 400 take about 50 s each in an instrumented
#               build, more than a short campaign's time
#   -b BUILD    build directory configured with -Dfuzz=true (default
#               build-fuzz; see .ci/fuzz.sh for the configuration)
# TARGETs: tgsi_text tgsi_tokens compile_text compile_tokens va_asm
#          va_disasm sim shader_blob (default: all)
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=60
cpu_budget=
hang=25
build=build-fuzz
keep=()
while getopts "t:c:T:b:k" opt; do
   case $opt in
   t) seconds=$OPTARG ;;
   c) cpu_budget=$OPTARG ;;
   T) hang=$OPTARG ;;
   b) build=$OPTARG ;;
   k) keep=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1) ;;
   *) sed -n '3,29p' "$0"; exit 2 ;;
   esac
done
shift $((OPTIND - 1))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
   targets=(tgsi_text tgsi_tokens compile_text compile_tokens va_asm
            va_disasm sim shader_blob)
fi

dict_of() {
   case $1 in
   tgsi_text | compile_text) echo tests/fuzz/tgsi.dict ;;
   va_asm) echo tests/fuzz/valhall.dict ;;
   esac
}

# CPU clock ticks used by process $1 and its descendants, live and
# reaped (fork mode runs its jobs in children).
hz=$(getconf CLK_TCK)
cpu_of_tree() {
   local pid=$1 total=0 kid
   if [ -r "/proc/$pid/stat" ]; then
      total=$(awk '{sub(/.*\) /, ""); print $12 + $13 + $14 + $15}' \
         "/proc/$pid/stat" 2>/dev/null)
      total=${total:-0}
   fi
   for kid in $(ps -o pid= --ppid "$pid" 2>/dev/null); do
      local t
      t=$(cpu_of_tree "$kid") # empty when it ended meanwhile
      total=$((total + ${t:-0}))
   done
   echo "$total"
}

# Fuzzes target $1; writes its table row to $build/fuzz-findings/$1.row.
fuzz_one() {
   local t=$1
   local exe=$build/tests/fuzz/fuzz_$t
   local corpus=$build/fuzz-corpus/$t
   local findings=$build/fuzz-findings/$t
   local log=$build/fuzz-findings/$t.log
   local row=$build/fuzz-findings/$t.row
   mkdir -p "$corpus" "$findings"
   local dict seeds=$build/tests/fuzz/seeds/$t
   dict=$(dict_of "$t")
   if [ -n "${FUZZ_SEEDS:-}" ]; then
      seeds=$build/fuzz-seeds-subset/$t
      rm -rf "$seeds"
      mkdir -p "$seeds"
      local all=("$build/tests/fuzz/seeds/$t"/*) k=0 f
      local step=$(((${#all[@]} + FUZZ_SEEDS - 1) / FUZZ_SEEDS))
      for f in "${all[@]}"; do
         [ -e "$f" ] || continue # an empty directory's pattern
         case ${f##*/} in
         regression-*) ;;
         *) [ $((k++ % step)) -eq 0 ] || continue ;;
         esac
         cp "$f" "$seeds/"
      done
   fi
   # Niced: the machine is shared.  (SIGTERM ends a run: a background
   # job ignores SIGINT.)  A hang is an input slower than
   # $hang s; an out-of-memory one needs more than 2 GiB.
   local limit=(-max_total_time="$seconds")
   if [ -n "$cpu_budget" ]; then limit=(); fi
   local start=$SECONDS
   nice -n "${FUZZ_NICE:-19}" "$exe" "${limit[@]}" -timeout="$hang" \
      -report_slow_units="$hang" -rss_limit_mb=2048 -print_final_stats=1 \
      "${keep[@]}" \
      -artifact_prefix="$findings/" ${dict:+-dict=$dict} \
      "$corpus" "$seeds" >"$log" 2>&1 &
   local pid=$! ticks=0
   while kill -0 "$pid" 2>/dev/null; do
      ticks=$(cpu_of_tree "$pid")
      if [ -n "$cpu_budget" ] && [ "$ticks" -ge $((cpu_budget * hz)) ]; then
         kill -TERM "$pid" 2>/dev/null
         break
      fi
      # Every second, not every 5: in a 5 s campaign a coarser poll
      # doubled each target's wall time.
      sleep 1
   done
   wait "$pid" 2>/dev/null
   local wall=$((SECONDS - start))
   local cpu=$((ticks / hz))
   local execs speed cov ft slow rss found
   # Fork mode counts in its "#N: cov: ..." lines (its final stats say
   # 0); executions per second are per CPU second (the machine is shared).
   execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
   if [ -z "$execs" ] || [ "$execs" = 0 ]; then
      execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
   fi
   speed=$((${execs:-0} / (cpu > 0 ? cpu : 1)))
   cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
   ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
   slow=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$log")
   rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
   found=$(find "$findings" -maxdepth 1 -type f | wc -l)
   printf '%-15s %7s %6s %11s %8s %6s %7s %7s %6s %7s %8s\n' "$t" \
      "$wall" "$cpu" "${execs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" \
      "$(find "$corpus" -type f | wc -l)" "${slow:-?}" "${rss:-?}" \
      "$found" >"$row"
   if [ "$found" -ne 0 ] || [ -z "$execs" ]; then
      {
         echo "  $t: findings in $findings/, log $log"
         grep -m3 -E 'ERROR|finding|runtime error' "$log" | sed 's/^/  /'
      } >>"$row.err"
   fi
}

status=0
for t in "${targets[@]}"; do
   if [ ! -x "$build/tests/fuzz/fuzz_$t" ]; then
      echo "$build/tests/fuzz/fuzz_$t: not built (meson setup -Dfuzz=true" \
         "with clang)" >&2
      exit 2
   fi
   mkdir -p "$build/fuzz-findings"
   rm -f "$build/fuzz-findings/$t.row" "$build/fuzz-findings/$t.row.err"
done
pids=()
for t in "${targets[@]}"; do
   if [ -n "$cpu_budget" ]; then
      fuzz_one "$t" &
      pids+=($!)
   else
      fuzz_one "$t"
   fi
done
for p in "${pids[@]}"; do wait "$p"; done
printf '%-15s %7s %6s %11s %8s %6s %7s %7s %6s %7s %8s\n' target \
   wall_s cpu_s execs execs/s cov ft corpus slow_s rss_mb findings
for t in "${targets[@]}"; do
   cat "$build/fuzz-findings/$t.row"
   if [ -e "$build/fuzz-findings/$t.row.err" ]; then
      cat "$build/fuzz-findings/$t.row.err" >&2
      status=1
   fi
done
exit $status
