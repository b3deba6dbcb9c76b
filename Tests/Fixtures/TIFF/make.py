#!/usr/bin/env python3
"""Makes the TIFF fixtures and their reference decodes, once; the files are committed, so the tests need none of
these tools. Run from this folder: python3 make.py (Pillow, numpy and tifffile from pip; tiffcp from libtiff-tools).

Sources: SampleImages/chelsea.png at 48x32 (the photo) and SampleImages/horse-cutout.png at 48x32 (the cut-out,
with alpha). 16-bit files hold each 8-bit value times 257 plus noise in [-128, 128], so that rounding to 8 bits
is exercised on both sides of every half.

8-bit files, each with `NAME-reference.png`, Pillow's decode (`convert("RGBA")`, straight), which Decor must match
exactly:
- rgb8.tif (Pillow, uncompressed strips), rgb8-lzw.tif (tiffcp -c lzw), rgb8-deflate-tiles.tif (tiffcp -c zip
  -t -w 16 -l 16), rgb8-planar.tif (tiffcp -p separate -c lzw), grey8.tif, palette8.tif (Pillow, 64 colours),
  rgba8-unassociated-lzw.tif (Pillow writes unassociated alpha; then tiffcp -c lzw), multipage.tif (the photo, then
  the cut-out: Decor reads the first page and counts 2).
- rgb8-bottom-left.tif (Pillow, LZW, Orientation 4: stored bottom row first), whose expected raster is
  rgb8-reference.png turned upside down (Pillow does not apply the orientation; libtiff's RGBA interface does).

Files whose expected raster is computed here, `NAME-expected.rgba` (premultiplied RGBA bytes, Decor's raster):
- rgba8-associated-deflate.tif (tifffile, associated alpha: the stored samples are the expected bytes).
- grey16.tif (strips, deflate), grey16-tiles.tif (tiles of 16x16), greyalpha16.tif (unassociated alpha), rgb16-lzw.tif,
  rgba16-unassociated-tiles.tif, rgba16-associated.tif (tifffile): as Decor reads a 16-bit PNG, unassociated
  alpha premultiplied at 16 bits first ((c * a + 32767) // 65535), then each sample v rounded to
  round(v / 257) = (v + 128) // 257; associated samples rounded as they are.

Bad files: truncated.tif (the first 60% of rgb8-lzw.tif) and corrupt.tif (rgb8-lzw.tif with its strip data
overwritten by 0xFF bytes).
"""
import subprocess
import numpy as np
import tifffile
from PIL import Image

W, H = 48, 32
photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((W, H), Image.LANCZOS)
cutout = Image.open("../../../SampleImages/horse-cutout.png").convert("RGBA").resize((W, H), Image.LANCZOS)
rng = np.random.default_rng(22)


def tiffcp(args, source, target):
    subprocess.run(["tiffcp", *args, source, target], check=True)


def reference(name):
    Image.open(name + ".tif").convert("RGBA").save(name + "-reference.png")


photo.save("rgb8.tif")
tiffcp(["-c", "lzw"], "rgb8.tif", "rgb8-lzw.tif")
tiffcp(["-c", "zip", "-t", "-w", "16", "-l", "16"], "rgb8.tif", "rgb8-deflate-tiles.tif")
tiffcp(["-p", "separate", "-c", "lzw"], "rgb8.tif", "rgb8-planar.tif")
photo.convert("L").save("grey8.tif")
photo.quantize(64).save("palette8.tif")
cutout.save("rgba8-unassociated.tif")
tiffcp(["-c", "lzw"], "rgba8-unassociated.tif", "rgba8-unassociated-lzw.tif")
subprocess.run(["rm", "rgba8-unassociated.tif"], check=True)
photo.save("multipage.tif", save_all=True, append_images=[cutout])
# Stored bottom row first (Orientation 4): not streamable, decoded whole; expected is rgb8-reference.png upside down.
Image.open("rgb8.tif").save("rgb8-bottom-left.tif", tiffinfo={274: 4}, compression="tiff_lzw")
for name in ["rgb8", "rgb8-lzw", "rgb8-deflate-tiles", "rgb8-planar", "grey8", "palette8", "rgba8-unassociated-lzw",
             "multipage"]:
    reference(name)


def premultiply(c, a):
    t = c.astype(np.int64) * a + 128
    return ((t + (t >> 8)) >> 8).astype(np.uint8)


def round16(v):
    return ((v.astype(np.int64) + 128) // 257).astype(np.uint8)


def premultiply16(c, a):
    return (c.astype(np.int64) * a + 32767) // 65535


def expected(name, rgba):
    rgba.astype(np.uint8).tofile(name + "-expected.rgba")


rgba8 = np.asarray(cutout).astype(np.int64)
stored = rgba8.copy()
stored[..., :3] = premultiply(rgba8[..., :3], rgba8[..., 3:4])
tifffile.imwrite("rgba8-associated-deflate.tif", stored.astype(np.uint8), photometric="rgb",
                 extrasamples=["assocalpha"], compression="zlib")
expected("rgba8-associated-deflate", stored)


def widen(values):
    noise = rng.integers(-128, 129, size=values.shape)
    return np.clip(values.astype(np.int64) * 257 + noise, 0, 65535).astype(np.uint16)


grey16 = widen(np.asarray(photo.convert("L")))
g = round16(grey16)
opaque = np.full((H, W), 255, np.uint8)
tifffile.imwrite("grey16.tif", grey16, photometric="minisblack", compression="zlib", rowsperstrip=5)
expected("grey16", np.stack([g, g, g, opaque], axis=-1))
tifffile.imwrite("grey16-tiles.tif", grey16, photometric="minisblack", tile=(16, 16))
expected("grey16-tiles", np.stack([g, g, g, opaque], axis=-1))
alpha16 = widen(np.asarray(cutout)[..., 3])
a = round16(alpha16)
tifffile.imwrite("greyalpha16.tif", np.stack([grey16, alpha16], axis=-1), photometric="minisblack",
                 extrasamples=["unassalpha"])
pg = round16(premultiply16(grey16, alpha16))
expected("greyalpha16", np.stack([pg, pg, pg, a], axis=-1))

rgb16 = widen(np.asarray(photo))
tifffile.imwrite("rgb16-lzw.tif", rgb16, photometric="rgb")
tiffcp(["-c", "lzw"], "rgb16-lzw.tif", "rgb16-lzw.tif.tmp")
subprocess.run(["mv", "rgb16-lzw.tif.tmp", "rgb16-lzw.tif"], check=True)
expected("rgb16-lzw", np.concatenate([round16(rgb16), opaque[..., None]], axis=-1))
rgba16 = widen(np.asarray(cutout))
tifffile.imwrite("rgba16-unassociated-tiles.tif", rgba16, photometric="rgb", extrasamples=["unassalpha"],
                 tile=(16, 16), compression="zlib")
a = round16(rgba16[..., 3])
expected("rgba16-unassociated-tiles", np.concatenate([round16(premultiply16(rgba16[..., :3], rgba16[..., 3:4])),
                                                      a[..., None]], axis=-1))
# Associated: colour samples at most the alpha sample, as premultiplication makes them.
assoc16 = rgba16.copy()
assoc16[..., :3] = (rgba16[..., :3].astype(np.int64) * rgba16[..., 3:4] // 65535).astype(np.uint16)
tifffile.imwrite("rgba16-associated.tif", assoc16, photometric="rgb", extrasamples=["assocalpha"])
expected("rgba16-associated", round16(assoc16))

data = open("rgb8-lzw.tif", "rb").read()
open("truncated.tif", "wb").write(data[: len(data) * 6 // 10])
damaged = bytearray(data)
damaged[8 : len(data) // 2] = b"\xff" * (len(data) // 2 - 8)
open("corrupt.tif", "wb").write(bytes(damaged))
