#!/usr/bin/env bash
# Makes the 10-bit HEIC fixture and its reference decode (see README.md): heif-enc (Debian's libheif-examples, x265)
# writes a lossless 10-bit RGB + alpha HEIC from a 16-bit PNG; pillow-heif (pip; its own libheif 1.23 and libde265)
# decodes it to 16-bit samples (v << 6), which are rescaled exactly (round(v × 65535 / 1023)) into the reference.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/ramp10.png" <<'PY'
import struct, sys, zlib
W, H = 64, 16
def pixel(x, y):
    v = x + 64 * y  # every 10-bit level once in red
    return [v, 1023 - v, (v * 7) % 1024, 256 + (v * 5) % 768]
raw = b''.join(b'\0' + b''.join(struct.pack('>H', s << 6) for x in range(W) for s in pixel(x, y)) for y in range(H))
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
open(sys.argv[1], 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 16, 6, 0, 0, 0))
    + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
PY
heif-enc -L --matrix_coefficients=0 -b 10 "$work/ramp10.png" -o ramp10.heic >/dev/null
python3 - <<'PY'
import struct, zlib
import numpy as np, pillow_heif
image = pillow_heif.open_heif('ramp10.heic', convert_hdr_to_8bit=False)
assert image.mode == 'RGBA;16' and image.info['bit_depth'] == 10
samples = np.asarray(image).astype(np.int64) >> 6
exact = np.floor((samples * 65535 + 511) / 1023).astype('>u2')
H, W, _ = exact.shape
raw = b''.join(b'\0' + exact[y].tobytes() for y in range(H))
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
open('ramp10-heic-reference16.png', 'wb').write(b'\x89PNG\r\n\x1a\n'
    + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 16, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw))
    + chunk(b'IEND', b''))
print('ramp10.heic: libheif', pillow_heif.libheif_version(), 'reference written')
PY
