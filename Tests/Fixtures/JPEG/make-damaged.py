#!/usr/bin/env python3
"""Makes the damaged and unsupported JPEG fixtures from photo-420.jpg and photo-progressive.jpg (make.py), once;
the tests need no Python. Run from this folder: python3 make-damaged.py (Pillow only checks what it reads).

Damage libjpeg decodes with a warning (browsers, Pillow and djpeg show these files; Decor decodes them with a notice):
- extraneous-eoi.jpg: 3 junk bytes before the EOI marker (libjpeg: "2 extraneous bytes before marker 0xd9", its
  entropy decoder having taken the first as part of the scan).
- junk-header.jpg: 5 junk bytes before the first DQT segment, a header ("5 extraneous bytes before marker 0xdb").
- progressive-short.jpg: the progressive photo with its second scan's entropy-coded data cut to half, the rest of
  the file intact (libjpeg warns and the scan's missing refinements are left out).
Cut short (an error, as Pillow treats it): truncated.jpg (make.py), no EOI marker.
Valid headers Decor does not decode (libjpeg-turbo is built for 8-bit lossy JPEG), made by patching the frame header
of photo-420.jpg, since no common tool writes them; the decoders stop at the header, so the data need not match:
- 12-bit.jpg: SOF0 with a sample precision of 12.
- lossless.jpg: SOF3 (lossless) in place of SOF0.
"""
from PIL import Image

data = open("photo-420.jpg", "rb").read()
assert data.endswith(b"\xff\xd9")
open("extraneous-eoi.jpg", "wb").write(data[:-2] + b"\x12\x34\x56" + data[-2:])
dqt = data.index(b"\xff\xdb")
open("junk-header.jpg", "wb").write(data[:dqt] + b"\x01\x02\x03\x04\x05" + data[dqt:])
sof = data.index(b"\xff\xc0")
twelve = bytearray(data)
twelve[sof + 4] = 12
open("12-bit.jpg", "wb").write(bytes(twelve))
lossless = bytearray(data)
lossless[sof + 1] = 0xC3
open("lossless.jpg", "wb").write(bytes(lossless))


def next_marker(data, at):
    """The next marker after entropy-coded data at `at` (FF followed by neither 00 nor a restart marker)."""
    while True:
        at = data.index(b"\xff", at)
        if data[at + 1] != 0 and not 0xD0 <= data[at + 1] <= 0xD7:
            return at
        at += 1


progressive = open("photo-progressive.jpg", "rb").read()
first = progressive.index(b"\xff\xda")
second = progressive.index(b"\xff\xda", next_marker(progressive, first + 2))
start = second + 2 + int.from_bytes(progressive[second + 2:second + 4], "big")
end = next_marker(progressive, start)
cut = start + (end - start) // 2
open("progressive-short.jpg", "wb").write(progressive[:cut] + progressive[end:])

for name in ["extraneous-eoi.jpg", "junk-header.jpg", "progressive-short.jpg", "truncated.jpg", "12-bit.jpg",
             "lossless.jpg"]:
    try:
        Image.open(name).load()
        print(name, "Pillow: read")
    except Exception as error:
        print(name, "Pillow:", error)
