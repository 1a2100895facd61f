#!/usr/bin/env bash
# Retakes every screenshot the docs show, from the game binary given, so that none can go
# stale: `tools/docs-screenshots.sh BIN [OUT]` (OUT defaults to docs/screenshots/). Each
# scene is a script of the game's scripted-run language (src/game/script.rs) in
# tools/docs-shots/NAME.txt; its header says the window size (`# window: WxH`) and the
# game's options (`# args: ...`), a history of made-up games to start from if it says
# (`# history: N`, written by `konane history fill`), and each `screenshot PATH` in it is written to OUT/PATH.png.
# A scene runs in a real window under Xvfb (xvfb-run, on a screen a little larger than the
# window, with Mesa's software Vulkan), with a fresh data directory and default settings,
# under a timeout (`# timeout: SECONDS`, default 900). Its waits are on states of the game
# (wait-idle, wait-plies, wait-over, wait-thinking, freeze-hop, wait-rendered), and the AI
# is seeded; only where the script language has no state to wait for (the analysis of a
# game finishing, a puzzle's "solved" verdict) does a scene wait a number of frames, so
# look at those pictures after a run. Needs xvfb (xvfb-run) and mesa-vulkan-drivers. The
# script exits non-zero naming every scene that failed (the game's exit status, a timeout,
# a missing picture, or one of the wrong size; the scene's log is kept and named). After a
# run of all scenes into docs/screenshots/ it also checks that every picture README.md and
# docs/*.md show, and every other file in docs/screenshots/, was retaken (nothing stale is
# left). `ONLY="title hud" tools/docs-screenshots.sh BIN` runs only those scenes; KEEP=1
# keeps the work directory with every scene's log. A full run takes 10-15 minutes on two
# cores.
set -u

usage() { echo "usage: $0 BIN [OUT]   (ONLY=\"scene ...\" to run some scenes)" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
BIN=$(realpath "$1") || usage
[ -x "$BIN" ] || { echo "$0: $1 is not an executable" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
OUT=${2:-$REPO/docs/screenshots}
SCENES=${SCENES:-$HERE/docs-shots}
command -v xvfb-run >/dev/null || { echo "$0: xvfb-run is missing (apt-get install xvfb)" >&2; exit 2; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/docs-screenshots.XXXXXX")
if [ -z "${KEEP:-}" ]; then
    trap 'rm -rf "$WORK"' EXIT
fi
export XDG_RUNTIME_DIR=$WORK LC_ALL=C.UTF-8 LANG=C.UTF-8
unset LANGUAGE LC_MESSAGES

# The width and height of a PNG file, "WxH".
png_size() {
    od -An -tu1 -j16 -N8 "$1" 2>/dev/null |
        awk '{ printf "%dx%d", (($1*256+$2)*256+$3)*256+$4, (($5*256+$6)*256+$7)*256+$8 }'
}

header() { sed -n "s/^# $1: *//p" "$2" | head -n 1; }

failed=()
written=()
if [ -n "${ONLY:-}" ]; then
    scenes=()
    for s in $ONLY; do scenes+=("$SCENES/${s%.txt}.txt"); done
else
    scenes=("$SCENES"/*.txt)
fi

for scene in "${scenes[@]}"; do
    name=$(basename "$scene" .txt)
    if [ ! -f "$scene" ]; then
        echo "$name: no scene $scene" >&2
        failed+=("$name")
        continue
    fi
    window=$(header window "$scene")
    args=$(header args "$scene")
    limit=$(header timeout "$scene")
    limit=${limit:-900}
    if ! [[ $window =~ ^([0-9]+)x([0-9]+)$ ]]; then
        echo "$name: no '# window: WxH' line" >&2
        failed+=("$name")
        continue
    fi
    screen="$((BASH_REMATCH[1] + 160))x$((BASH_REMATCH[2] + 100))"
    dir=$WORK/$name
    mkdir -p "$dir/shots" "$dir/data"
    shots=$(sed -n 's/#.*//; s/^[[:space:]]*screenshot[[:space:]]\+\([^[:space:]]\+\).*/\1/p' "$scene")
    for shot in $shots; do mkdir -p "$dir/shots/$(dirname "$shot")"; done
    echo "== $name ($window${args:+, $args})"
    games=$(header history "$scene")
    if [ -n "$games" ] && ! "$BIN" history fill --games "$games" --data-dir "$dir/data" >"$dir/fill.txt" 2>&1; then
        echo "$name: FAILED: cannot fill the history (log: $dir/fill.txt)" >&2
        failed+=("$name")
        continue
    fi
    start=$SECONDS
    # shellcheck disable=SC2086 # the header's options are words
    timeout --kill-after=30 "$limit" xvfb-run -a -s "-screen 0 ${screen}x24" \
        "$BIN" --script "$scene" --screenshot-dir "$dir/shots" --data-dir "$dir/data" \
        --settings "$dir/settings.toml" --window-size "$window" $args >"$dir/log.txt" 2>&1
    rc=$?
    bad=""
    case $rc in
        0) ;;
        124 | 137) bad="timed out after ${limit}s" ;;
        3) bad="the script could not go on: $(grep -m1 'the run stops here' "$dir/log.txt" | sed 's/\x1b\[[0-9;]*m//g; s/.*script line/script line/')" ;;
        *) bad="the game exited with status $rc" ;;
    esac
    for shot in $shots; do
        png=$dir/shots/$shot.png
        if [ ! -s "$png" ]; then
            bad="${bad:+$bad; }no $shot.png"
        elif [ "$(png_size "$png")" != "$window" ]; then
            bad="${bad:+$bad; }$shot.png is $(png_size "$png"), not $window"
        fi
    done
    if [ -n "$bad" ]; then
        echo "$name: FAILED: $bad (log: $dir/log.txt)" >&2
        KEEP=1
        trap - EXIT
        failed+=("$name")
        continue
    fi
    for shot in $shots; do
        mkdir -p "$OUT/$(dirname "$shot")"
        cp "$dir/shots/$shot.png" "$OUT/$shot.png"
        written+=("$shot.png")
    done
    echo "   $(echo "$shots" | wc -w) pictures in $((SECONDS - start)) s"
done

# After a full run into the docs: every picture the docs show was retaken now, and so was
# every picture in docs/screenshots/ (which the docs link as a folder): none is left stale.
stale=()
if [ ${#failed[@]} -eq 0 ] && [ -z "${ONLY:-}" ] && [ -d "$REPO/docs/screenshots" ] &&
    [ "$OUT" = "$(cd "$REPO/docs/screenshots" && pwd)" ]; then
    made=$(printf '%s\n' "${written[@]}")
    # Only docs/screenshots/ (`online-screenshots/` is made by tools/online-screenshots.sh).
    for ref in $(cd "$REPO" && grep -oh '[(/]screenshots/[A-Za-z0-9._/-]*\.png' README.md docs/*.md | cut -c2- | sort -u); do
        grep -qxF "${ref#screenshots/}" <<<"$made" || stale+=("${ref#screenshots/} (shown in the docs, made by no scene)")
    done
    while IFS= read -r f; do
        grep -qxF "$f" <<<"$made" || stale+=("$f (in docs/screenshots/, made by no scene)")
    done < <(cd "$OUT" && find . -name '*.png' | sed 's#^\./##' | sort)
fi

for s in "${stale[@]}"; do echo "stale: $s" >&2; done
if [ ${#failed[@]} -gt 0 ]; then
    echo "failed scenes: ${failed[*]} (logs under $WORK)" >&2
    exit 1
fi
if [ ${#stale[@]} -gt 0 ]; then
    exit 1
fi
echo "${#written[@]} pictures written to $OUT"
