#!/usr/bin/env python3
"""The input of Benchmarks/animation.md: 60 frames of 1500x1000, a pan across SampleImages/chelsea.png enlarged,
each quantised to 256 colours, 40 ms each, looping (44.7 MB). Run from the repository: python3
Benchmarks/make-animation.py writes big.gif in the current folder."""
from PIL import Image
photo = Image.open("SampleImages/chelsea.png").convert("RGB")
frames = []
for i in range(60):
    # A pan across the photo, enlarged to 1500x1000: each frame differs.
    x = i * 2
    frames.append(photo.crop((x, 0, x + 330, 220)).resize((1500, 1000), Image.BILINEAR).quantize(256))
frames[0].save("big.gif", save_all=True, append_images=frames[1:], duration=40, loop=0, optimize=False)
