#!/usr/bin/env python3
"""Decor's compositing kernels against pixman, side by side in one run, as a Markdown table.

Builds Benchmarks/pixman/pixman-bench.c (against the system's pixman, through pkg-config) and `decor-bench`
(release), then runs them in turn for several rounds: in each round, mode by mode, pixman then Decor on that mode
(Decor first in every other round), so that the two measurements of a mode are seconds apart and see the same
state of a shared, noisy machine. Each program reports, per mode, the median of `--runs` timings of one pass over
two 4096 x 4096 images (one thread), in wall-clock and in CPU time; the table gives, per mode, the median of those
medians over the rounds, in Mpx/s, and the ratios. The wall-clock ratio is the one the targets are about; the CPU
time one leaves out the time the scheduler gave other processes, which on a loaded machine can double a wall time.

With `--before PATH` (an earlier build's `decor-bench`, copied out of the build folder), that build is measured in
the same rounds, beside the two, for a before-and-after table.

    python3 Benchmarks/compare-compositing.py [--runs 7] [--rounds 3] [--modes normal,copy] [--scratch-path .build]
        [--before /tmp/decor-bench-before]

Kept out of the Swift package: it needs a C compiler and libpixman-1-dev (apt-get install libpixman-1-dev).
"""

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Decor's 28 modes, in its order (pixman has no plus-darker: its program prints nothing for that one).
MODES = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "hard-light",
         "soft-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "clear", "copy",
         "source-in", "source-out", "source-atop", "destination-over", "destination-in", "destination-out",
         "destination-atop", "xor", "plus-darker", "plus-lighter"]

# The targets set for the blend modes: Decor ÷ pixman, one thread.
TARGETS = {"normal": 1}
TARGETS.update({m: 4 for m in ["multiply", "screen", "overlay", "darken", "lighten", "difference", "exclusion",
                               "hard-light"]})
TARGETS.update({m: 3 for m in ["color-dodge", "color-burn", "soft-light", "hue", "saturation", "color",
                               "luminosity"]})


def run(command, **kwargs):
    return subprocess.run(command, check=True, text=True, capture_output=True, **kwargs).stdout


def lines(output):
    """The JSON objects of a benchmark's output, by name."""
    result = {}
    for line in output.splitlines():
        line = line.strip()
        if line.startswith("{"):
            case = json.loads(line)
            result[case["name"]] = case
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timings per mode and program in each round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds of pixman then Decor")
    parser.add_argument("--modes", help="comma-separated modes to measure (default: all)")
    parser.add_argument("--scratch-path", default=os.path.join(ROOT, ".build"), help="SwiftPM's build folder")
    parser.add_argument("--before", help="an earlier decor-bench to measure beside the current one")
    options = parser.parse_args()

    # The pixman program is built into SwiftPM's (git-ignored) build folder, beside decor-bench.
    os.makedirs(options.scratch_path, exist_ok=True)
    pixman = os.path.join(options.scratch_path, "pixman-bench")
    cflags = run(["pkg-config", "--cflags", "--libs", "pixman-1"]).split()
    run(["cc", "-O2", "-o", pixman, os.path.join(HERE, "pixman", "pixman-bench.c")] + cflags)
    run(["swift", "build", "-c", "release", "--scratch-path", options.scratch_path, "--product", "decor-bench"],
        cwd=ROOT)
    decor = os.path.join(options.scratch_path, "release", "decor-bench")

    commands = {"pixman": [pixman, f"--runs={options.runs}"],
                "decor": [decor, "compositing", "--json", f"--runs={options.runs}"]}
    if options.before:
        commands["before"] = [options.before, "compositing", "--json", f"--runs={options.runs}"]
    modes = options.modes.split(",") if options.modes else MODES
    megapixels = 4096 * 4096 / 1e6
    seconds = {tool: {} for tool in commands}
    cpu_seconds = {tool: {} for tool in commands}
    for round_number in range(options.rounds):
        print(f"round {round_number + 1} of {options.rounds}", file=sys.stderr)
        for mode in modes:
            tools = list(commands)
            if round_number % 2 == 1:
                tools.reverse()
            for tool in tools:
                for name, case in lines(run(commands[tool] + [mode])).items():
                    seconds[tool].setdefault(name, []).append(case["median_s"])
                    cpu_seconds[tool].setdefault(name, []).append(megapixels / case["mpx_per_cpu_s"])

    if options.before:
        before_table(options, seconds, cpu_seconds, megapixels)
        return
    version = run(["pkg-config", "--modversion", "pixman-1"]).strip()
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
               platform.processor())
    print(f"4096 x 4096 premultiplied RGBA, random alpha, one thread; {cpu}; pixman {version}; median of "
          f"{options.rounds} rounds x {options.runs} runs, the two programs interleaved mode by mode.\n")
    print("| mode | Decor Mpx/s | pixman Mpx/s | Decor ÷ pixman | CPU time: Decor ÷ pixman | target | met |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | :---: |")
    for name, times in seconds["decor"].items():
        decor_rate = megapixels / statistics.median(times)
        pixman_times = seconds["pixman"].get(name)
        target = TARGETS.get(name)
        if pixman_times:
            pixman_rate = megapixels / statistics.median(pixman_times)
            ratio = decor_rate / pixman_rate
            cpu_ratio = statistics.median(cpu_seconds["pixman"][name]) / statistics.median(cpu_seconds["decor"][name])
            cells = [f"{pixman_rate:.1f}", f"{ratio:.2f}×", f"{cpu_ratio:.2f}×"]
            met = "–" if target is None else ("yes" if ratio >= target else "**no**")
        else:
            cells = ["–", "–", "–"]
            met = "–"
        target_text = "–" if target is None else f"≥ {target}×"
        print(f"| {name} | {decor_rate:.1f} | {cells[0]} | {cells[1]} | {cells[2]} | {target_text} | {met} |")


def before_table(options, seconds, cpu_seconds, megapixels):
    """The earlier build, the current one and pixman, per mode: Mpx/s (wall clock) and the ratios to pixman in wall
    clock and CPU time."""
    print(f"Medians of {options.rounds} rounds x {options.runs} runs, the three programs interleaved mode by mode.\n")
    print("| mode | Decor before | Decor after | pixman | before ÷ pixman | after ÷ pixman | CPU time: before ÷ pixman "
          "| CPU time: after ÷ pixman |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, times in seconds["decor"].items():
        pixman_times = seconds["pixman"].get(name)
        if not pixman_times:
            continue
        rates = [megapixels / statistics.median(seconds[tool][name]) for tool in ["before", "decor", "pixman"]]
        cpu = [statistics.median(cpu_seconds[tool][name]) for tool in ["before", "decor", "pixman"]]
        print(f"| {name} | {rates[0]:.0f} | {rates[1]:.0f} | {rates[2]:.0f} | {rates[0] / rates[2]:.2f}× "
              f"| {rates[1] / rates[2]:.2f}× | {cpu[2] / cpu[0]:.2f}× | {cpu[2] / cpu[1]:.2f}× |")


if __name__ == "__main__":
    main()
