#!/usr/bin/env python3
"""Makes the JPEG fixtures of RowSourceTests that Decor's encoder cannot write (it writes baseline 4:2:0 and 4:4:4
colour only), once; the files are committed. Run from this folder: python3 make-rows.py (Pillow needed).

- rows-progressive.jpg: SampleImages/coffee.png at 333x251 (sizes that are no multiple of a block), progressive,
  quality 95, 4:2:0.
- rows-grey.jpg: the same picture in greyscale, quality 75.
- rows-422.jpg: the same picture, quality 90, 4:2:2 (chroma halved horizontally only).
"""
from PIL import Image

photo = Image.open("../../../SampleImages/coffee.png").convert("RGB").resize((333, 251), Image.LANCZOS)
photo.save("rows-progressive.jpg", quality=95, subsampling=2, progressive=True)
photo.convert("L").save("rows-grey.jpg", quality=75)
photo.save("rows-422.jpg", quality=90, subsampling=1)
