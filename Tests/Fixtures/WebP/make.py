#!/usr/bin/env python3
"""Makes the WebP fixtures and their reference decodes, once; the files are committed, so the tests need no Pillow.
Run from this folder: python3 make.py (Pillow with WebP support).

- photo-lossy.webp (quality 80) and photo-lossless.webp: SampleImages/chelsea.png at 96x64.
- cutout-lossy.webp and cutout-lossless.webp: SampleImages/horse-cutout.png at 64x48, with alpha.
- animated.webp: three 40x24 frames (red, the photo, blue); Decor reads the first.
- *-reference.png: Pillow's decode of each (its own libwebp), straight RGBA, which Decor must match within 1 per
  channel (lossless: exactly, and equal to the source pixels).
- truncated.webp (the first half of photo-lossy.webp) and corrupt.webp (its VP8 frame tag damaged): errors.
"""
from PIL import Image

photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((96, 64), Image.LANCZOS)
photo.save("photo-lossy.webp", quality=80)
photo.save("photo-lossless.webp", lossless=True)
photo.convert("RGBA").save("photo-source.png")
cutout = Image.open("../../../SampleImages/horse-cutout.png").convert("RGBA").resize((64, 48), Image.LANCZOS)
cutout.save("cutout-lossy.webp", quality=80)
cutout.save("cutout-lossless.webp", lossless=True, exact=True)
cutout.save("cutout-source.png")
frames = [Image.new("RGB", (40, 24), (255, 0, 0)), photo.resize((40, 24)), Image.new("RGB", (40, 24), (0, 0, 255))]
frames[0].save("animated.webp", save_all=True, append_images=frames[1:], duration=100, loop=0, lossless=True)
for name in ["photo-lossy", "photo-lossless", "cutout-lossy", "cutout-lossless", "animated"]:
    Image.open(name + ".webp").convert("RGBA").save(name + "-reference.png")
data = open("photo-lossy.webp", "rb").read()
open("truncated.webp", "wb").write(data[: len(data) // 2])
damaged = bytearray(data)
start = data.index(b"VP8 ") + 8
damaged[start + 3 : start + 6] = b"\x00\x00\x00"  # the key frame's start code 9D 01 2A
open("corrupt.webp", "wb").write(bytes(damaged))
