#!/usr/bin/env bash
# Times `konane solve` on the 29 middle-game 8x8 positions of tools/middle-8x8.txt (the
# positions 24-30 plies into Medium-vs-Medium games, `konane match --seed 7`), one at a time.
# Usage: tools/solve-bench.sh KONANE_BINARY [extra solve flags...]
set -euo pipefail
bin=${1:?usage: tools/solve-bench.sh KONANE_BINARY [extra solve flags...]}
shift
here=$(dirname "$0")
total=0
nodes=0
i=0
while read -r pos; do
  i=$((i + 1))
  out=$("$bin" solve --position "$pos" "$@")
  t=$(sed -n 's/^time \(.*\) s$/\1/p' <<<"$out")
  n=$(sed -n 's/^nodes //p' <<<"$out")
  w=$(sed -n 's/^winner //p' <<<"$out")
  printf '%2d %-5s %12s nodes %8s s\n' "$i" "$w" "$n" "$t"
  total=$(awk "BEGIN{print $total + $t}")
  nodes=$((nodes + n))
done <"$here/middle-8x8.txt"
echo "total $nodes nodes, $total s"
