#!/usr/bin/env bash
# Retakes the pictures of docs/online-screenshots/ from a game binary: two real windows, each
# under its own Xvfb, play each other over this machine's network the way friends on a LAN
# would (the host's game runs its own server; the guest finds the code by UDP discovery).
# Scripts: tools/online-shots/host.txt (1280x800) and guest.txt (600x900). Every wait in them
# is on a state of the game or a marker file the other window writes.
#   tools/online-screenshots.sh BIN
# HOST_WINDOW and GUEST_WINDOW (WxH) pick other window sizes; the pictures then get the suffix
# SUFFIX (e.g. HOST_WINDOW=800x600 GUEST_WINDOW=800x600 SUFFIX=-800x600).
set -euo pipefail
BIN=${1:?usage: $0 BIN}
REPO=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait; rm -rf "$work"' EXIT
mkdir -p "$work/shots"
HOST_WINDOW=${HOST_WINDOW:-1280x800}
GUEST_WINDOW=${GUEST_WINDOW:-600x900}
SUFFIX=${SUFFIX:-}
screen_for() { # a screen a little larger than the window
    local w=${1%x*} h=${1#*x}
    echo "$((w + 20))x$((h + 20))"
}
run() { # name screen window
    timeout --kill-after=30 600 xvfb-run -a -s "-screen 0 $2x24" "$BIN" --script "$REPO/tools/online-shots/$1.txt" \
        --screenshot-dir "$work/shots" --data-dir "$work/$1-data" --settings "$work/$1-settings.toml" \
        --window-size "$3" --size 6x6 --lang en >"$work/$1.log" 2>&1
}
run host "$(screen_for "$HOST_WINDOW")" "$HOST_WINDOW" & host=$!
# The guest starts once the host's window has shown its code (and photographed the wait).
while [ ! -e "$work/shots/code-shown" ]; do kill -0 $host 2>/dev/null || { cat "$work/host.log" >&2; exit 1; }; sleep 0.2; done
run guest "$(screen_for "$GUEST_WINDOW")" "$GUEST_WINDOW" & guest=$!
wait $host || { echo "host window failed:" >&2; tail -n 20 "$work/host.log" >&2; exit 1; }
wait $guest || { echo "guest window failed:" >&2; tail -n 20 "$work/guest.log" >&2; exit 1; }
mkdir -p "$REPO/docs/online-screenshots"
for f in host-waiting-code host-their-turn host-your-turn host-friend-away host-game-over guest-your-turn guest-their-turn; do
    cp "$work/shots/$f.png" "$REPO/docs/online-screenshots/$f$SUFFIX.png"
done
echo "docs/online-screenshots/: retaken"
