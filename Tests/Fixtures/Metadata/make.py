#!/usr/bin/env python3
"""Makes the metadata fixtures once (Pillow); the tests need no Pillow. Run from this folder: python3 make.py.

- profile.icc: the ICC profile embedded in ../JPEG/icc.jpg (a real profile, as cameras and editors embed them).
- icc-300dpi.png: SampleImages/chelsea.png at 48x32 with that profile (iCCP) and 300 dpi (pHYs 11811 per metre).
- icc-300dpi.jpg: the same picture as JPEG, with the profile (APP2) and 300 dpi (JFIF).
- icc.webp: the same picture as lossless WebP with the profile (ICCP).
- aspect.png: pHYs with no unit (a 1:2 pixel aspect ratio), no profile.
"""
from PIL import Image
import struct, zlib

profile = Image.open("../JPEG/icc.jpg").info["icc_profile"]
open("profile.icc", "wb").write(profile)
photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((48, 32), Image.LANCZOS)
photo.save("icc-300dpi.png", icc_profile=profile, dpi=(300, 300))
photo.save("icc-300dpi.jpg", icc_profile=profile, dpi=(300, 300), quality=90)
photo.save("icc.webp", icc_profile=profile, lossless=True)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


raw = b"".join(b"\x00" + bytes([200, 100, 50]) * 4 for _ in range(4))
aspect = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
          + chunk(b"pHYs", struct.pack(">IIB", 1, 2, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
open("aspect.png", "wb").write(aspect)
