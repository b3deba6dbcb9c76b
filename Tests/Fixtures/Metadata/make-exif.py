#!/usr/bin/env python3
"""Makes the EXIF and XMP fixtures once (Pillow writes the files); the tests need no Pillow. Run from this folder:
python3 make-exif.py.

The EXIF block is built here byte by byte (big-endian TIFF), so that it holds what a camera's does and Pillow
cannot write: IFD0 (Orientation 6, Artist, DateTime, Copyright, links to the EXIF and GPS IFDs), the EXIF IFD
(DateTimeOriginal), the GPS IFD (GPSLatitudeRef N, GPSLatitude 48/1 51/1 24/1), and IFD1 with an embedded JPEG
thumbnail (a 16x16 red JPEG) after everything else, as cameras put it.

- exif-6.jpg: a 48x32 picture stored turned (the camera held sideways: orientation 6), with that EXIF in APP1 and an
  XMP packet (APP1, saying tiff:Orientation 6 and dc:creator) — Pillow's `exif=` and `xmp=`.
- exif.png: the picture (upright) with the EXIF in eXIf and the XMP in iTXt XML:com.adobe.xmp.
- exif.webp: the picture (upright, lossless) with EXIF and XMP chunks.
- exif-block.bin, xmp.xml: the EXIF block and XMP packet alone.
"""
from PIL import Image, PngImagePlugin
import io, struct

ASCII, SHORT, LONG, RATIONAL = 2, 3, 4, 5


def ifd(entries, start, next_ifd=0):
    """An IFD at offset `start`: (table bytes, value bytes after it). Entries: (tag, type, count, payload bytes)."""
    table_size = 2 + 12 * len(entries) + 4
    values = b""
    table = struct.pack(">H", len(entries))
    for tag, kind, count, payload in sorted(entries):
        if len(payload) <= 4:
            table += struct.pack(">HHI", tag, kind, count) + payload.ljust(4, b"\0")
        else:
            table += struct.pack(">HHII", tag, kind, count, start + table_size + len(values))
            values += payload + (b"\0" if len(payload) % 2 else b"")
    return table + struct.pack(">I", next_ifd), values


def text(s):
    b = s.encode() + b"\0"
    return (ASCII, len(b), b)


thumb = io.BytesIO()
Image.new("RGB", (16, 16), (255, 0, 0)).save(thumb, "JPEG", quality=50)
thumb = thumb.getvalue()


def exif_block():
    # Offsets are found by laying the structure out twice: first with placeholders to measure.
    def build(exif_at, gps_at, ifd1_at, thumb_at):
        ifd0_entries = [
            (0x0112, SHORT, 1, struct.pack(">H", 6)),
            (0x013B, *text("Decor Tester")),
            (0x0132, *text("2024:05:06 07:08:09")),
            (0x8298, *text("(c) Decor fixtures")),
            (0x8769, LONG, 1, struct.pack(">I", exif_at)),
            (0x8825, LONG, 1, struct.pack(">I", gps_at)),
        ]
        t0, v0 = ifd(ifd0_entries, 8, ifd1_at)
        data = b"MM\0\x2a" + struct.pack(">I", 8) + t0 + v0
        exif_at = len(data)
        t, v = ifd([(0x9003, *text("2024:05:06 07:08:09"))], exif_at)
        data += t + v
        gps_at = len(data)
        t, v = ifd([(0x0001, *text("N")),
                    (0x0002, RATIONAL, 3, struct.pack(">6I", 48, 1, 51, 1, 24, 1))], gps_at)
        data += t + v
        ifd1_at = len(data)
        t, v = ifd([(0x0103, SHORT, 1, struct.pack(">H", 6)), (0x0201, LONG, 1, struct.pack(">I", thumb_at)),
                    (0x0202, LONG, 1, struct.pack(">I", len(thumb)))], ifd1_at)
        data += t + v
        thumb_at = len(data)
        return data + thumb, (exif_at, gps_at, ifd1_at, thumb_at)

    offsets = (0, 0, 0, 0)
    for _ in range(3):
        data, offsets = build(*offsets)
    return data


exif = exif_block()
open("exif-block.bin", "wb").write(exif)
xmp = (b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
       b'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""'
       b' xmlns:tiff="http://ns.adobe.com/tiff/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"'
       b' tiff:Orientation="6"><dc:creator><rdf:Seq><rdf:li>Decor Tester</rdf:li></rdf:Seq></dc:creator>'
       b'</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>')
open("xmp.xml", "wb").write(xmp)
photo = Image.open("../../../SampleImages/chelsea.png").convert("RGB").resize((48, 32), Image.LANCZOS)
stored = photo.transpose(Image.Transpose.ROTATE_90)  # shown turned 90° clockwise: orientation 6
stored.save("exif-6.jpg", exif=b"Exif\0\0" + exif, xmp=xmp, quality=90)
text = PngImagePlugin.PngInfo()
text.add_itxt("XML:com.adobe.xmp", xmp.decode())
photo.save("exif.png", exif=exif, pnginfo=text)
photo.save("exif.webp", exif=exif, xmp=xmp, lossless=True)
