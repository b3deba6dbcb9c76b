#!/usr/bin/env python3
"""Makes the 16-bit colour-management fixture once (transicc from liblcms2-utils, Little CMS 2.14, in floating point
with no precalculated transform: -c0, so none of Little CMS's 16-bit optimisations); the tests need neither. Run
from this folder: python3 make-16.py.

- display-p3-ramp16-to-srgb-transicc.rgb16: the 1024x2 16-bit Display P3 ramp that `ramp16(x, y)` below defines
  (and `PrecisionCLITests` builds the same way, with display-p3.icc embedded), each pixel converted to sRGB by
  transicc (relative colorimetric), clipped to 0...65535 and rounded: 1024x2 RGB samples, 16-bit big-endian, rows
  packed. Decor's conversion at 16 bits must match it within 1 of 65535
  (its unoptimised 16-bit transform does; Little CMS's optimised one was 72 off, Benchmarks/precision.md).
- gray30-ramp16-to-srgb-transicc.rgb16: the 16-bit grey ramp 64·x (x = 0 … 1023, one row) in gray30.icc's space,
  converted to sRGB by transicc the same way: 1024 RGB samples, 16-bit big-endian.
"""
import struct
import subprocess

WIDTH, HEIGHT = 1024, 2


def ramp16(x, y):
    """The straight RGB samples of the ramp: two smooth, desaturated colour ramps, inside sRGB's gamut."""
    if y == 0:
        return (8000 + 48 * x, 16000 + 40 * x, 24000 + 30 * x)
    return (42000 - 12 * x, 30000 + 14 * x, 36000 + 4 * x)


def convert(profile, pixels, output):
    """`pixels` (tuples of 16-bit samples) through transicc from `profile` to sRGB, written to `output`."""
    # transicc takes and gives samples in floating point on a scale of 0...255.
    lines = "".join(" ".join("%.9f" % (v * 255 / 65535) for v in p) + "\n" for p in pixels)
    out = subprocess.run(["transicc", "-i", profile, "-t1", "-c0", "-n"], input=lines, capture_output=True,
                         text=True, check=True).stdout
    values = [[float(v) for v in line.split()] for line in out.splitlines() if line.strip() and line[0] in "-0123456789"]
    assert len(values) == len(pixels), len(values)
    samples = []
    for rgb in values:
        for v in rgb:
            assert -0.01 <= v <= 255.01, "outside sRGB's gamut: %r" % (rgb,)
            samples.append(min(65535, max(0, round(v * 65535 / 255))))
    with open(output, "wb") as f:
        f.write(struct.pack(">%dH" % len(samples), *samples))
    print(output, "distinct red levels:", len({samples[i] for i in range(0, len(samples), 3)}))


convert("display-p3.icc", [ramp16(x, y) for y in range(HEIGHT) for x in range(WIDTH)],
        "display-p3-ramp16-to-srgb-transicc.rgb16")
convert("gray30.icc", [(64 * x,) for x in range(WIDTH)], "gray30-ramp16-to-srgb-transicc.rgb16")
