#!/usr/bin/env bash
# Proves the winner of every board of MIN_CELLS to MAX_CELLS cells (both orientations, rows and
# columns 1-20), smallest first, and prints one Markdown table row per board:
#   | board | cells | winner | winning first moves | nodes | time | checked by play |
# Boards of at most VERIFY_CELLS cells are also checked with `solve --verify` (the winner's
# strategy played against every defence); the last column gives the strategy's positions.
# Usage: tools/solve-boards.sh KONANE_BINARY [MAX_CELLS] [THREADS] [TABLE_MB] [VERIFY_CELLS] [MIN_CELLS]
# With BOARDS="3x15 4x11 ..." in the environment, those boards instead, in that order.
set -euo pipefail
bin=${1:?usage: tools/solve-boards.sh KONANE_BINARY [MAX_CELLS] [THREADS] [TABLE_MB] [VERIFY_CELLS] [MIN_CELLS]}
max=${2:-42}
threads=${3:-2}
table=${4:-1024}
verify=${5:-36}
min=${6:-1}
if [ -n "${BOARDS:-}" ]; then
  sizes=$(for b in $BOARDS; do r=${b%x*}; c=${b#*x}; echo "$((r * c)) $r $c"; done)
else
  sizes=$(for r in $(seq 1 20); do for c in $(seq 1 20); do
    if [ $((r * c)) -le "$max" ] && [ $((r * c)) -ge "$min" ]; then echo "$((r * c)) $r $c"; fi
  done; done | sort -n -k1,1 -k2,2)
fi
echo "| board | cells | winner | winning first moves | nodes | time (s) | checked by play |"
echo "|---|---|---|---|---|---|---|"
while read -r cells r c; do
  out=$("$bin" solve --size "${r}x${c}" --threads "$threads" --table-mb "$table")
  get() { sed -n "s/^$1 //p" <<<"$out"; }
  checked="–"
  if [ "$cells" -le "$verify" ]; then
    v=$("$bin" solve --size "${r}x${c}" --threads "$threads" --table-mb "$table" --verify | sed -n 's/^verified: .*(\([0-9]*\) positions.*/\1/p')
    checked="${v:?verification failed on ${r}x${c}} positions"
  fi
  echo "| ${r}×${c} | $cells | $(get winner) | $(get 'winning first moves') | $(get nodes) | $(get time | sed 's/ s$//') | $checked |"
done <<<"$sizes"
