#!/usr/bin/env python3
"""Makes the HEIC and AVIF fixtures and their reference decodes, once; the files are committed, so the tests need
none of these tools. Run from this folder: python3 make.py (Pillow 13 with its AVIF plugin, which bundles libavif,
pillow-heif 1.x, which bundles libheif 1.23 with libde265 and x265, and numpy, from pip; avifenc from Debian's
libavif-bin for the 10-bit file).

Sources: SampleImages/chelsea.png at 64x48 (the photo, its ICC profile dropped) and SampleImages/horse-cutout.png
at 64x48 (the cut-out, with alpha).

- photo.heic (pillow-heif, quality 90), alpha.heic (the cut-out, with an alpha auxiliary image).
- rotated.heic: the photo saved with EXIF orientation 6, which pillow-heif turns into an `irot` box (and resets the
  EXIF orientation to 1): a reader shows it 48x64, turned clockwise.
- meta.heic: the photo with an ICC profile (Pillow's sRGB), an EXIF block (Artist "Decor fixture", orientation 1)
  and an XMP packet.
- photo.avif (Pillow's AVIF plugin, libavif with libaom, quality 90, 4:4:4), alpha.avif (the cut-out, 4:4:4),
  photo420.avif (the photo, 4:2:0: libavif upsamples chroma bilinearly, libheif 1.15 by repeating each sample, so
  this one is compared by PSNR).
- photo10.avif: a 10-bit 4:4:4 AVIF by avifenc from a 16-bit PNG (each 8-bit value times 257 plus noise in
  [-128, 128], so that the reduction to 8 bits is exercised).

`NAME-EXT-reference.png` (`photo-heic-reference.png`) is the independent decode of each, straight RGBA as Pillow gives it (`convert("RGBA")`):
pillow-heif's libheif 1.23 for HEIC, Pillow's libavif 1.x for AVIF. Decor decodes through Debian's libheif 1.15
(libde265 1.0, dav1d 1.0), so the two share no code path but the file.

Bad files (from photo.heic): truncated.heic (its first 60%), corrupt.heic (its HEVC parameter sets in the `hvcC`
box overwritten by 0xFF bytes; damaged slice data is decoded by libde265 without a word, as grey blocks), badbox.heic (the `meta` box's size made larger than the file). plain.mp4 is the head
of an ISO base media file with brands isom/mp41 only: no HEIF decoder may claim it.
"""
import struct
import subprocess
import zlib

import numpy as np
import pillow_heif
from PIL import Image, ImageCms

pillow_heif.register_heif_opener()

W, H = 64, 48
photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((W, H), Image.LANCZOS)
cutout = Image.open("../../../SampleImages/horse-cutout.png").convert("RGBA").resize((W, H), Image.LANCZOS)
# No profile or XMP carried over from the PNGs: meta.heic alone has metadata.
photo.info, cutout.info = {}, {}
rng = np.random.default_rng(22)


def reference(name):
    Image.open(name).convert("RGBA").save(name.replace(".", "-") + "-reference.png")


photo.save("photo.heic", quality=90)
cutout.save("alpha.heic", quality=90)

exif = Image.Exif()
exif[0x0112] = 6
photo.save("rotated.heic", quality=90, exif=exif.tobytes())

srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
meta_exif = Image.Exif()
meta_exif[0x013B] = "Decor fixture"
meta_exif[0x0112] = 1
xmp = (b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
       b'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" '
       b'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Decor fixture</dc:creator></rdf:Description>'
       b'</rdf:RDF></x:xmpmeta><?xpacket end="w"?>')
photo.save("meta.heic", quality=90, icc_profile=srgb, exif=meta_exif.tobytes(), xmp=xmp)

photo.save("photo.avif", quality=90, subsampling="4:4:4")
cutout.save("alpha.avif", quality=90, subsampling="4:4:4")
photo.save("photo420.avif", quality=90, subsampling="4:2:0")


def png16(path, samples):
    """A 16-bit RGB PNG (Pillow writes no 16-bit colour PNG)."""
    height, width, _ = samples.shape
    raw = b"".join(b"\0" + samples[y].astype(">u2").tobytes() for y in range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


deep = np.asarray(photo).astype(np.int64) * 257 + rng.integers(-128, 129, (H, W, 3))
png16("photo16.png", np.clip(deep, 0, 65535))
subprocess.run(["avifenc", "-d", "10", "-y", "444", "--min", "4", "--max", "4", "photo16.png", "photo10.avif"],
               check=True, capture_output=True)

for name in ["photo.heic", "alpha.heic", "rotated.heic", "meta.heic", "photo.avif", "alpha.avif", "photo420.avif",
             "photo10.avif"]:
    reference(name)

data = open("photo.heic", "rb").read()
open("truncated.heic", "wb").write(data[: len(data) * 6 // 10])
# libde265 decodes damaged slice data without a word (grey blocks), so the damage is put where it must be seen:
# the HEVC parameter sets in the `hvcC` box.
damaged = bytearray(data)
at = data.index(b"hvcC") + 4 + 22
arrays, at = data[at], at + 1
for _ in range(arrays):
    count, at = struct.unpack(">H", data[at + 1:at + 3])[0], at + 3
    for _ in range(count):
        length, at = struct.unpack(">H", data[at:at + 2])[0], at + 2
        damaged[at + 2:at + length] = b"\xff" * (length - 2)  # each NAL unit's header kept, its body ruined
        at += length
open("corrupt.heic", "wb").write(bytes(damaged))
at = data.index(b"meta") - 4
open("badbox.heic", "wb").write(data[:at] + struct.pack(">I", len(data) * 4) + data[at + 4:])
ftyp = struct.pack(">I", 24) + b"ftypisom" + struct.pack(">I", 512) + b"isommp41"
moov = struct.pack(">I", 8) + b"free"
open("plain.mp4", "wb").write(ftyp + moov + b"\0" * 40)
