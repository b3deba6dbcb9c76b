#!/usr/bin/env python3
"""Makes the animation fixtures and their references, once; the files are committed, so the tests need no Pillow.
Run from this folder: python3 make.py (Pillow 12 or later).

- three.gif: three 96x64 frames cut from SampleImages/chelsea.png (CC0): the cat's face, the whole picture, and
  the picture turned a quarter (cropped), shown for 100, 200 and 300 ms, looping for ever (NETSCAPE2.0 loop 0).
- three-half-N.png: Pillow's resize of each of three.gif's frames (as Pillow composes it, RGBA) to 48x32, bicubic:
  what `decor apply three.gif 'resize 50%'` is compared with, frame by frame (PSNR).
- three-frame-N.png: Pillow's composition of each frame of three.gif (RGBA), which Decor's reader must match
  exactly (GIF is lossless).
- three.webp: three.gif's frames as a lossless animated WebP (Pillow, through libwebp), the same delays and loop.
- disposal.gif: a 32x24 animation whose frames Pillow writes cropped to what changed (offsets), with a transparent
  index and disposal methods 1, 2, 3, 1: a red block, a green block disposed to the background (cleared), a blue
  block disposed to the previous picture, then a yellow block.
- disposal-frame-N.png: Pillow's ImageSequence frames of disposal.gif as RGBA, which Decor's reader must match.
- outside.gif: disposal.gif with its second frame moved to (28, 20), so that it reaches past the canvas (clipped).
- truncated.gif: the first half of three.gif, which ends inside its second frame's data.
"""
from PIL import Image, ImageSequence

photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB")
frames = [
    photo.crop((150, 20, 342, 148)).resize((96, 64), Image.LANCZOS),
    photo.resize((96, 64), Image.LANCZOS),
    photo.rotate(90, expand=True).crop((0, 75, 300, 275)).resize((96, 64), Image.LANCZOS),
]
frames[0].save("three.gif", save_all=True, append_images=frames[1:], duration=[100, 200, 300], loop=0)

gif = Image.open("three.gif")
assert gif.n_frames == 3
for index, frame in enumerate(ImageSequence.Iterator(gif)):
    assert frame.info["duration"] == [100, 200, 300][index]
    rgba = frame.convert("RGBA")
    rgba.save(f"three-frame-{index + 1}.png")
    rgba.resize((48, 32), Image.BICUBIC).save(f"three-half-{index + 1}.png")

webp_frames = [Image.open(f"three-frame-{i}.png") for i in (1, 2, 3)]
webp_frames[0].save("three.webp", save_all=True, append_images=webp_frames[1:], duration=[100, 200, 300], loop=0,
                    lossless=True)

def block(color, box):
    image = Image.new("RGBA", (32, 24), (0, 0, 0, 0))
    image.paste(color, box)
    return image

base = block((255, 0, 0, 255), (0, 0, 16, 12))
green = base.copy()
green.paste((0, 255, 0, 255), (8, 6, 24, 18))
blue = base.copy()
blue.paste((0, 0, 255, 255), (16, 12, 32, 24))
yellow = base.copy()
yellow.paste((255, 255, 0, 255), (4, 14, 12, 22))
sequence = [base, green, blue, yellow]
sequence[0].save("disposal.gif", save_all=True, append_images=sequence[1:], duration=50, loop=0,
                 disposal=[1, 2, 3, 1], transparency=0, optimize=False)
for index, frame in enumerate(ImageSequence.Iterator(Image.open("disposal.gif"))):
    frame.convert("RGBA").save(f"disposal-frame-{index + 1}.png")

# outside.gif: disposal.gif with its second frame (16x12 of green) moved to (28, 20), reaching past the 32x24 canvas.
data = bytearray(open("disposal.gif", "rb").read())
descriptor = data.index(b"\x2c\x08\x00\x06\x00\x10\x00\x0c\x00")
data[descriptor + 1:descriptor + 5] = bytes([28, 0, 20, 0])
open("outside.gif", "wb").write(bytes(data))

data = open("three.gif", "rb").read()
open("truncated.gif", "wb").write(data[: len(data) // 2])

# p3.webp: three.gif's frames as a lossless animated WebP that carries ../ICC/display-p3.icc (the frames' values
# taken as Display P3), the same delays and loop. p3-srgb-N.png: each frame converted from Display P3 to sRGB by
# Pillow's ImageCms (Little CMS, relative colorimetric, Pillow's own sRGB profile): what `decor apply p3.webp
# --colorspace srgb` is compared with, frame by frame (PSNR).
from PIL import ImageCms

p3 = open("../ICC/display-p3.icc", "rb").read()
p3_frames = [Image.open(f"three-frame-{i}.png").convert("RGB") for i in (1, 2, 3)]
p3_frames[0].save("p3.webp", save_all=True, append_images=p3_frames[1:], duration=[100, 200, 300], loop=0,
                  lossless=True, icc_profile=p3)
import io
source = ImageCms.ImageCmsProfile(io.BytesIO(p3))
srgb = ImageCms.createProfile("sRGB")
for index, frame in enumerate(p3_frames):
    ImageCms.profileToProfile(frame, source, srgb,
                              renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC).save(f"p3-srgb-{index + 1}.png")
