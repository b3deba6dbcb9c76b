#!/usr/bin/env bash
# Regenerates the README's before/after pictures from SampleImages/ through the `decor` command line, so the
# pictures always show what the current code does. Run from anywhere: bash Scripts/gallery.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product decor >/dev/null
decor=.build/release/decor
out=Documentation/Gallery
mkdir -p "$out"

# name | input | steps (one argument, steps separated by |)
while IFS='|' read -r name input steps; do
  [ -z "$name" ] && continue
  "$decor" apply "SampleImages/$input" -o "$out/$name-before.png" 'resize 240x_'
  # shellcheck disable=SC2086
  "$decor" apply "SampleImages/$input" -o "$out/$name-after.png" "$(echo "$steps" | sed 's/;/|/g')"
  echo "$out/$name-after.png"
done <<'CHAINS'
transforms|chelsea.png|resize 240x_ ; rotate -12 interpolation=bicubic ; pad 8 color=white ; rotate 6 ; background #2b3a55
cutout|horse-cutout.png|resize 200x_ ; skew 12 ; rotate -8 interpolation=bicubic ; pad 12 ; background #f2e8d5
CHAINS
