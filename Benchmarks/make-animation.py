#!/usr/bin/env python3
"""The inputs of Benchmarks/animation.md, pans across SampleImages/chelsea.png enlarged, each frame quantised to 256
colours, 40 ms each, looping. Run from the repository: python3 Benchmarks/make-animation.py writes, in the current
folder, big.gif (60 frames of 1500x1000, 44.7 MB) and pan100.gif (100 frames of 600x400, 17.5 MB)."""
from PIL import Image
photo = Image.open("SampleImages/chelsea.png").convert("RGB")


def pan(name, count, step, size, width=330, height=220):
    frames = []
    for i in range(count):
        # A pan across the photo, enlarged: each frame differs.
        x = i * step
        frames.append(photo.crop((x, 0, x + width, height)).resize(size, Image.BILINEAR).quantize(256))
    frames[0].save(name, save_all=True, append_images=frames[1:], duration=40, loop=0, optimize=False)


pan("big.gif", 60, 2, (1500, 1000))
pan("pan100.gif", 100, 1, (600, 400), width=300, height=200)
