#!/bin/sh
# SPDX-License-Identifier: MIT
# An open-ended generated-program campaign (docs/testing.md, "Generated
# programs"): JOBS processes of `tgsiva gen --check`, each on its own
# seed range, for SECONDS; prints programs/s, outcomes, failures by
# signature (with the first seed of each, for `tgsiva reduce`) and the
# coverage table.  Failing programs are written to OUT/failures.
#
#   bench/gen_campaign.sh [BUILD] [SECONDS] [JOBS] [FIRST_SEED] [OUT]
#
# A number to read, never a pass/fail test; run it under nice -n 19.
set -eu
build=${1:-build}
seconds=${2:-600}
jobs=${3:-2}
first=${4:-1000000}
out=${5:-gen-campaign}
mkdir -p "$out/failures"
pids=
j=0
while [ "$j" -lt "$jobs" ]; do
  seed=$((first + j * 100000000))
  "$build/tgsiva" gen --check --seed "$seed" --count 0 \
    --seconds "$seconds" --runs 4 --spill-every 4 --quiet --coverage \
    --failures "$out/failures" > "$out/job$j.txt" 2>&1 &
  pids="$pids $!"
  j=$((j + 1))
done
for p in $pids; do wait "$p" || true; done
awk '
  / programs, .* checks in / { n += $1; c += $3; if ($6 > t) t = $6 }
  /^  (agree|inconclusive|refused|internal|crash|differ) / {
    o[$1] += $2 }
  /^  bad program / { o["bad-program"] += $3 }
  /^  model error / { o["model-error"] += $3 }
  /^ +[0-9]+  .*\(first: seed/ {
    line = $0; cnt = $1; sub(/^ +[0-9]+  /, "", line)
    sig = line; sub(/ \(first: seed.*/, "", sig)
    if (!(sig in s)) { order[++ns] = sig; first[sig] = line }
    s[sig] += cnt }
  END {
    printf "%d programs, %d checks in %.0f s: %.1f programs/s\n",
      n, c, t, (t > 0 ? n / t : 0)
    for (k in o) printf "  %-13s %d\n", k, o[k]
    printf "%d failure signatures\n", ns
    for (i = 1; i <= ns; i++)
      printf "  %6d  %s\n", s[order[i]], first[order[i]]
  }' "$out"/job*.txt
# The coverage of the first job (all jobs draw from the same table).
sed -n '/^coverage/,$p' "$out/job0.txt"
