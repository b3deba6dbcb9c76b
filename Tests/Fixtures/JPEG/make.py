#!/usr/bin/env python3
"""Makes the JPEG fixtures and their reference decodes, once; the files are committed, so the tests need neither
Pillow nor ImageMagick. Run from this folder: python3 make.py (Pillow and ImageMagick's `convert` needed).

- photo-*.jpg: SampleImages/chelsea.png at 96x64, baseline 4:2:0, baseline 4:4:4, progressive, and greyscale.
- *-reference.png: Pillow's decode of each (the same libjpeg-turbo, default settings: accurate DCT, smooth
  upsampling), which Decor must match within 1 per channel.
- cmyk.jpg: the photo in CMYK (Pillow writes Adobe's inverted CMYK), without a profile: read through the same
  libjpeg as TurboJPEG (Tests/Fixtures/CMYK has the CMYK files compared with libvips' conversion).
- truncated.jpg (the first half of photo-420.jpg) and corrupt.jpg (its marker after SOI damaged): errors.
"""
import subprocess
from PIL import Image

photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((96, 64), Image.LANCZOS)
photo.save("photo-420.jpg", quality=85, subsampling=2)
photo.save("photo-444.jpg", quality=85, subsampling=0)
photo.save("photo-progressive.jpg", quality=85, progressive=True)
photo.convert("L").save("photo-grey.jpg", quality=85)
for name in ["photo-420", "photo-444", "photo-progressive", "photo-grey"]:
    Image.open(name + ".jpg").convert("RGB").save(name + "-reference.png")
photo.convert("CMYK").save("cmyk.jpg", quality=90)
data = open("photo-420.jpg", "rb").read()
open("truncated.jpg", "wb").write(data[: len(data) // 2])
damaged = bytearray(data)
damaged[3] = 0x00  # FF D8 FF E0 → FF D8 FF 00: no such marker
open("corrupt.jpg", "wb").write(bytes(damaged))

# orientation-N.jpg: a 40x24 picture stored turned so that EXIF orientation N shows it upright (N = 1…8);
# orientation-N-reference.png: Pillow's ImageOps.exif_transpose of the file, which Decor must match within 1.
from PIL import ImageOps
upright = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((40, 24), Image.LANCZOS)
for x in range(6):
    for y in range(6):
        upright.putpixel((x, y), (255, 0, 0))  # a red corner at the top left, so every turn is visible
inverse = {1: None, 2: Image.FLIP_LEFT_RIGHT, 3: Image.ROTATE_180, 4: Image.FLIP_TOP_BOTTOM, 5: Image.TRANSPOSE,
           6: Image.ROTATE_90, 7: Image.TRANSVERSE, 8: Image.ROTATE_270}
for n, method in inverse.items():
    stored = upright if method is None else upright.transpose(method)
    exif = Image.Exif()
    exif[0x0112] = n
    stored.save(f"orientation-{n}.jpg", quality=90, exif=exif)
    ImageOps.exif_transpose(Image.open(f"orientation-{n}.jpg")).convert("RGB").save(f"orientation-{n}-reference.png")

# icc.jpg: the photo with an embedded sRGB ICC profile (APP2 ICC_PROFILE), for `decor info`.
from PIL import ImageCms
profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
photo.save("icc.jpg", quality=85, icc_profile=profile)
