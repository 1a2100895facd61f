#!/bin/sh
# Removes what install.sh put under ~/.local (or $PREFIX), by the list it kept, and the
# directories that leaves empty. Your settings (~/.config/konane) and games
# (~/.local/share/konane) stay.
set -eu
PREFIX=${PREFIX:-$HOME/.local}
LIST=$PREFIX/share/doc/konane/installed-files
[ -f "$LIST" ] || { echo "Kōnane is not installed in $PREFIX (no $LIST)." >&2; exit 1; }
count=0
while IFS= read -r file; do
    case "$file" in "$PREFIX"/*) ;; *) echo "skipping $file: not under $PREFIX" >&2; continue ;; esac
    [ "$file" = "$LIST" ] && continue
    if [ -e "$file" ] || [ -L "$file" ]; then rm -f "$file" && count=$((count + 1)); fi
    dir=$(dirname "$file")
    while [ "$dir" != "$PREFIX" ] && rmdir "$dir" 2>/dev/null; do dir=$(dirname "$dir"); done
done < "$LIST"
rm -f "$LIST"
dir=$(dirname "$LIST")
while [ "$dir" != "$PREFIX" ] && rmdir "$dir" 2>/dev/null; do dir=$(dirname "$dir"); done
echo "Kōnane is removed from $PREFIX ($count files)."
