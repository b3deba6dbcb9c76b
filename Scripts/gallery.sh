#!/usr/bin/env bash
# Regenerates the README's gallery from SampleImages/ through the `decor` command line (apply, batch and compose),
# so the pictures always show what the current code does. Run from anywhere: bash Scripts/gallery.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product decor >/dev/null
decor=.build/release/decor
out=Documentation/Gallery
mkdir -p "$out"
# Transparent results are shown flattened onto this colour, so their edges and shadows can be seen on any page.
paper='background #e9e4da'

# name | input | steps (one argument; `;` separates steps, as `|` would on the command line)
while IFS='|' read -r name input steps; do
  [ -z "$name" ] && continue
  "$decor" apply "SampleImages/$input" 'resize 240x_' "$paper" -o "$out/$name-before.png"
  "$decor" apply "SampleImages/$input" "$(echo "$steps" | sed 's/;/|/g')" -o "$out/$name-after.png"
  echo "$out/$name-after.png"
done <<CHAINS
transforms|chelsea.png|resize 240x_ ; pad 8 color=white ; rotate -6 interpolation=bicubic ; pad 12 ; background #2b3a55
cutout|horse-cutout.png|resize 200x_ ; skew 12 ; rotate -8 interpolation=bicubic ; pad 12 ; background #f2e8d5
shadow|horse-cutout.png|resize 240x_ ; shadow 10 10 blur=6 color=#1d2b4f opacity=0.6 ; $paper
inner-shadow|horse-cutout.png|resize 240x_ ; inner-shadow 5 5 blur=4 opacity=0.8 ; $paper
rotate|chelsea.png|resize 240x_ ; pad 6 color=white ; rotate -12 interpolation=bicubic ; shadow 4 4 blur=4 ; $paper
blur-extend|chelsea.png|resize 240x_ ; blur 6
blur-transparent|chelsea.png|resize 240x_ ; blur 6 edge=transparent ; $paper
blend|coffee.png|resize 240x_ ; blend overlay SampleImages/astronaut.png at=-60,-40 opacity=0.8
colour|chelsea.png|resize 240x_ ; sepia 0.7 ; contrast 1.3 ; hue-rotate -15
round-shadow|chelsea.png|resize 240x_ ; round 24 ; shadow 6 6 blur=6 opacity=0.5 ; $paper
sharpen|chelsea.png|resize 240x_ ; sharpen 1.5 amount=1.5 ; levels 8% 92% gamma=1.1
normalize|chelsea.png|resize 240x_ ; normalize low=2% high=1%
trim|horse-cutout.png|trim ; resize 240x_ ; $paper
watermark|chelsea.png|resize 240x_ ; text "© 2026 Ada" size=14 color=white opacity=0.8 gravity=southeast margin=8
greetings|coffee.png|resize 240x_ ; text "Hello · नमस्ते · হ্যালো · ሰላም · مرحبا" size=15 color=white width=220 align=center gravity=south margin=10
cover-gravity|chelsea.png|resize 160x160 fit=cover gravity=east interpolation=lanczos ; round 50% ; $paper
CHAINS

# A gradient mask: the `mask` step takes its mask from a file, so `compose` draws the gradient first (from Swift,
# `masked(by: LinearGradient(…))` takes the gradient itself).
cat >"$out/fade.json" <<'JSON'
{"width": 240, "height": 160, "layers": [{"gradient": {"type": "linear", "from": [60, 0], "to": [240, 0], "stops": ["#fff", "#fff0"]}}]}
JSON
"$decor" compose "$out/fade.json" -o "$out/fade.png"
"$decor" apply SampleImages/chelsea.png 'resize 240x_' "$paper" -o "$out/mask-before.png"
"$decor" apply SampleImages/chelsea.png "resize 240x_ | mask $out/fade.png | $paper" -o "$out/mask-after.png"
echo "$out/mask-after.png"

# An animated GIF (SampleImages/chelsea-zoom.gif) turned into an animated WebP: every frame through the chain, one at
# a time, its delays and loop count kept.
"$decor" apply SampleImages/chelsea-zoom.gif "resize 160x_ | round 16 | shadow 4 4 blur=4 opacity=0.5 | $paper" \
  -o "$out/animation-after.webp"
echo "$out/animation-after.webp"

# A template saved from one command, then run by `batch` over three photos.
"$decor" apply SampleImages/coffee.png 'resize 160x_ | pad 6 color=white | rotate 4 interpolation=bicubic' \
  'shadow 5 5 blur=4' --save-chain "$out/card.json" -o /dev/null
rm -rf "$out/batch"
"$decor" batch --chain "$out/card.json" --output-dir "$out/batch" SampleImages/chelsea.png SampleImages/coffee.png \
  SampleImages/astronaut.png --no-progress
for f in "$out"/batch/*.png; do "$decor" apply "$f" "$paper" -o "$f"; done
echo "$out/batch"

# A social card: a photo, a title wrapped to two centred lines under a shadow, and an Arabic subtitle laid out right
# to left, in one scene.
"$decor" compose Documentation/Gallery/card-scene.json -o "$out/card.png"
echo "$out/card.png"

# The example scene of Documentation/Scenes.md (the gallery's last picture).
"$decor" compose SampleImages/scene.json -o "$out/scene.png"
echo "$out/scene.png"
