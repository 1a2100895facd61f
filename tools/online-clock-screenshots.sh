#!/usr/bin/env bash
# Retakes the clock pictures of docs/online-screenshots/ (clock-*.png) from a game binary: two
# real windows, each under its own Xvfb, play over this machine's network (the host's game
# runs its own server). First a game of 10 s + 0 (both clocks under ten seconds, then White's
# flag falls: won / lost on time), then a game of 3 + 2 that the guest leaves (the host's
# countdown to a claim, then the pause menu with Claim the win). Scripts:
# tools/online-shots/clocks/*.txt; every wait is on a state or a marker file.
#   tools/online-clock-screenshots.sh BIN
set -euo pipefail
BIN=${1:?usage: $0 BIN}
REPO=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait; rm -rf "$work"' EXIT
printf 'online-clock = "10s+0"\n' >"$work/timed-settings.toml"
printf 'online-clock = "3+2"\n' >"$work/claim-settings.toml"
: >"$work/guest-settings.toml"
run() { # script settings screen window
    timeout --kill-after=30 300 xvfb-run -a -s "-screen 0 $3x24" "$BIN" --script "$REPO/tools/online-shots/clocks/$1.txt" \
        --screenshot-dir "$work" --data-dir "$work/$1-data" --settings "$work/$2-settings.toml" \
        --window-size "$4" --size 6x6 --lang en >"$work/$1.log" 2>&1
}
pair() { # host-script guest-script host-settings
    rm -f "$work/code-shown" "$work/code.txt"
    run "$1" "$3" 1300x820 1280x800 & local host=$!
    while [ ! -e "$work/code-shown" ]; do kill -0 $host 2>/dev/null || { cat "$work/$1.log" >&2; exit 1; }; sleep 0.2; done
    run "$2" guest 620x920 600x900 & local guest=$!
    if [ "$1" = claim-host ]; then
        # The claim opens 20 s after the guest left (3 + 2: a tenth of the time, at least 20 s).
        while [ ! -e "$work/guest-gone" ]; do sleep 0.2; done
        sleep 24
        touch "$work/claim-open"
    fi
    wait $host && wait $guest
}
pair host guest timed
pair claim-host claim-guest claim
for f in host-clock-low host-won-on-time guest-clock-low guest-lost-on-time host-claim-soon host-claim-open; do
    cp "$work/$f.png" "$REPO/docs/online-screenshots/clock-$f.png"
done
echo "docs/online-screenshots/clock-*.png: retaken"
