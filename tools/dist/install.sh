#!/bin/sh
# Installs Kōnane for this user under ~/.local (or $PREFIX): the game, its menu entry and
# icon, manual pages, shell completions and licences. Nothing outside that directory is
# touched; uninstall.sh removes exactly what this wrote (the list is kept in
# PREFIX/share/doc/konane/installed-files). Your settings and games are not part of it.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
PREFIX=${PREFIX:-$HOME/.local}
LIST=$PREFIX/share/doc/konane/installed-files
put() { # source destination mode
    mkdir -p "$(dirname "$2")"
    cp "$1" "$2.new.$$" && chmod "$3" "$2.new.$$" && mv -f "$2.new.$$" "$2"
    echo "$2" >> "$LIST.new"
}
mkdir -p "$(dirname "$LIST")"
: > "$LIST.new"
put "$HERE/bin/konane" "$PREFIX/bin/konane" 755
# The online server on its own (the same as `konane serve`, without graphics or sound).
put "$HERE/bin/konane-server" "$PREFIX/bin/konane-server" 755
# The menu entry starts the game by its full path: ~/.local/bin is not always on the PATH a
# desktop session uses.
sed "s|^Exec=konane\$|Exec=$PREFIX/bin/konane|" "$HERE/io.github.konane.Konane.desktop" > "$HERE/.desktop.$$"
put "$HERE/.desktop.$$" "$PREFIX/share/applications/io.github.konane.Konane.desktop" 644
rm -f "$HERE/.desktop.$$"
put "$HERE/io.github.konane.Konane.metainfo.xml" "$PREFIX/share/metainfo/io.github.konane.Konane.metainfo.xml" 644
for icon in "$HERE"/icons/*/apps/konane.png; do
    size=$(basename "$(dirname "$(dirname "$icon")")")
    put "$icon" "$PREFIX/share/icons/hicolor/$size/apps/konane.png" 644
done
for page in "$HERE"/man/*.6.gz; do
    put "$page" "$PREFIX/share/man/man6/$(basename "$page")" 644
done
put "$HERE/completions/konane.bash" "$PREFIX/share/bash-completion/completions/konane" 644
put "$HERE/completions/_konane" "$PREFIX/share/zsh/site-functions/_konane" 644
put "$HERE/completions/konane.fish" "$PREFIX/share/fish/vendor_completions.d/konane.fish" 644
for doc in "$HERE"/doc/*; do
    put "$doc" "$PREFIX/share/doc/konane/$(basename "$doc")" 644
done
echo "$LIST" >> "$LIST.new"
mv -f "$LIST.new" "$LIST"
echo "Kōnane is installed in $PREFIX ($(wc -l < "$LIST") files). Start it from the menu or with $PREFIX/bin/konane."
case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) echo "(Add $PREFIX/bin to your PATH to start it as konane.)" ;; esac
