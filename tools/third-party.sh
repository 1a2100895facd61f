#!/usr/bin/env bash
# Writes assets/dist/third-party.txt: every crate compiled into the game (normal dependencies
# for this machine's target; proc-macros and build tools run only at build time and are left
# out, as are the project's own crates, konane, konane-core and konane-server), one "name version licence" per line, sorted. The About screen shows it, and
# tests/dist.rs fails when it no longer matches Cargo.lock, so a dependency change means
# running this again. The licence texts themselves are collected by cargo-about when the
# package is made (tools/package.sh).
# An argument writes the list there instead (the test compares it with the committed one).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-assets/dist/third-party.txt}"
cargo tree --locked -e normal --prefix none --format '{p}|{l}' \
  | sed -e 's/ (\*)$//' \
  | grep -v -e '(proc-macro)' -e '^konane v' -e '^konane-core v' -e '^konane-server v' \
  | awk -F'|' '{ split($1, p, " "); lic = ($2 == "" ? "unknown" : $2); print p[1] " " substr(p[2], 2) " " lic }' \
  | LC_ALL=C sort -u > "$out"
echo "$(wc -l < "$out") crates in $out"
