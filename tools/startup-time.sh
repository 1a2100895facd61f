#!/usr/bin/env bash
# Launch → first drawn title frame and launch → interactive, and the resident memory at the
# title, for the game binary given: RUNS runs (default 5) under Xvfb with Mesa's software
# Vulkan, each with a fresh data directory and settings, from a warm disk (one unmeasured run
# first). Prints each run and the medians. The game writes the times itself (--startup-log);
# the memory is VmRSS from /proc once the log is written.
# Usage: tools/startup-time.sh KONANE_BINARY [RUNS]
set -euo pipefail
bin=$(realpath "${1:?usage: tools/startup-time.sh KONANE_BINARY [RUNS]}")
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_RUNTIME_DIR=$work LC_ALL=C.UTF-8
cat > "$work/measure.sh" <<'INNER'
#!/usr/bin/env bash
# One run inside the virtual display: start, wait for the log, read the memory, stop.
bin=$1; dir=$2
"$bin" --data-dir "$dir/data" --settings "$dir/settings.toml" --startup-log "$dir/startup.txt" --lang en \
    >"$dir/log.txt" 2>&1 & pid=$!
while [ ! -s "$dir/startup.txt" ]; do
    kill -0 $pid 2>/dev/null || { echo "the game exited early" >&2; exit 1; }
    sleep 0.05
done
awk '/^VmRSS/ {print "rss_mb", int($2 / 1024)} /^VmHWM/ {print "peak_mb", int($2 / 1024)}' /proc/$pid/status >> "$dir/startup.txt"
kill $pid; wait $pid 2>/dev/null || true
INNER
chmod +x "$work/measure.sh"
one() {
    local dir=$work/run-$1
    mkdir -p "$dir"
    xvfb-run -a -s "-screen 0 1400x1000x24" "$work/measure.sh" "$bin" "$dir"
    cat "$dir/startup.txt"
}
one warm >/dev/null
for i in $(seq 1 "$runs"); do
    one "$i" | awk -v i="$i" '{v[$1]=$2} END {printf "run %d: first frame %5d ms, interactive %5d ms, resident %4d MB (peak %d MB)\n", i, v["first_frame_ms"], v["interactive_ms"], v["rss_mb"], v["peak_mb"]}'
done | tee "$work/all.txt"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "median: first frame $(awk '{print $5}' "$work/all.txt" | median) ms," \
    "interactive $(awk '{print $8}' "$work/all.txt" | median) ms," \
    "resident $(awk '{print $11}' "$work/all.txt" | median) MB"
