#!/usr/bin/env bash
# Retakes the pictures of docs/online-screenshots/ from a game binary: two real windows, each
# under its own Xvfb, play each other over this machine's network the way friends on a LAN
# would (the host's game runs its own server; the guest finds the code by UDP discovery).
# Scripts: tools/online-shots/host.txt (1280x800) and guest.txt (600x900). Every wait in them
# is on a state of the game or a marker file the other window writes.
#   tools/online-screenshots.sh BIN
set -euo pipefail
BIN=${1:?usage: $0 BIN}
REPO=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; wait; rm -rf "$work"' EXIT
mkdir -p "$work/shots"
run() { # name screen window
    timeout --kill-after=30 600 xvfb-run -a -s "-screen 0 $2x24" "$BIN" --script "$REPO/tools/online-shots/$1.txt" \
        --screenshot-dir "$work/shots" --data-dir "$work/$1-data" --settings "$work/$1-settings.txt" \
        --window-size "$3" --size 6x6 --lang en >"$work/$1.log" 2>&1
}
run host 1300x820 1280x800 & host=$!
# The guest starts once the host's window has shown its code (and photographed the wait).
while [ ! -e "$work/shots/code-shown" ]; do kill -0 $host 2>/dev/null || { cat "$work/host.log" >&2; exit 1; }; sleep 0.2; done
run guest 620x920 600x900 & guest=$!
wait $host || { echo "host window failed:" >&2; tail -n 20 "$work/host.log" >&2; exit 1; }
wait $guest || { echo "guest window failed:" >&2; tail -n 20 "$work/guest.log" >&2; exit 1; }
mkdir -p "$REPO/docs/online-screenshots"
for f in host-waiting-code host-their-turn host-your-turn host-friend-away guest-your-turn guest-their-turn; do
    cp "$work/shots/$f.png" "$REPO/docs/online-screenshots/"
done
echo "docs/online-screenshots/: retaken"
