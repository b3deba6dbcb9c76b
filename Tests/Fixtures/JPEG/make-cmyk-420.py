#!/usr/bin/env python3
"""Makes cmyk-420.jpg, once (the tests need no Python): a 48x32 CMYK JPEG whose cyan is sampled 2x2 and whose
magenta, yellow and black are 1x1, as jpeg-decoder's Mozilla reftest jpg-cmyk-2.jpg (image-rs/jpeg-decoder,
tests/reftest/images/mozilla) is sampled (`identify -format '%[jpeg:sampling-factor]'`: 2x2,1x1,1x1,1x1). Its
subsampling has no name (the black is not sampled as the first component), which TurboJPEG's
tjDecompressHeader3 refuses: `decor info` once read headers through it and exited 1 on such a file that `decor
apply` decodes. Run from this folder: python3 make-cmyk-420.py (Pillow 12).
"""
from PIL import Image

image = Image.new("CMYK", (48, 32))
pixels = image.load()
for y in range(32):
    for x in range(48):
        pixels[x, y] = (x * 5, y * 7, (x + y) * 3, 40 if x < 24 else 0)
image.save("cmyk-420.jpg", quality=90, subsampling=2)
