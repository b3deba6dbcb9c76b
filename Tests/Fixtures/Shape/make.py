#!/usr/bin/env python3
"""Makes the shape fixtures once (numpy, pyvips with libvips 8.14, ImageMagick 6.9 `/usr/bin/convert`); the tests
need none of them. Run from this folder: python3 make.py [round|border|replicate] (all by default).

- round-W-H-R.png: the coverage of a W x H rounded rectangle (CSS border-radius R: pixels, or `NNpct` for a
  percentage), as the alpha of white, estimated by 1024 x 1024 stratified samples per pixel (pixel centres of the
  sub-grid) for every pixel in a corner box, written independently of Decor's closed form (radii scaled down as
  CSS Backgrounds 3 section 5.5 says). `decor apply white.png 'round R'` must match its alpha within 1 level.
- cutout.png: SampleImages/horse-cutout.png at 48 pixels wide (libvips' resize): translucent edges, a transparent
  surround. border-default.png: `convert cutout.png -border 3`; border-color.png: `convert cutout.png
  -bordercolor '#3366cc80' -border 5` (ImageMagick 6.9 Q16): `decor apply cutout.png 'border 3'` and
  `'border 5 color=#3366cc80'` must match them within one level.
- replicate-3x2.png, replicate-1x4.png: cutout.png through pyvips' replicate(3, 2) and replicate(1, 4):
  `decor apply cutout.png 'replicate 3x2'` must equal them byte for byte.
- photo.png: SampleImages/chelsea.png at 48 x 39 (libvips' resize) with an alpha ramp from 255 at the left to 55
  at the right; mask-alpha.png: `convert photo.png cutout.png -compose DstIn -composite` (ImageMagick 6.9: the
  photo times the cut-out's alpha): `decor apply photo.png 'mask cutout.png'` must match it within one level.
"""
import subprocess
import sys
import numpy as np
import pyvips

N = 1024


def radii(w, h, r):
    if isinstance(r, str):
        p = float(r[:-1])
        rx, ry = p / 100 * w, p / 100 * h
    else:
        rx = ry = float(r)
    f = min(1, w / (2 * rx), h / (2 * ry))
    return rx * f, ry * f


def inside(x, y, w, h, rx, ry):
    ok = (x >= 0) & (x <= w) & (y >= 0) & (y <= h)
    for cx, cy in [(rx, ry), (w - rx, ry), (rx, h - ry), (w - rx, h - ry)]:
        zone = (np.abs(x - cx) > 0) & (((x < rx) & (cx == rx)) | ((x > w - rx) & (cx == w - rx))) \
            & (((y < ry) & (cy == ry)) | ((y > h - ry) & (cy == h - ry)))
        ok &= ~zone | (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1)
    return ok


def coverage(w, h, r):
    rx, ry = radii(w, h, r)
    out = np.ones((h, w))
    s = (np.arange(N) + 0.5) / N
    gx, gy = np.meshgrid(s, s)
    for y in range(h):
        for x in range(w):
            near = (x < rx or x + 1 > w - rx) and (y < ry or y + 1 > h - ry)
            if near:
                out[y, x] = inside(x + gx, y + gy, w, h, rx, ry).mean()
    return out


what = sys.argv[1:] or ["round", "border", "replicate", "mask"]

for (w, h, r) in [] if "round" not in what else [(40, 30, 12), (37, 23, "50%"), (50, 20, 15), (30, 30, 7.3), (41, 17, "20%")]:
    a = np.rint(coverage(w, h, r) * 255).astype(np.uint8)
    rgba = np.dstack([np.full((h, w), 255, np.uint8)] * 3 + [a])
    name = f"round-{w}-{h}-{str(r).replace('%', 'pct')}.png"
    pyvips.Image.new_from_array(rgba, interpretation="srgb").pngsave(name)
    print(name, "area", a.sum() / 255, "analytic", w * h - (4 - np.pi) * np.prod(radii(w, h, r)))

if "border" in what:
    cutout = pyvips.Image.new_from_file("../../../SampleImages/horse-cutout.png")
    cutout.resize(48 / cutout.width).pngsave("cutout.png")
    subprocess.run(["/usr/bin/convert", "cutout.png", "-border", "3", "PNG32:border-default.png"], check=True)
    subprocess.run(["/usr/bin/convert", "cutout.png", "-bordercolor", "#3366cc80", "-border", "5",
        "PNG32:border-color.png"], check=True)

if "replicate" in what:
    cutout = pyvips.Image.new_from_file("cutout.png")
    for (c, r) in [(3, 2), (1, 4)]:
        cutout.replicate(c, r).pngsave(f"replicate-{c}x{r}.png")

if "mask" in what:
    photo = pyvips.Image.new_from_file("../../../SampleImages/chelsea.png")[0:3]
    photo = photo.resize(48 / photo.width, vscale=39 / photo.height)
    ramp = (255 - pyvips.Image.xyz(48, 39)[0] * (200 / 47)).cast("uchar")
    photo = photo.cast("uchar").bandjoin(ramp).copy(interpretation="srgb")
    photo.remove("icc-profile-data")
    photo.pngsave("photo.png")
    subprocess.run(["/usr/bin/convert", "photo.png", "cutout.png", "-compose", "DstIn", "-composite",
        "PNG32:mask-alpha.png"], check=True)
