#!/usr/bin/env bash
# Lays out everything a package ships, from the game binary BIN and the server binary beside it
# (konane-server), into the directory TREE (tools/package.sh makes the .deb and the tarball
# from it; tests/dist.rs installs it):
#   bin/konane  bin/konane-server  systemd/konane-server.service  icons/NxN/apps/konane.png  man/*.6.gz  completions/{konane.bash,_konane,konane.fish}
#   doc/{README.md,LICENSE-MIT,LICENSE-APACHE,DejaVu-LICENSE.txt,Noto-LICENSE.txt,third-party.txt}
#   io.github.konane.Konane.desktop  io.github.konane.Konane.metainfo.xml  install.sh  uninstall.sh
# The licence texts of the crates (doc/THIRD-PARTY-LICENSES.html) are added by package.sh.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BIN TREE" >&2; exit 2; }
BIN=$1
TREE=$2
REPO=$(cd "$(dirname "$0")/../.." && pwd)
SERVER=$(dirname "$BIN")/konane-server
[ -x "$SERVER" ] || { echo "$0: $SERVER is missing (build it too: cargo build -p konane-server)" >&2; exit 2; }
rm -rf "$TREE"
mkdir -p "$TREE"/{bin,systemd,icons,man,completions,doc}
cp "$BIN" "$TREE/bin/konane"
cp "$SERVER" "$TREE/bin/konane-server"
cp "$REPO/assets/dist/konane-server.service" "$TREE/systemd/"
"$BIN" icon --out "$TREE/icons" >/dev/null
"$BIN" manual --out "$TREE/man" >/dev/null
gzip -9n "$TREE"/man/*.6
"$BIN" completions --out "$TREE/completions" >/dev/null
cp "$REPO"/{README.md,LICENSE-MIT,LICENSE-APACHE,assets/fonts/DejaVu-LICENSE.txt,assets/fonts/Noto-LICENSE.txt,assets/dist/third-party.txt} "$TREE/doc/"
cp "$REPO"/assets/dist/io.github.konane.Konane.{desktop,metainfo.xml} "$TREE/"
cp "$REPO"/tools/dist/{install.sh,uninstall.sh} "$TREE/"
