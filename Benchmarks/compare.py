#!/usr/bin/env python3
"""Side-by-side throughput: Decor (decor-bench) against libvips (pyvips), Pillow and ImageMagick, in one run, on
the same input and the same operation. Prints a Markdown table of medians (Mpx/s of the 4096² input) and ratios.

Needs: pip install pyvips pillow; apt-get install libvips-tools imagemagick. Run from the repository root:
    python3 Benchmarks/compare.py [--runs 7] [--ops rotate,scale] [--rounds 1]
Everything is measured in memory (no codec time), on RGBA (4 channels, as Decor always works), one thread and
all threads where the tool can be told. ImageMagick is timed as a whole command minus the same command without
the operation (reading the MIFF and discarding the result). With several rounds, every tool is measured once per
round, in turn, and the table gives the median over the rounds.

Operations: `rotate` is a 30° rotation, bilinear and bicubic (each tool's own cubic); `scale` halves the image
(2048²): Decor's default `scale 0.5` (Catmull-Rom widened to the 2× footprint, 8 taps per axis), libvips's default
`resize(0.5)` (Lanczos 3 over its footprint, 13 taps per axis, in integer arithmetic), Pillow's
`resize(BICUBIC)` and ImageMagick's `-filter Catrom -resize 50%` (both the same Catmull-Rom as Decor's).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

import pyvips
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=7)
parser.add_argument("--ops", default="rotate,scale", help="comma-separated: rotate, scale")
parser.add_argument("--rounds", type=int, default=1)
args = parser.parse_args()
ops = args.ops.split(",")
cores = os.cpu_count() or 1
pyvips.cache_set_max(0)

def build_input(path):
    # The astronaut photo tiled 8×8 to 4096², made by Decor's own CLI so every tool reads the same pixels.
    subprocess.run(["swift", "build", "-c", "release", "--product", "decor"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([os.path.join(ROOT, ".build/release/decor"), os.path.join(ROOT, "SampleImages/astronaut.png"),
                    "tile 4096x4096", "-o", path], check=True)

def median_time(fn):
    fn()
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)

tmp = tempfile.mkdtemp()
png = os.path.join(tmp, "input-4096.png")
build_input(png)
mpx = 4096 * 4096 / 1e6
samples = {}  # (operation, threads) -> {tool: [mpx/s per round]}
def record(op, threads, tool, rate):
    samples.setdefault((op, threads), {}).setdefault(tool, []).append(rate)

vimage = pyvips.Image.new_from_file(png, access="sequential").copy_memory()
if vimage.bands == 3:
    vimage = vimage.bandjoin(255).copy_memory()
pimage = Image.open(png).convert("RGBA")
pimage.load()
miff = os.path.join(tmp, "input.miff")
subprocess.run(["/usr/bin/convert", png, "-alpha", "on", miff], check=True)
def magick(threads, extra):
    env = dict(os.environ, MAGICK_THREAD_LIMIT=str(threads))
    return lambda: subprocess.run(["/usr/bin/convert", miff] + extra + ["null:"], env=env, check=True)

def decor(filter_word):
    bench = subprocess.run([os.path.join(ROOT, ".build/release/decor-bench"), filter_word, f"--runs={args.runs}"],
                           cwd=ROOT, check=True, capture_output=True, text=True).stdout
    for line in bench.splitlines():
        row = json.loads(line)
        op, threads = row["name"].rsplit("-", 1)
        record(op, int(threads[:-1]), "Decor", row["mpx_per_s"])

def rotate_round():
    decor("rotate")
    # libvips
    for interpolation in ["bilinear", "bicubic"]:
        for threads in sorted({1, cores}):
            pyvips.concurrency_set(threads)
            interp = pyvips.Interpolate.new(interpolation)
            seconds = median_time(lambda: vimage.rotate(30, interpolate=interp).copy_memory())
            record(f"rotate-{interpolation}", threads, "libvips", mpx / seconds)
    # Pillow (single-threaded; its angles turn counter-clockwise)
    for interpolation, resample in [("bilinear", Image.BILINEAR), ("bicubic", Image.BICUBIC)]:
        seconds = median_time(lambda: pimage.rotate(-30, resample=resample, expand=True))
        record(f"rotate-{interpolation}", 1, "Pillow", mpx / seconds)
    # ImageMagick: -distort with a point filter uses the -interpolate setting, as a plain resampler does.
    for interpolation, name in [("bilinear", "bilinear"), ("bicubic", "catrom")]:
        for threads in sorted({1, cores}):
            base = median_time(magick(threads, []))
            total = median_time(magick(threads, ["-virtual-pixel", "transparent", "-filter", "point",
                                                 "-interpolate", name, "+distort", "SRT", "30"]))
            record(f"rotate-{interpolation}", threads, "ImageMagick", mpx / (total - base))

def scale_round():
    decor("scale")
    for threads in sorted({1, cores}):
        pyvips.concurrency_set(threads)
        seconds = median_time(lambda: vimage.resize(0.5).copy_memory())
        record("scale-0.5-bicubic", threads, "libvips", mpx / seconds)
    seconds = median_time(lambda: pimage.resize((2048, 2048), resample=Image.BICUBIC))
    record("scale-0.5-bicubic", 1, "Pillow", mpx / seconds)
    for threads in sorted({1, cores}):
        base = median_time(magick(threads, []))
        total = median_time(magick(threads, ["-filter", "Catrom", "-resize", "50%"]))
        record("scale-0.5-bicubic", threads, "ImageMagick", mpx / (total - base))

subprocess.run(["swift", "build", "-c", "release", "--product", "decor-bench"], cwd=ROOT, check=True,
               stdout=subprocess.DEVNULL)
for round_number in range(args.rounds):
    if args.rounds > 1:
        print(f"round {round_number + 1} of {args.rounds}", file=sys.stderr)
    for op in ops:
        {"rotate": rotate_round, "scale": scale_round}[op]()
results = {key: {tool: round(statistics.median(rates), 1) for tool, rates in row.items()}
           for key, row in samples.items()}

tools = ["Decor", "libvips", "Pillow", "ImageMagick"]
rounds = f", median of {args.rounds} rounds" if args.rounds > 1 else ""
print(f"| operation (4096² RGBA, Mpx/s, median of {args.runs}{rounds}) | threads | " + " | ".join(tools)
      + " | Decor ÷ libvips | Decor ÷ Pillow | Decor ÷ ImageMagick |")
print("| --- | ---: |" + " ---: |" * (len(tools) + 3))
for (op, threads), row in sorted(results.items()):
    cells = [str(row.get(t, "–")) for t in tools]
    ratios = [f"{row['Decor'] / row[t]:.2f}×" if t in row and "Decor" in row else "–" for t in tools[1:]]
    print(f"| {op} | {threads} | " + " | ".join(cells + ratios) + " |")
