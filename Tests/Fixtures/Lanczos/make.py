#!/usr/bin/env python3
"""Independent references for the Lanczos-3 resampler: SampleImages/astronaut.png (512², opaque) shrunk to 128².

- astronaut-quarter-exact.png: Lanczos-3 written out in NumPy, in float64, with no code shared with Decor: the
  kernel sinc(x)·sinc(x/3) widened by the shrink factor (4), clipped at the image's edges and renormalised, as Pillow
  and libvips's reduce do, rows then columns, rounded once at the end.
- astronaut-quarter-pillow.png: Pillow's Image.resize(..., Image.LANCZOS) (fixed-point weights, 8-bit between its
  two passes).

Run from the repository's root: python3 Tests/Fixtures/Lanczos/make.py
"""
import numpy as np
from PIL import Image


def lanczos(t):
    t = np.abs(t)
    return np.where(t < 3, np.sinc(t) * np.sinc(t / 3), 0.0)


def weights(n_in, n_out):
    scale = n_out / n_in
    widen = max(1.0, 1 / scale)
    reach = 3 * widen
    w = np.zeros((n_out, n_in))
    for o in range(n_out):
        centre = (o + 0.5) / scale - 0.5
        lo = max(0, int(np.ceil(centre - reach)))
        hi = min(n_in - 1, int(np.floor(centre + reach)))
        i = np.arange(lo, hi + 1)
        k = lanczos((i - centre) / widen)
        w[o, lo:hi + 1] = k / k.sum()
    return w


source = Image.open("SampleImages/astronaut.png").convert("RGB")
width, height = source.size[0] // 4, source.size[1] // 4
pixels = np.asarray(source, dtype=np.float64)
rows = np.einsum("oi,hic->hoc", weights(source.size[0], width), pixels)
both = np.einsum("oh,hwc->owc", weights(source.size[1], height), rows)
Image.fromarray(np.clip(np.rint(both), 0, 255).astype(np.uint8)).save("Tests/Fixtures/Lanczos/astronaut-quarter-exact.png")
source.resize((width, height), Image.LANCZOS).save("Tests/Fixtures/Lanczos/astronaut-quarter-pillow.png")
