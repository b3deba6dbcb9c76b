#!/usr/bin/env python3
"""Makes the multi-page TIFF fixtures and their references, once; the files are committed, so the tests need none of
these tools. Run from this folder: python3 pages.py (Pillow 12 or later).

Sources, as make.py's: SampleImages/chelsea.png at 48x32 (the photo) and SampleImages/horse-cutout.png at 48x32
(the cut-out, with alpha).

- pages3.tif: three 48x32 pages, LZW (Pillow's save_all): the photo (RGB), the photo turned upside down in
  greyscale (L), the cut-out (RGBA, unassociated alpha).
- pages3-N.png: Pillow's ImageSequence pages of pages3.tif as RGBA (straight), which Decor's frames must match
  exactly.
- pages3-half-N.png: Pillow's bicubic resize of each page (RGBA) to 24x16: what `decor apply pages3.tif --all-pages
  'resize 50%'` is compared with, page by page (PSNR).
- pages-sizes.tif: the photo at 48x32, then the cut-out at 24x16 (Pillow's save_all): pages of different sizes,
  which are not read as frames.
- pages3-corrupt.tif: pages3.tif with the LZW data of its third page overwritten with 0xFF bytes (codes past the
  table: libtiff's "Corrupted LZW table"), its directories intact.
"""
from PIL import Image, ImageSequence

W, H = 48, 32
photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((W, H), Image.LANCZOS)
cutout = Image.open("../../../SampleImages/horse-cutout.png").convert("RGBA").resize((W, H), Image.LANCZOS)
grey = photo.transpose(Image.FLIP_TOP_BOTTOM).convert("L")

photo.save("pages3.tif", save_all=True, append_images=[grey, cutout], compression="tiff_lzw")
document = Image.open("pages3.tif")
assert document.n_frames == 3
for index, page in enumerate(ImageSequence.Iterator(document)):
    rgba = page.convert("RGBA")
    rgba.save(f"pages3-{index + 1}.png")
    rgba.resize((W // 2, H // 2), Image.BICUBIC).save(f"pages3-half-{index + 1}.png")

photo.save("pages-sizes.tif", save_all=True, append_images=[cutout.resize((W // 2, H // 2), Image.LANCZOS)])

data = bytearray(open("pages3.tif", "rb").read())
document = Image.open("pages3.tif")
document.seek(2)
# StripOffsets (273) and StripByteCounts (279) of the third page.
for offset, count in zip(document.tag_v2[273], document.tag_v2[279]):
    data[offset:offset + count] = b"\xff" * count
open("pages3-corrupt.tif", "wb").write(bytes(data))
