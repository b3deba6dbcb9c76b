#!/usr/bin/env python3
"""Makes the references TextTests compares lines with: Pillow's FreeType rendering of a font file from Debian's
fonts-dejavu-core, white coverage on black ("L" mode, so each byte is the glyphs' coverage), the line's pen
starting at x = 10 with its baseline at y = 60 (anchor "ls"), on a 520x80 image:

    latin-pillow.png   DejaVuSans.ttf       48 px  "office AVATAR Wafer" (a ligature and kerning)
    small-pillow.png   DejaVuSans-Bold.ttf  13 px  "Hinted at 13 px: Wave, Type & 0123 {fj}" (hinting shows)
    arabic-pillow.png  DejaVuSans.ttf       36 px  "مرحبا بالعالم" (joined, right to left)
    devanagari-pillow.png  NotoSansDevanagari-Regular.ttf (fonts-noto-core)  48 px  "नमस्ते" (a vowel sign
                       above the headline, positioned by the font's marks)

Prints the numbers the test hard-codes: Pillow's advance width (getlength) and the ink box in the image.

Run with Pillow 13 (its wheel bundles FreeType 2.14 and libraqm, so the layout is HarfBuzz's):
    python3 Tests/Fixtures/Text/make.py
"""
import os
from PIL import Image, ImageDraw, ImageFont, features

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
CASES = [
    ("latin-pillow.png", "DejaVuSans.ttf", 48, "office AVATAR Wafer"),
    ("small-pillow.png", "DejaVuSans-Bold.ttf", 13, "Hinted at 13 px: Wave, Type & 0123 {fj}"),
    ("arabic-pillow.png", "DejaVuSans.ttf", 36, "مرحبا بالعالم"),
    ("devanagari-pillow.png", "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", 48, "नमस्ते"),
]
here = os.path.dirname(os.path.abspath(__file__))
print("Pillow", Image.__version__, "FreeType", features.version("freetype2"), "raqm", features.version("raqm"),
      "HarfBuzz", features.version("harfbuzz"))
for name, file, size, text in CASES:
    font = ImageFont.truetype(os.path.join(DEJAVU, file), size, layout_engine=ImageFont.Layout.RAQM)
    image = Image.new("L", (520, 80), 0)
    ImageDraw.Draw(image).text((10, 60), text, font=font, fill=255, anchor="ls")
    image.save(os.path.join(here, name), optimize=True)
    print(name, "getlength", font.getlength(text), "ink box", image.getbbox())
