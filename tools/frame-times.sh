#!/usr/bin/env bash
# Frame times of the real game under a virtual X server (software rendering), on 20x20:
# idle (two humans, nobody thinks) and while Expert thinks (computer against computer; the
# frames that show a move and the two after it are left out, they are the cost of the move,
# not of the thinking). Prints p50/p95/p99 in ms for each.
# Usage: tools/frame-times.sh KONANE_BINARY [FRAMES]
set -euo pipefail
bin=${1:?usage: tools/frame-times.sh KONANE_BINARY [FRAMES]}
frames=${2:-600}
dir=$(mktemp -d)
printf 'wait-rendered\nwait %s\nquit\n' "$frames" >"$dir/script.txt"
run() {
  XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp} xvfb-run -a -s "-screen 0 1400x1000x24" \
    "$bin" --size 20x20 --window-size 1280x800 --settings "$dir/settings.cfg" --script "$dir/script.txt" \
    --screenshot-dir "$dir" --frame-log "$dir/$1.log" "${@:2}" >/dev/null 2>&1
}
stats() {
  sort -n | awk '{a[NR]=$1} END {if (NR == 0) {print "no frames"; exit}
    printf "%d frames, p50 %.1f ms, p95 %.1f ms, p99 %.1f ms\n", NR, a[int(NR*0.5)+1], a[int(NR*0.95)+1], a[int(NR*0.99)+1]}'
}
run idle --mode human-human
run think --mode ai-ai --level expert --anim-speed 4
echo "idle:           $(awk '{v=$1; if (v<0) v=-v; print v}' "$dir/idle.log" | stats)"
echo "expert thinks:  $(awk '$1 < 0 && $2 != "move" {print -$1}' "$dir/think.log" | stats)"
rm -rf "$dir"
