#!/usr/bin/env python3
"""Makes latin-pillow.png, the reference TextTests compares a Latin line with: Pillow's FreeType rendering of
DejaVu Sans (the file Debian's fonts-dejavu-core installs) at 48 px, white coverage on black ("L" mode, so each
byte is the glyphs' coverage), the line's pen starting at x = 10 with its baseline at y = 60 (anchor "ls").
Prints the numbers the test hard-codes: Pillow's advance width (getlength) and ink box relative to the pen start
and baseline (getbbox with anchor "ls").

Run with Pillow 13 (its wheel bundles FreeType 2.14 and libraqm, so the layout is HarfBuzz's):
    python3 Tests/Fixtures/Text/make.py
"""
import os
from PIL import Image, ImageDraw, ImageFont, features

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TEXT = "office AVATAR Wafer"
SIZE = 48
ORIGIN = (10, 60)

font = ImageFont.truetype(FONT, SIZE, layout_engine=ImageFont.Layout.RAQM)
image = Image.new("L", (520, 80), 0)
ImageDraw.Draw(image).text(ORIGIN, TEXT, font=font, fill=255, anchor="ls")
image.save(os.path.join(os.path.dirname(os.path.abspath(__file__)), "latin-pillow.png"), optimize=True)
print("Pillow", Image.__version__ if hasattr(Image, "__version__") else "", "FreeType", features.version("freetype2"),
      "raqm", features.version("raqm"), "HarfBuzz", features.version("harfbuzz"))
print("getlength", font.getlength(TEXT))
print("getbbox ls", font.getbbox(TEXT, anchor="ls"))
