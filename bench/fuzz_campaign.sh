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
# usage: bench/fuzz_campaign.sh [-t SECONDS] [-T SECONDS] [-b BUILD] [-k]
#                               [TARGET...]
#   -t SECONDS  time per target (default 60; a full campaign is 1800)
#   -T SECONDS  an input slower than this is a hang (default 25: 10 s of
#               a release build, as the instrumented build runs 5-15x
#               slower and the machine is shared)
#   -k          keep going after a finding (libFuzzer's fork mode, one
#               job), so that a long campaign is not cut short
#   -b BUILD    build directory configured with -Dfuzz=true (default
#               build-fuzz; see .ci/fuzz.sh for the configuration)
# TARGETs: tgsi_text tgsi_tokens compile_text compile_tokens va_asm
#          va_disasm sim shader_blob (default: all)
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=60
hang=25
build=build-fuzz
keep=()
while getopts "t:T:b:k" opt; do
   case $opt in
   t) seconds=$OPTARG ;;
   T) hang=$OPTARG ;;
   b) build=$OPTARG ;;
   k) keep=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1) ;;
   *) sed -n '3,24p' "$0"; exit 2 ;;
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

status=0
printf '%-15s %7s %6s %11s %8s %6s %7s %7s %6s %7s %8s\n' target \
   seconds cpu_s execs execs/s cov ft corpus slow_s rss_mb findings
for t in "${targets[@]}"; do
   exe=$build/tests/fuzz/fuzz_$t
   if [ ! -x "$exe" ]; then
      echo "$exe: not built (meson setup -Dfuzz=true with clang)" >&2
      status=2
      continue
   fi
   corpus=$build/fuzz-corpus/$t
   findings=$build/fuzz-findings/$t
   mkdir -p "$corpus" "$findings"
   dict=$(dict_of "$t")
   log=$build/fuzz-findings/$t.log
   # One job, niced: the machine is shared.  A hang is an input slower
   # than $hang s; an out-of-memory one needs more than 2 GiB.
   TIMEFORMAT='%U %S'
   { time nice -n 19 "$exe" -max_total_time="$seconds" -timeout="$hang" \
      -report_slow_units="$hang" -rss_limit_mb=2048 -print_final_stats=1 \
      "${keep[@]}" \
      -artifact_prefix="$findings/" ${dict:+-dict=$dict} \
      "$corpus" "$build/tests/fuzz/seeds/$t" >"$log" 2>&1; } 2>"$log.cpu"
   cpu=$(awk '{printf "%d", $1 + $2}' "$log.cpu")
   execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
   speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
   if [ -z "$execs" ]; then # fork mode: "#N: cov: ... exec/s: E ..."
      execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
      speed=$((${execs:-0} / seconds))
   fi
   cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
   ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
   slow=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$log")
   rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
   found=$(find "$findings" -maxdepth 1 -type f | wc -l)
   printf '%-15s %7s %6s %11s %8s %6s %7s %7s %6s %7s %8s\n' "$t" \
      "$seconds" "$cpu" "${execs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" \
      "$(find "$corpus" -type f | wc -l)" "${slow:-?}" "${rss:-?}" "$found"
   if [ "$found" -ne 0 ] || [ -z "$execs" ]; then
      echo "  $t: findings in $findings/, log $log" >&2
      grep -m3 -E 'ERROR|finding|runtime error' "$log" | sed 's/^/  /' >&2
      status=1
   fi
done
exit $status
