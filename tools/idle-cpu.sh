#!/usr/bin/env bash
# How much CPU the real game uses while nothing on screen changes: at the title, in a menu,
# mid-game with a human to move, after a game, and while the computer thinks (that row also
# gives the drawing threads alone, without the search's). Each state is reached by a script
# that ends without `quit` (the game then runs as a player's would), under a virtual X server
# with software Vulkan; then the process's CPU time is read from /proc over SECONDS.
# Prints one line per state: % of one core, and the frames drawn in that time. The window
# has the keyboard focus, as a player's would (the title's game rests without it). "over" is
# measured once the winner's celebration has ended (the frame log quiet for 2 s), the others
# at once. "thinking" is the frames drawn while Expert thinks (its fifth move on 20x20),
# from the frame log: its thinking lasts seconds, not SECONDS.
# Usage: tools/idle-cpu.sh KONANE_BINARY [SECONDS] [STATE...]
#   states: title menu game over thinking (default: all)
set -euo pipefail
bin=$(realpath "${1:?usage: tools/idle-cpu.sh KONANE_BINARY [SECONDS] [STATE...]}")
secs=${2:-30}
shift $(( $# >= 2 ? 2 : 1 ))
states=("$@")
[ ${#states[@]} -eq 0 ] && states=(title menu game over thinking)
dir=$(mktemp -d)
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
tck=$(getconf CLK_TCK)

# Eight plies of an 8x8 game between two people, each the engine's hint.
moves=""
for _ in 1 2 3 4 5 6 7 8; do moves+=$'hint\nplay-hint\nwait-idle\n'; done

script_for() {
  case $1 in
    title) printf 'wait-rendered\nmenu\nwait-rendered\n' ;;
    menu) printf 'wait-rendered\nmenu\nwait-rendered\nsettings\nwait-rendered\n' ;;
    game) printf 'wait-rendered\n%swait-rendered\n' "$moves" ;;
    over) printf 'wait-rendered\nresign\nwait-over\nclose-menu\nwait-rendered\n' ;;
    thinking)
      printf 'wait-rendered\n'
      for _ in 1 2 3 4; do printf 'hint\nplay-hint\nwait-idle\n'; done
      printf 'hint\nplay-hint\nwait-thinking\n' ;;
  esac
}

args_for() {
  case $1 in
    thinking) echo "--mode human-ai --level expert --size 20x20" ;;
    *) echo "--mode human-human" ;;
  esac
}

# CPU ticks of the process; with "drawing", leaving out the engine's search threads.
ticks() {
  local total=0 t comm
  for t in /proc/"$pid"/task/*; do
    comm=$(cat "$t/comm" 2>/dev/null || true)
    if [ "$1" = drawing ] && [[ $comm == konane-engine* ]]; then continue; fi
    # Fields 14 and 15 (utime, stime), counted after the command name's closing parenthesis.
    total=$(( total + $(sed 's/.*) //' "$t/stat" 2>/dev/null | awk '{print $12 + $13}' || echo 0) ))
  done
  echo "$total"
}

frames() { wc -l <"$dir/frames.log" 2>/dev/null || echo 0; }

# Waits until no frame has been drawn for 2 s (at most 60 s).
quiet() {
  local last now since=0 i
  last=$(frames)
  for i in $(seq 1 600); do
    sleep 0.1
    now=$(frames)
    if [ "$now" = "$last" ]; then since=$((since + 1)); else since=0; last=$now; fi
    [ $since -ge 20 ] && return 0
  done
  return 0
}

for state in "${states[@]}"; do
  rm -f "$dir/ready" "$dir/frames.log"
  { script_for "$state"; printf 'signal ready\n'; } >"$dir/$state.txt"
  # shellcheck disable=SC2046
  XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp} xvfb-run -a -s "-screen 0 1280x800x24" sh -c \
    'echo "$DISPLAY" >"$0/display"; echo "$XAUTHORITY" >"$0/xauth"; exec "$@"' "$dir" \
    "$bin" $(args_for "$state") --window-size 1280x800 --settings "$dir/settings.cfg" --data-dir "$dir/data" \
    --script "$dir/$state.txt" --screenshot-dir "$dir" --frame-log "$dir/frames.log" >"$dir/$state.out" 2>&1 &
  runner=$!
  for _ in $(seq 1 1200); do [ -e "$dir/ready" ] && break; sleep 0.5; done
  pid=$(pgrep -n -f -- "--script $dir/$state.txt" || true)
  if [ ! -e "$dir/ready" ] || [ -z "$pid" ]; then
    echo "$state: did not reach its state"; tail -5 "$dir/$state.out"; exit 1
  fi
  if [ "$state" = thinking ]; then
    # Frames drawn while the computer thought, once the script stopped driving: negative lines
    # of the frame log after the script's end.
    from=$(frames)
    quiet
    tail -n +"$((from + 1))" "$dir/frames.log" | awk '$1 < 0 {n++; t -= $1} END {if (t > 0) printf "thinking  %d frames in %.1f s of Expert thinking: %.1f frames/s\n", n, t / 1000, n / (t / 1000); else print "thinking: no thinking frames"}'
    kill "$pid" 2>/dev/null || true
    wait "$runner" 2>/dev/null || true
    pid=
    continue
  fi
  # The window takes the keyboard focus, as a player's window would have it.
  x() { DISPLAY=$(cat "$dir/display") XAUTHORITY=$(cat "$dir/xauth") xdotool "$@"; }
  win=$(x search --class konane 2>/dev/null | head -1 || true)
  if [ -z "$win" ] || ! x windowfocus --sync "$win" 2>/dev/null; then echo "$state: the window could not be focused"; fi
  sleep 1
  [ "$state" = over ] && quiet
  t0=$(ticks all); d0=$(ticks drawing); f0=$(frames)
  sleep "$secs"
  t1=$(ticks all); d1=$(ticks drawing); f1=$(frames)
  all=$(awk -v a="$t0" -v b="$t1" -v s="$secs" -v k="$tck" 'BEGIN {printf "%.1f", (b - a) / k / s * 100}')
  drawing=$(awk -v a="$d0" -v b="$d1" -v s="$secs" -v k="$tck" 'BEGIN {printf "%.1f", (b - a) / k / s * 100}')
  printf '%-9s %6s %% of a core (without engine threads %s %%), %s frames in %s s\n' "$state" "$all" "$drawing" $((f1 - f0)) "$secs"

  kill "$pid" 2>/dev/null || true
  wait "$runner" 2>/dev/null || true
  pid=
done
