#!/usr/bin/env bash
# Proves the winner of every board of at most MAX_CELLS cells (both orientations), smallest
# first, and prints one Markdown table row per board:
#   | board | winner | winning first moves | nodes | time | checked by play |
# Boards of at most VERIFY_CELLS cells are also checked with `solve --verify` (the winner's
# strategy played against every defence); the last column gives the strategy's positions.
# Usage: tools/solve-boards.sh KONANE_BINARY [MAX_CELLS] [THREADS] [TABLE_MB] [VERIFY_CELLS]
set -euo pipefail
bin=${1:?usage: tools/solve-boards.sh KONANE_BINARY [MAX_CELLS] [THREADS] [TABLE_MB] [VERIFY_CELLS]}
max=${2:-42}
threads=${3:-2}
table=${4:-1024}
verify=${5:-36}
sizes=$(for r in $(seq 1 20); do for c in $(seq 1 20); do
  if [ $((r * c)) -le "$max" ]; then echo "$((r * c)) $r $c"; fi
done; done | sort -n -k1,1 -k2,2)
echo "| board | winner | winning first moves | nodes | time (s) | checked by play |"
echo "|---|---|---|---|---|---|"
while read -r cells r c; do
  out=$("$bin" solve --size "${r}x${c}" --threads "$threads" --table-mb "$table")
  get() { sed -n "s/^$1 //p" <<<"$out"; }
  checked="–"
  if [ "$cells" -le "$verify" ]; then
    v=$("$bin" solve --size "${r}x${c}" --threads "$threads" --table-mb "$table" --verify | sed -n 's/^verified: .*(\([0-9]*\) positions.*/\1/p')
    checked="${v:?verification failed on ${r}x${c}} positions"
  fi
  echo "| ${r}×${c} | $(get winner) | $(get 'winning first moves') | $(get nodes) | $(get time | sed 's/ s$//') | $checked |"
done <<<"$sizes"
