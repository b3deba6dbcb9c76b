#!/usr/bin/env python3
"""Makes the colour-management fixtures once (pyvips, libvips 8.14, whose icc_transform is the reference); the
tests need neither. Run from this folder: python3 make.py.

- display-p3.png: SampleImages/chelsea.png at 64x48, its values converted to Display P3 (libvips' built-in "p3"
  profile) and that profile embedded (iCCP), with an alpha ramp from 0 at the left to 255 at the right, so that
  transparent, translucent and opaque pixels are all converted.
- display-p3.icc: the embedded profile alone.
- display-p3-to-srgb-vips.png: display-p3.png through libvips' icc_transform to its built-in sRGB (relative
  colorimetric, 8-bit): what Decor's conversion must match within 2 levels.
- coffee-p3.jpg: SampleImages/coffee.png at 64x48, converted to Display P3 and saved as a quality-95 JPEG with the
  profile (APP2); chelsea.png: SampleImages/chelsea.png at 64x48, no profile (sRGB); multiply-vips.png:
  coffee-p3.jpg through icc_transform to sRGB, then composited onto chelsea.png in multiply mode (composite2):
  `decor apply chelsea.png 'blend multiply coffee-p3.jpg'` must match it within 2 levels.
- gray30.icc: Little CMS's built-in grey of gamma 3.0 as an input profile (`linkicc -x -o gray30.icc '*Gray30'`,
  liblcms2-utils); gray30.png: a 16-step grey ramp (0, 17, …, 255) with that profile; gray30-to-srgb-pillow.png:
  Pillow's ImageCms conversion of it to sRGB (relative colorimetric).
- lab.icc: Little CMS's built-in Lab profile (cmsCreateLab4Profile, through Pillow's ImageCms.createProfile("LAB")):
  a profile whose data colour space is Lab, which no RGB, grey or CMYK file's values are in (the tests embed it in
  such files and expect it left out).
"""
import pyvips
from PIL import Image, ImageCms

photo = pyvips.Image.new_from_file("../../../SampleImages/chelsea.png")  # 3-band sRGB
photo = photo.resize(64 / photo.width, vscale=48 / photo.height)[0:3]
p3 = photo.icc_transform("p3", input_profile="srgb", intent="relative")
alpha = (pyvips.Image.xyz(64, 48)[0] * (255 / 63)).cast("uchar")
p3 = p3.cast("uchar").bandjoin(alpha).copy(interpretation="srgb")
p3.pngsave("display-p3.png")
loaded = pyvips.Image.new_from_file("display-p3.png")
open("display-p3.icc", "wb").write(loaded.get("icc-profile-data"))
srgb = loaded.icc_transform("srgb", intent="relative")
srgb.cast("uchar").pngsave("display-p3-to-srgb-vips.png", strip=True)

coffee = pyvips.Image.new_from_file("../../../SampleImages/coffee.png")[0:3]
coffee = coffee.resize(64 / coffee.width, vscale=48 / coffee.height)
coffee.icc_transform("p3", input_profile="srgb", intent="relative").jpegsave("coffee-p3.jpg", Q=95)
photo.cast("uchar").pngsave("chelsea.png", strip=True)
overlay = pyvips.Image.new_from_file("coffee-p3.jpg").icc_transform("srgb", intent="relative")
pyvips.Image.new_from_file("chelsea.png").composite2(overlay, "multiply").cast("uchar").pngsave(
    "multiply-vips.png", strip=True)

grey = Image.new("L", (16, 1))
grey.putdata([i * 17 for i in range(16)])
gray30 = open("gray30.icc", "rb").read()
grey.save("gray30.png", icc_profile=gray30)
ImageCms.profileToProfile(grey, ImageCms.getOpenProfile("gray30.icc"), ImageCms.createProfile("sRGB"),
                          renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB").save(
    "gray30-to-srgb-pillow.png")

open("lab.icc", "wb").write(ImageCms.ImageCmsProfile(ImageCms.createProfile("LAB")).tobytes())
