#!/usr/bin/env python3
"""Makes the fixtures of the tone steps (sharpen, levels, gamma) and their peers' results, once; the files are
committed, so the tests need neither Pillow nor ImageMagick. Run from this folder: python3 make.py (Pillow 13,
NumPy, and ImageMagick 6.9.11 Q16 from Debian's imagemagick package, called as /usr/bin/convert).

- photo.png: SampleImages/chelsea.png at 96x64 (Pillow's Lanczos), opaque RGB.
- sharpen-pillow-S-A-T.png: Pillow's ImageFilter.UnsharpMask(radius=S, percent=100*A, threshold=T) of photo.png.
  Pillow's radius is its Gaussian's standard deviation (ImagingGaussianBlur(radius) runs three extended-box passes
  of variance radius^2 / 3 each), so this is Decor's `sharpen S amount=A threshold=T`.
- sharpen-im-S-A.png: ImageMagick's -unsharp 0xS+A+0 of photo.png; sharpen-im-S-A-T.png: -unsharp 0xS+A+(2T/255)
  (ImageMagick compares twice the difference from the blur with its threshold, a fraction of white).
- levels-im-B-W-G.png: ImageMagick's -level B%,W%,G of photo.png; gamma-im-G.png: its -gamma G. make.py also
  checks each against the NumPy formula round(255 * clip((c/255 - b) / (w - b), 0, 1) ** (1/g)) and prints the
  largest difference.
- normalize-pillow-L-H.png: Pillow's ImageOps.autocontrast(photo, cutoff=(L, H), preserve_tone=True), Decor's
  `normalize low=L% high=H%` (one table from the luma histogram for every channel; Pillow's table truncates).
"""
from PIL import ImageOps
import subprocess
import numpy as np
from PIL import Image, ImageFilter

CONVERT = "/usr/bin/convert"
# 8-bit RGB PNGs without the time and date chunks ImageMagick adds, so that running make.py again gives the same files.
OUT = ["-strip", "-define", "png:exclude-chunks=date,time", "-depth", "8"]
photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((96, 64), Image.LANCZOS)
photo.save("photo.png")


def name(*values):
    return "-".join(f"{v:g}" for v in values)


for sigma, amount, threshold in [(1, 1, 0), (2.5, 1.5, 0), (5, 0.8, 0), (2, 1, 6)]:
    filtered = photo.filter(ImageFilter.UnsharpMask(radius=sigma, percent=round(100 * amount), threshold=threshold))
    filtered.save(f"sharpen-pillow-{name(sigma, amount, threshold)}.png")
    # ImageMagick leaves a channel alone where twice its difference from the blur is below its threshold (a
    # fraction of white), so Decor's threshold T (levels) is ImageMagick's 2T/255.
    suffix = name(sigma, amount) if threshold == 0 else name(sigma, amount, threshold)
    subprocess.run([CONVERT, "photo.png", "-unsharp", f"0x{sigma:g}+{amount:g}+{2 * threshold / 255:.7f}", *OUT,
                    f"PNG24:sharpen-im-{suffix}.png"], check=True)

pixels = np.asarray(photo, dtype=np.float64) / 255


def reference(black, white, gamma):
    return np.round(255 * np.clip((pixels - black) / (white - black), 0, 1) ** (1 / gamma))


for black, white, gamma in [(10, 90, 1.2), (0, 50, 1), (25, 100, 0.6)]:
    out = f"levels-im-{name(black, white, gamma)}.png"
    subprocess.run([CONVERT, "photo.png", "-level", f"{black:g}%,{white:g}%,{gamma:g}", *OUT, f"PNG24:{out}"], check=True)
    im = np.asarray(Image.open(out).convert("RGB"), dtype=np.float64)
    print(out, "largest difference from NumPy:", np.abs(im - reference(black / 100, white / 100, gamma)).max())
for gamma in [0.5, 2.2]:
    out = f"gamma-im-{name(gamma)}.png"
    subprocess.run([CONVERT, "photo.png", "-gamma", f"{gamma:g}", *OUT, f"PNG24:{out}"], check=True)
    im = np.asarray(Image.open(out).convert("RGB"), dtype=np.float64)
    print(out, "largest difference from NumPy:", np.abs(im - reference(0, 1, gamma)).max())

for low, high in [(0, 0), (0.5, 0.5), (2, 1), (10, 5)]:
    ImageOps.autocontrast(photo, cutoff=(low, high), preserve_tone=True).save(f"normalize-pillow-{name(low, high)}.png")
