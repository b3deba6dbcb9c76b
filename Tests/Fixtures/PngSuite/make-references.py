#!/usr/bin/env python3
"""Writes reference/<name>.rgba: the premultiplied RGBA8 pixels of every PngSuite image here, worked out
independently of libpng and of Decor.

pypng (a pure-Python PNG reader: `pip install pypng`) only inflates, unfilters and de-interlaces the raw samples;
palette lookup, tRNS, bit-depth scaling and premultiplication are done below with exact rational arithmetic:
  8-bit sample s from a b-bit sample v:   s = round(v * 255 / (2^b - 1))
  premultiplied colour from c, a:         round(c * a / 255)           (8-bit and smaller)
                                          round(c16 * a16 * 255 / 65535^2)  (16-bit: premultiplied at full depth)
Run it from this folder after changing the images; the output is committed.
"""
import os
from fractions import Fraction

import png


def rnd(x):
    """Round a non-negative Fraction to nearest, halves up."""
    return int(x + Fraction(1, 2))


def reference(path):
    width, height, rows, info = png.Reader(filename=path).read()
    rows = [list(r) for r in rows]
    depth = info["bitdepth"]
    top = (1 << depth) - 1
    palette = info.get("palette")
    planes = info["planes"]
    key = info.get("transparent")
    if key is not None and not isinstance(key, tuple):
        key = (key,)
    out = bytearray()
    for row in rows:
        for x in range(width):
            px = row[x * planes:(x + 1) * planes]
            if palette:
                entry = palette[px[0]]
                r, g, b = entry[:3]
                a = entry[3] if len(entry) == 4 else 255
                out += bytes([rnd(Fraction(c * a, 255)) for c in (r, g, b)] + [a])
                continue
            colour = px[:3] if planes >= 3 else px[:1] * 3
            has_alpha = planes in (2, 4)
            if has_alpha:
                alpha = px[-1]
            else:
                sample = tuple(px[:3] if planes >= 3 else px[:1])
                alpha = 0 if key is not None and sample == key else top
            if depth == 16:
                out += bytes([rnd(Fraction(c * alpha * 255, 65535 * 65535)) for c in colour]
                             + [rnd(Fraction(alpha * 255, 65535))])
            else:
                c8 = [rnd(Fraction(c * 255, top)) for c in colour]
                a8 = rnd(Fraction(alpha * 255, top))
                out += bytes([rnd(Fraction(c * a8, 255)) for c in c8] + [a8])
    return width, height, bytes(out)


here = os.path.dirname(os.path.abspath(__file__))
for folder in ("", "interlaced"):
    for name in sorted(os.listdir(os.path.join(here, folder))):
        if not name.endswith(".png"):
            continue
        w, h, data = reference(os.path.join(here, folder, name))
        target = os.path.join(here, "reference", folder, name[:-4] + ".rgba")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
