#!/usr/bin/env python3
"""Makes the orientation fixtures once (Pillow 12); the tests need nothing. Run from this folder: python3 make.py.

- stored.png: SampleImages/chelsea.png at 45x30 (the pixels as stored in every file here; 45x30 so that a turn that
  swaps the sides shows).
- orientation-N.png (eXIf chunk), orientation-N.webp (lossless, EXIF chunk) and orientation-N.tif (LZW, the
  Orientation tag 274) for N = 1 … 8: stored.png's pixels recording orientation N.
- upright-N.png: Pillow's `ImageOps.exif_transpose` of each, the same for the three formats (checked here): what
  Decor's decoders must give with `autoOrient` (exactly; 45 dB is the bar the tests hold).
"""
from PIL import Image, ImageOps

stored = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((45, 30), Image.LANCZOS)
stored.save("stored.png")
for n in range(1, 9):
    exif = Image.Exif()
    exif[0x0112] = n
    stored.save(f"orientation-{n}.png", exif=exif)
    stored.save(f"orientation-{n}.webp", lossless=True, exif=exif)
    stored.save(f"orientation-{n}.tif", compression="tiff_lzw", tiffinfo={274: n})
    uprights = [ImageOps.exif_transpose(Image.open(f"orientation-{n}.{ext}")).convert("RGB")
                for ext in ["png", "webp", "tif"]]
    assert all(u.tobytes() == uprights[0].tobytes() and u.size == uprights[0].size for u in uprights), n
    assert uprights[0].size == ((30, 45) if n >= 5 else (45, 30)), (n, uprights[0].size)
    uprights[0].save(f"upright-{n}.png")
