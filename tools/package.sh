#!/usr/bin/env bash
# `make package`: the distribution build (the `dist` profile: thin LTO, one codegen unit,
# stripped) and, in target/dist/ of the repository:
#   konane_VERSION-1_ARCH.deb            (the game, konane-server and its systemd unit;
#                                         cargo-deb; Debian's own dependency lookup for the
#                                         linked libraries, the rest declared in Cargo.toml)
#   konane-VERSION-linux-ARCH.tar.gz     (the same files, with install.sh / uninstall.sh for ~/.local)
# Everything but the binary is made by the binary itself (icon, manual pages, completions)
# or kept in assets/dist/ (desktop entry, AppStream file); the licence texts of every crate
# are collected by cargo-about. The desktop entry and the AppStream file are validated.
# Tools that are missing are installed: cargo-deb and cargo-about with `cargo install
# --locked`, appstream and desktop-file-utils with apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
export CARGO_TERM_COLOR=never
TARGET_DIR=${CARGO_TARGET_DIR:-$REPO/target}
OUT=$REPO/target/dist
# cargo-deb reads the asset paths `target/...` of Cargo.toml as paths in cargo's target
# directory, so the files are staged there, beside the dist build.
STAGE=$TARGET_DIR/dist/stage
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
ARCH=$(dpkg --print-architecture 2>/dev/null || uname -m)
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

need_cargo_tool() { # name crate version [cargo install flags]
    if ! cargo "$1" --version >/dev/null 2>&1; then
        echo "package: installing $2 $3"
        cargo install --locked --quiet "$2" --version "$3" "${@:4}"
    fi
}
need_apt() { # command package
    if ! command -v "$1" >/dev/null; then
        echo "package: installing $2"
        $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$2"
    fi
}
need_cargo_tool deb cargo-deb 3.8.0
# cargo-about's command line is behind its `cli` feature.
need_cargo_tool about cargo-about 0.9.3 --features cli
need_apt appstreamcli appstream
need_apt desktop-file-validate desktop-file-utils
need_apt dpkg-shlibdeps dpkg-dev

echo "package: validating the desktop entry and the AppStream file"
desktop-file-validate assets/dist/io.github.konane.Konane.desktop
appstreamcli validate --no-net assets/dist/io.github.konane.Konane.metainfo.xml

echo "package: cargo build --profile dist (the game and the server)"
start=$(date +%s)
cargo build --locked --profile dist -p konane -p konane-server
echo "package: dist build took $(( $(date +%s) - start )) s"
BIN=$TARGET_DIR/dist/konane

tools/dist/stage.sh "$BIN" "$STAGE"
echo "package: collecting the licences of $(wc -l < assets/dist/third-party.txt) crates (cargo-about)"
cargo about generate --locked --fail -c tools/dist/about.toml tools/dist/about.hbs \
    -o "$STAGE/doc/THIRD-PARTY-LICENSES.html" 2>"$OUT/about.log" || {
    cat "$OUT/about.log" >&2
    exit 1
}

echo "package: cargo deb"
cargo deb --no-build --profile dist --no-strip --output "$OUT/" >/dev/null
DEB=$(ls -t "$OUT"/konane_"$VERSION"*_"$ARCH".deb | head -n 1)

echo "package: the tarball"
NAME=konane-$VERSION-linux-$ARCH
rm -rf "${OUT:?}/$NAME"
cp -r "$STAGE" "$OUT/$NAME"
tar -C "$OUT" -czf "$OUT/$NAME.tar.gz" --owner=0 --group=0 "$NAME"
rm -rf "${OUT:?}/$NAME"

echo
echo "package: $(basename "$DEB") ($(du -k "$DEB" | cut -f1) KiB)"
dpkg-deb --info "$DEB" | sed -n 's/^ \(Depends\|Installed-Size\):/   \1:/p'
echo "package: $NAME.tar.gz ($(du -k "$OUT/$NAME.tar.gz" | cut -f1) KiB)"
echo "package: binary: dist $(stat -c %s "$BIN") bytes; release $(stat -c %s "$TARGET_DIR/release/konane" 2>/dev/null || echo '(not built)') bytes"
