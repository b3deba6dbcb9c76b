#!/usr/bin/env python3
"""Checks Decor's PNG files against independent readers: pngcheck, Pillow and Chromium (headless, drawing each file
into a canvas and reading it back with getImageData). Writes opaque, translucent, streamed (`fast`, many IDAT
chunks) and `best` files with the built `decor`, decodes them with Pillow (whose straight RGBA is the reference
here; Decor's own round trip is checked by the test suite) and compares Chromium's pixels with it. A browser canvas stores premultiplied pixels, so translucent colours read back
through it may differ by 1; alpha and opaque pixels must be exact.

Needs: pngcheck, pip install pillow numpy, apt-get install chromium. Run from the repository root after
`swift build -c release --product decor`:
    python3 Scripts/png-readers.py
"""
import base64, os, re, subprocess, sys, tempfile
import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECOR = os.path.join(ROOT, ".build/release/decor")
tmp = tempfile.mkdtemp()
cases = {
    "opaque": ["SampleImages/chelsea.png", "resize 300x_"],
    "translucent": ["SampleImages/horse-cutout.png", "resize 300x_", "rotate 20", "shadow 4 4 blur=3 opacity=0.5"],
    "streamed": ["SampleImages/horse-cutout.png", "resize 1400x_", "rotate 30", "--compression", "fast"],
    "best": ["SampleImages/chelsea.png", "resize 200x_", "--compression", "best"],
}
for name, args in cases.items():
    subprocess.run([DECOR, "apply", os.path.join(ROOT, args[0]), *args[1:], "-o", f"{tmp}/{name}.png"], check=True)
failed = False
check = subprocess.run(["pngcheck", "-q", *[f"{tmp}/{n}.png" for n in cases]], capture_output=True, text=True)
print("pngcheck:", "ok" if check.returncode == 0 else check.stdout)
failed |= check.returncode != 0

page = "".join(f'<img id="{n}" src="data:image/png;base64,{base64.b64encode(open(f"{tmp}/{n}.png", "rb").read()).decode()}">'
               for n in cases)
script = """
window.onload = () => {
  let out = '';
  for (const n of NAMES) {
    const im = document.getElementById(n);
    const c = document.createElement('canvas');
    c.width = im.naturalWidth; c.height = im.naturalHeight;
    const x = c.getContext('2d');
    x.drawImage(im, 0, 0);
    const d = x.getImageData(0, 0, c.width, c.height).data;
    let s = '';
    for (let i = 0; i < d.length; i += 8192) s += String.fromCharCode.apply(null, d.subarray(i, i + 8192));
    out += n + ' ' + c.width + ' ' + c.height + ' ' + btoa(s) + '\\n';
  }
  document.getElementById('out').textContent = out;
  for (const n of NAMES) document.getElementById(n).remove();
};""".replace("NAMES", str(list(cases)))
open(f"{tmp}/page.html", "w").write(f"<html><body>{page}<pre id='out'></pre><script>{script}</script></body></html>")
chromium = next((c for c in ["chromium", "chromium-browser", "google-chrome"] if subprocess.run(
    ["which", c], capture_output=True).returncode == 0), None)
browser = {}
if chromium:
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                          "--dump-dom", f"file://{tmp}/page.html"], capture_output=True, text=True, timeout=300).stdout
    for line in re.search(r"<pre id=\"out\">(.*?)</pre>", dom, re.S).group(1).strip().split("\n"):
        n, w, h, b = line.split(" ")
        browser[n] = np.frombuffer(base64.b64decode(b), np.uint8).reshape(int(h), int(w), 4).astype(int)
else:
    print("chromium: not installed, skipped")
for n in cases:
    pillow = np.asarray(Image.open(f"{tmp}/{n}.png").convert("RGBA")).astype(int)
    line = f"{n}: {pillow.shape[1]}x{pillow.shape[0]}, Pillow decodes it"
    if n in browser:
        c = browser[n]
        a = pillow[..., 3]
        opaque, partial = a == 255, (a > 0) & (a < 255)
        alpha_ok = (c[..., 3] == a).all()
        opaque_ok = (c[opaque] == pillow[opaque]).all()
        worst = int(np.abs(c[partial][:, :3] - pillow[partial][:, :3]).max()) if partial.any() else 0
        line += f"; Chromium: alpha {'equal' if alpha_ok else 'DIFFERENT'}, opaque pixels " \
                f"{'equal' if opaque_ok else 'DIFFERENT'}, translucent colours within {worst}"
        failed |= not (alpha_ok and opaque_ok and worst <= 1)
    print(line)
sys.exit(1 if failed else 0)
