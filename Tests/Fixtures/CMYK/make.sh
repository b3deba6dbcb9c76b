#!/bin/sh
# Makes the CMYK fixtures once (ImageMagick 6, Pillow 12, libvips 8.14, lcms2); the tests need none of them. Run from
# this folder: sh make.sh.
#
# - small-cmyk.icc: a CMYK input profile, public domain: libvips' built-in "cmyk" profile (Graeme W. Gill's
#   "Chemical proof", public domain, 961 KB) resampled by small-cmyk.c (lcms2) into a 7-point CLUT (AToB0 and AToB1) of 30 KB, so
#   that the fixtures stay small and carry no profile under another licence.
# - chelsea-cmyk.jpg: SampleImages/chelsea.png at 120x80, converted to CMYK by ImageMagick through the Chemical proof
#   profile (relative colorimetric) and saved at quality 92 with small-cmyk.icc embedded: Adobe's inverted CMYK
#   (ImageMagick writes the APP14 marker). chelsea-cmyk-vips.png: `vips icc_transform chelsea-cmyk.jpg ... srgb
#   --embedded` (relative colorimetric, no black-point compensation): what Decor's decode must be within 35 dB of.
# - chelsea-cmyk-pillow.jpg: chelsea-cmyk.jpg's CMYK values written again by Pillow (Adobe's inverted CMYK, its own
#   encoder) with the same profile; chelsea-cmyk-pillow-vips.png its vips conversion.
# - chelsea-cmyk-noadobe.jpg: chelsea-cmyk-pillow.jpg with its APP14 (Adobe) segment cut out (its transform was 0,
#   so libjpeg still reads CMYK): libvips 8.14 and Pillow read it exactly as chelsea-cmyk-pillow.jpg (inverted
#   values), and so must Decor.
# - chelsea-cmyk.tif: the same CMYK values as an LZW TIFF (plain CMYK, 0 is no ink) with the profile, by Pillow;
#   chelsea-cmyk-tif-vips.png its vips conversion.
# - chelsea-cmyk-noprofile.jpg: chelsea-cmyk.jpg without its profile (`convert +profile icc`), converted by the system's
#   CMYK profile; chelsea-cmyk-noprofile-vips.png: vips' conversion of it through Ghostscript's default_cmyk.icc
#   (Debian's libgs-common), the profile Decor uses when a file has none (CMYKConversion.defaultProfilePaths);
#   chelsea-cmyk-noprofile-naive.png: Decor's last resort without a system profile, R = (1 - C)(1 - K), as
#   ImageMagick's `-colorspace sRGB` computes it.
set -e
python3 -c "import pyvips; open('/tmp/chemical-proof.icc', 'wb').write(pyvips.Operation.call('profile_load', 'cmyk'))"
gcc -O2 -o /tmp/small-cmyk small-cmyk.c -llcms2
/tmp/small-cmyk /tmp/chemical-proof.icc small-cmyk.icc
python3 -c "import pyvips; open('/tmp/vips-srgb.icc', 'wb').write(pyvips.Operation.call('profile_load', 'srgb'))"
convert ../../../SampleImages/chelsea.png -resize 120x80 -profile /tmp/vips-srgb.icc -intent relative \
  -profile /tmp/chemical-proof.icc +profile icc -profile small-cmyk.icc -quality 92 chelsea-cmyk.jpg
vips icc_transform chelsea-cmyk.jpg chelsea-cmyk-vips.png srgb --embedded
python3 - <<'PY'
from PIL import Image
jpeg = Image.open("chelsea-cmyk.jpg")
profile = jpeg.info["icc_profile"]
jpeg.save("chelsea-cmyk-pillow.jpg", quality=92, icc_profile=profile)
jpeg.save("chelsea-cmyk.tif", compression="tiff_lzw", icc_profile=profile)
PY
vips icc_transform chelsea-cmyk-pillow.jpg chelsea-cmyk-pillow-vips.png srgb --embedded
python3 - <<'PY'
data = open("chelsea-cmyk-pillow.jpg", "rb").read()
out, at = bytearray(data[:2]), 2
while at < len(data):
    marker, length = data[at + 1], int.from_bytes(data[at + 2:at + 4], "big")
    if marker == 0xDA:
        out += data[at:]
        break
    if marker != 0xEE:
        out += data[at:at + 2 + length]
    at += 2 + length
open("chelsea-cmyk-noadobe.jpg", "wb").write(bytes(out))
PY
vips icc_transform chelsea-cmyk-noadobe.jpg /tmp/noadobe-vips.png srgb --embedded
cmp /tmp/noadobe-vips.png chelsea-cmyk-pillow-vips.png
vips icc_transform chelsea-cmyk.tif chelsea-cmyk-tif-vips.png srgb --embedded
convert chelsea-cmyk.jpg +profile icc chelsea-cmyk-noprofile.jpg
vips icc_transform chelsea-cmyk-noprofile.jpg chelsea-cmyk-noprofile-vips.png srgb \
  --input-profile /usr/share/color/icc/ghostscript/default_cmyk.icc
convert chelsea-cmyk-noprofile.jpg -colorspace sRGB -type TrueColor chelsea-cmyk-noprofile-naive.png
rm -f /tmp/small-cmyk
