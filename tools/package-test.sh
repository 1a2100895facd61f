#!/usr/bin/env bash
# `make package-test`: the .deb installed as a player would, on a machine that has never seen
# the source. A fresh minimal Debian root (debootstrap --variant=minbase, this machine's
# release, from Debian's mirror) gets the package with `apt-get install ./konane_*.deb`, so
# its declared dependencies are proven sufficient: nothing else is installed before it. In
# the root: `konane --version`, `konane moves --size 8x8`, and the game itself under Xvfb
# (xvfb is installed after the package: it is the test's screen, not the game's need) with a
# screenshot of the title. Then the package is purged with what it pulled in, and every file
# it had installed must be gone. Needs root (or sudo). DEB=path picks the package; KEEP=1
# keeps the root (under target/dist/package-root) for a look.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
OUT=$REPO/target/dist
DEB=${DEB:-$(ls -t "$OUT"/konane_*.deb 2>/dev/null | head -n 1)}
[ -n "$DEB" ] && [ -f "$DEB" ] || { echo "package-test: no .deb in $OUT: run make package first" >&2; exit 2; }
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
. /etc/os-release
SUITE=${SUITE:-$VERSION_CODENAME}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
ROOT=$OUT/package-root
step() { echo; echo "== $*"; }
in_root() { $SUDO env -i HOME=/root PATH=/usr/games:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive XDG_RUNTIME_DIR=/tmp chroot "$ROOT" "$@"; }

cleanup() {
    for m in proc sys dev/pts dev; do mountpoint -q "$ROOT/$m" 2>/dev/null && $SUDO umount -l "$ROOT/$m"; done
    [ -n "${KEEP:-}" ] || $SUDO rm -rf "$ROOT"
}
trap cleanup EXIT

command -v debootstrap >/dev/null || {
    step "installing debootstrap"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq debootstrap
}
cleanup
step "a fresh $SUITE root (debootstrap --variant=minbase) in $ROOT"
start=$(date +%s)
$SUDO debootstrap --variant=minbase "$SUITE" "$ROOT" "$MIRROR" >"$OUT/debootstrap.log" 2>&1 || {
    tail -n 30 "$OUT/debootstrap.log" >&2
    exit 1
}
echo "   done in $(( $(date +%s) - start )) s, $($SUDO du -sm "$ROOT" | cut -f1) MB"
for m in proc sys dev dev/pts; do $SUDO mkdir -p "$ROOT/$m"; done
$SUDO mount -t proc proc "$ROOT/proc"
$SUDO mount -t sysfs sys "$ROOT/sys"
$SUDO mount --bind /dev "$ROOT/dev"
$SUDO mount --bind /dev/pts "$ROOT/dev/pts"
$SUDO cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
echo "deb $MIRROR $SUITE main" | $SUDO tee "$ROOT/etc/apt/sources.list" >/dev/null
$SUDO cp "$DEB" "$ROOT/tmp/"
PKG=/tmp/$(basename "$DEB")

step "apt-get install $PKG"
in_root apt-get update -qq
in_root dpkg-query -W -f '${Package}\n' | sort > "$OUT/packages-before.txt"
in_root apt-get install -y -qq "$PKG" > "$OUT/apt-install.log" 2>&1 || { tail -n 30 "$OUT/apt-install.log" >&2; exit 1; }
in_root dpkg-query -W -f '${Package}\n' | sort > "$OUT/packages-after.txt"
echo "   $(comm -13 "$OUT/packages-before.txt" "$OUT/packages-after.txt" | wc -l) packages installed with it"
in_root dpkg -L konane | sort > "$OUT/konane-files.txt"
echo "   the package's files:"
in_root sh -c 'dpkg -L konane | while read -r f; do [ -f "$f" ] && echo "$f"; done' | sort | sed 's/^/     /'

step "konane --version; konane moves --size 8x8"
in_root konane --version
in_root konane moves --size 8x8 | tr '\n' ' '
echo

step "konane-server --version; its systemd unit (systemd-analyze verify in the root)"
in_root konane-server --version
in_root test -f /usr/lib/systemd/system/konane-server.service
if in_root sh -c 'command -v systemd-analyze' >/dev/null; then
    in_root systemd-analyze verify --man=no /usr/lib/systemd/system/konane-server.service
fi

step "the game under Xvfb (xvfb installed now, for the test's screen)"
in_root apt-get install -y -qq xvfb xauth > "$OUT/apt-xvfb.log" 2>&1 || { tail -n 30 "$OUT/apt-xvfb.log" >&2; exit 1; }
$SUDO mkdir -p "$ROOT/tmp/shots"
printf 'wait-rendered\nmenu\nwait 5\nexpect-menu-fits\nwait 10\nwait-rendered\nscreenshot title\nquit\n' |
    $SUDO tee "$ROOT/tmp/title.txt" >/dev/null
in_root timeout 300 xvfb-run -a -s "-screen 0 1280x800x24" konane --script /tmp/title.txt \
    --screenshot-dir /tmp/shots --window-size 1280x800 --lang en > "$OUT/game.log" 2>&1 || {
    tail -n 30 "$OUT/game.log" >&2
    exit 1
}
SHOT=$ROOT/tmp/shots/title.png
[ -s "$SHOT" ] || { echo "package-test: no screenshot" >&2; exit 1; }
size=$(od -An -tu1 -j16 -N8 "$SHOT" | awk '{ printf "%dx%d", (($1*256+$2)*256+$3)*256+$4, (($5*256+$6)*256+$7)*256+$8 }')
[ "$size" = 1280x800 ] || { echo "package-test: the screenshot is $size, not 1280x800" >&2; exit 1; }
cp "$SHOT" "$OUT/package-test-title.png"
echo "   the title, $size: $OUT/package-test-title.png"

step "apt-get purge konane, and what came with it"
in_root apt-get purge -y -qq konane xvfb xauth > "$OUT/apt-purge.log" 2>&1
# What came only as a recommendation of what is gone goes too (apt keeps it by default).
in_root apt-get autoremove --purge -y -qq -o APT::AutoRemove::RecommendsImportant=false \
    -o APT::AutoRemove::SuggestsImportant=false >> "$OUT/apt-purge.log" 2>&1
if in_root dpkg -s konane >/dev/null 2>&1; then echo "package-test: konane is still installed" >&2; exit 1; fi
left=$(while read -r f; do [ -f "$ROOT$f" ] && echo "$f"; done < "$OUT/konane-files.txt" || true)
[ -z "$left" ] || { echo "package-test: files left after purging:" >&2; echo "$left" >&2; exit 1; }
in_root dpkg-query -W -f '${Package}\n' | sort > "$OUT/packages-purged.txt"
extra=$(comm -13 "$OUT/packages-before.txt" "$OUT/packages-purged.txt")
[ -z "$extra" ] || { echo "package-test: packages left after autoremove: $extra" >&2; exit 1; }
echo "   nothing of it is left: $(wc -l < "$OUT/konane-files.txt") paths checked, the package list is as before"
step "package-test passed in $(( $(date +%s) - start )) s"
