#!/usr/bin/env bash
# Retakes the pictures of docs/design.md: every screen the design covers (tools/design-shots/,
# scenes of the game's script language) at 1280x800, 800x600 and 600x900, run by
# tools/docs-screenshots.sh in a real window under Xvfb.
#   tools/design-shots.sh BIN [OUT]            the screens as BIN draws them, into OUT
#                                              (default target/design-shots/after)
#   BEFORE=OLD_BIN tools/design-shots.sh BIN   also the same screens from an older build, and
#                                              each pair side by side (before left, after right,
#                                              half size, JPEG) into docs/design/
# Needs xvfb and mesa-vulkan-drivers (and imagemagick for the pairs).
set -eu
[ $# -ge 1 ] || { echo "usage: [BEFORE=OLD_BIN] $0 BIN [OUT]" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
BIN=$1
OUT=${2:-$REPO/target/design-shots/after}
SCENES=$HERE/design-shots "$HERE/docs-screenshots.sh" "$BIN" "$OUT"
[ -n "${BEFORE:-}" ] || exit 0
OLD=$REPO/target/design-shots/before
SCENES=$HERE/design-shots "$HERE/docs-screenshots.sh" "$BEFORE" "$OLD" || true
mkdir -p "$REPO/docs/design"
for after in "$OUT"/*.png; do
    name=$(basename "$after" .png)
    before=$OLD/$name.png
    [ -f "$before" ] || continue
    montage "$before" "$after" -tile 2x1 -geometry '50%x50%+6+0' -background '#1c1e22' \
        -quality 82 "$REPO/docs/design/$name.jpg"
done
echo "pairs written to docs/design/"
