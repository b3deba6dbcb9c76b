#!/usr/bin/env python3
"""Writes a 32768x32768 8-bit RGB PNG (1 gigapixel, 3 MB on disk) for decor-bench rows (streamed-inputs.md):
python3 Benchmarks/make-gigapixel-png.py OUT.png [SIDE]. Python's zlib only.
"""
# Pixel (x, y) = (x & 255, y & 255, (x + y) & 255). Row 0 unfiltered;
# every later row uses the Up filter, whose differences are (0, 1, 1) per pixel, which zlib compresses to almost nothing.
import struct, sys, zlib
W = H = int(sys.argv[2]) if len(sys.argv) > 2 else 32768
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
with open(sys.argv[1], "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)))
    c = zlib.compressobj(9)
    row0 = bytearray([0])
    for x in range(W):
        row0 += bytes((x & 255, 0, x & 255))
    up = bytes([2]) + bytes((0, 1, 1)) * W
    out = [c.compress(bytes(row0))]
    for y in range(1, H):
        d = c.compress(up)
        if d: out.append(d)
        if sum(map(len, out)) > 1 << 20:
            f.write(chunk(b"IDAT", b"".join(out))); out = []
    out.append(c.flush())
    f.write(chunk(b"IDAT", b"".join(out)))
    f.write(chunk(b"IEND", b""))
