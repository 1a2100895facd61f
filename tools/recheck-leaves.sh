#!/usr/bin/env bash
# Proves again, one by one, the leaves a proof rests on, as written by
# `konane solve ... --proof-leaves FILE`: each with a fresh table on one thread, so nothing is
# shared with the run that proved them (no table, no threads, no plan).
#   tools/recheck-leaves.sh BIN FILE [--independent]
# --independent proves each leaf with the general solver instead of the u128 prover (slower;
# no search code shared with the prover). Prints one line per leaf and a summary; exits 1 if
# any leaf's result differs from the file's.
set -euo pipefail
bin=${1:?usage: recheck-leaves.sh BIN FILE [--independent]}
file=${2:?usage: recheck-leaves.sh BIN FILE [--independent]}
extra=${3:-}
n=0; bad=0; total=0
start=$(date +%s)
while read -r rows side result; do
  n=$((n + 1))
  if [ "$extra" = --independent ]; then
    out=$("$bin" solve --position "$rows $side" --independent --winner-only --table-mb 1024)
  else
    out=$("$bin" solve --position "$rows $side" --threads 1 --leaves 1 --table-mb 2048)
  fi
  winner=$(awk '/^winner / {print $2}' <<<"$out")
  nodes=$(awk '/^nodes / {print $2}' <<<"$out")
  total=$((total + nodes))
  mover=$([ "$side" = b ] && echo Black || echo White)
  got=$([ "$winner" = "$mover" ] && echo win || echo loss)
  if [ "$got" != "$result" ]; then
    bad=$((bad + 1))
    echo "MISMATCH: $rows $side: the file says $result, proven $got"
  fi
  echo "$n $rows $side $got ($nodes nodes)"
done < <(grep -v '^#' "$file" | sort -u)
echo "rechecked $n leaves: $bad mismatches, $total nodes, $(( $(date +%s) - start )) s"
[ "$bad" = 0 ]
