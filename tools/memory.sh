#!/usr/bin/env bash
# The game's resident memory at the title and during a 20×20 game of Expert against Expert:
# runs BIN under Xvfb RUNS times (default 5), samples VmRSS every second for SECONDS (default
# 60) and prints, per run, the resident memory at the title (after the first 5 s of a title
# run), at the end of the game run, and the game run's peak (VmHWM), then the medians.
#   tools/memory.sh BIN [RUNS] [SECONDS]
set -euo pipefail
BIN=$(realpath "$1"); RUNS=${2:-5}; SECS=${3:-60}
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null; rm -rf "$work"' EXIT
pid_of() { # the game's pid under xvfb-run (its child)
    local parent=$1 p
    for _ in $(seq 100); do
        p=$(pgrep -n -P "$(pgrep -n -P "$parent" xvfb-run 2>/dev/null || echo "$parent")" -f "$BIN" 2>/dev/null || true)
        [ -z "$p" ] && p=$(pgrep -n -f "^$BIN " || true)
        [ -n "$p" ] && { echo "$p"; return; }
        sleep 0.1
    done
}
kib() { awk -v k="$2" '$1 == k":" {print int($2 / 1024)}' "/proc/$1/status" 2>/dev/null || echo 0; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2))}'; }
: >"$work/title"; : >"$work/end"; : >"$work/peak"
for run in $(seq "$RUNS"); do
    # At the title.
    xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" --data-dir "$work/d$run" --settings "$work/s$run.txt" \
        --lang en >/dev/null 2>&1 &
    sleep 1; p=$(pid_of $!); sleep 5
    title=$(kib "$p" VmRSS); kill "$p"; wait 2>/dev/null || true
    # A 20×20 game, Expert against Expert.
    xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" --data-dir "$work/g$run" --settings "$work/t$run.txt" \
        --lang en --size 20x20 --mode ai-ai --level expert --start --seed "$run" >/dev/null 2>&1 &
    sleep 1; p=$(pid_of $!)
    for _ in $(seq "$SECS"); do sleep 1; done
    end=$(kib "$p" VmRSS); peak=$(kib "$p" VmHWM); kill "$p"; wait 2>/dev/null || true
    echo "run $run: title $title MB, 20x20 Expert vs Expert after ${SECS}s $end MB, peak $peak MB"
    echo "$title" >>"$work/title"; echo "$end" >>"$work/end"; echo "$peak" >>"$work/peak"
done
echo "median of $RUNS: title $(median <"$work/title") MB, game $(median <"$work/end") MB, peak $(median <"$work/peak") MB"
