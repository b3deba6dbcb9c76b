#!/usr/bin/env python3
"""Makes the GIF fixtures and their reference decodes, once; the files are committed, so the tests need no Pillow.
Run from this folder: python3 make.py (Pillow, and gifbuild from giflib-tools for the hand-described file).

- photo.gif and photo-interlaced.gif: SampleImages/chelsea.png at 96x64, 256 colours (Pillow's median cut), one
  global colour map, written plain and interlaced (the same pixels).
- cutout.gif: SampleImages/horse-cutout.png at 64x48, its transparent pixels as the Graphics Control Extension's
  transparent index.
- animated.gif: three 40x24 frames (red, the photo, blue); Decor reads the first.
- offset-local.txt -> offset-local.gif (gifbuild): a 12x10 screen whose first frame is 6x5 at (3, 2), interlaced,
  with a local colour map that replaces the global one and a transparent index; then a second frame.
- *-reference.png: Pillow's decode of each (Image.open(...).convert("RGBA"), the first frame), straight RGBA, which
  Decor must match exactly (GIF is lossless). For offset-local.gif the script also checks Pillow's decode against the
  frame drawn by hand on a transparent canvas (Pillow fills a first frame's surroundings with its transparent index
  when it has one, which is the transparent canvas Decor, browsers and libwebp's animation decoder start from).
- truncated.gif (the first half of photo.gif) and corrupt.gif (the first frame's LZW code size set to 15): errors.
"""
import subprocess
from PIL import Image

photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((96, 64), Image.LANCZOS)
indexed = photo.quantize(256)
indexed.save("photo.gif", interlace=False)
indexed.save("photo-interlaced.gif", interlace=True)
cutout = Image.open("../../../SampleImages/horse-cutout.png").convert("RGBA").resize((64, 48), Image.LANCZOS)
cutout_indexed = cutout.quantize(255)
mask = [a < 128 for a in cutout.getchannel("A").get_flattened_data()]
cutout_indexed.putdata([255 if clear else p for p, clear in zip(cutout_indexed.get_flattened_data(), mask)])
cutout_indexed.save("cutout.gif", transparency=255, interlace=False)
frames = [Image.new("RGB", (40, 24), (255, 0, 0)), photo.resize((40, 24)), Image.new("RGB", (40, 24), (0, 0, 255))]
frames[0].save("animated.gif", save_all=True, append_images=frames[1:], duration=100, loop=0)
with open("offset-local.gif", "wb") as out:
    subprocess.run(["gifbuild", "offset-local.txt"], stdout=out, check=True)
for name in ["photo", "photo-interlaced", "cutout", "animated", "offset-local"]:
    Image.open(name + ".gif").convert("RGBA").save(name + "-reference.png")

# The offset frame on a transparent 12x10 canvas; index 2 of its local map is transparent.
local = {0: (200, 10, 10, 255), 1: (10, 200, 10, 255), 2: (0, 0, 0, 0), 3: (10, 10, 200, 255)}
rows = ["012301", "123012", "230123", "301230", "012301"]
canvas = Image.new("RGBA", (12, 10), (0, 0, 0, 0))
for y, row in enumerate(rows):
    for x, index in enumerate(row):
        canvas.putpixel((3 + x, 2 + y), local[int(index)])
assert canvas.tobytes() == Image.open("offset-local.gif").convert("RGBA").tobytes()

data = open("photo.gif", "rb").read()
open("truncated.gif", "wb").write(data[: len(data) // 2])
damaged = bytearray(data)
descriptor = data.index(b"\x2c\x00\x00\x00\x00\x60\x00\x40\x00")
damaged[descriptor + 10] = 15  # the LZW minimum code size after the image descriptor (no local map)
open("corrupt.gif", "wb").write(bytes(damaged))
