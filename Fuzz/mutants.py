#!/usr/bin/env python3
"""Seeded mutant runner: damages small valid images of every input format and runs the built `decor` on them.

For each of eight kinds (`png`, `png-crc`, `jpeg`, `webp`, `gif`, `tiff`, `heic`, `avif`) it takes a few small
valid seed files from the repository's fixtures (`Tests/Fixtures/...`) and makes N mutants (default 450 per kind,
3,600 in all). Each mutant is one seed with 1 to 4 mutations: bit flips, random byte overwrites, runs of 0x00 or
0xFF, truncation at a random point, a random span duplicated or deleted, random bytes inserted, or a random 4-byte
field (big- or little-endian) set to 0, 1, 0x7FFFFFFF, 0xFFFFFFFF or 0x10000. `png-crc` mutants then have every
chunk's CRC recomputed, so that libpng gets past its CRC check and reads the damaged chunk data. Every mutant comes
from `random.Random("SEED:KIND:INDEX")`: the same `--seed` gives the same mutants, whatever `--count`, `--kinds` or
`--jobs` say (a smaller `--count` makes the first mutants of the full run).

Each mutant is run twice, each time in a fresh empty folder and with a timeout (20 s):

    decor apply MUTANT 'rotate 10' -o out.png
    decor info MUTANT

Each run's exit status (or the signal that ended it), wall time, peak RSS (from GNU time's `%M` when
`/usr/bin/time` is there; otherwise from `os.wait4`, which also counts this script's worker, so an upper bound) and
the number of stderr lines and bytes are recorded. A run is a finding when it:

- ends on a signal, or is stopped at the timeout;
- exits with a status other than 0 or 1;
- exits 1 with stderr other than exactly one line (a line a library prints itself, like dav1d's `Unknown OBU
  type`, counts: the finding says how many lines do not start `decor: `), or with 1,000 bytes of stderr or more;
- is `apply`, exits 0 and leaves no out.png, or exits 1 and leaves one;
- leaves any other file in its folder (a `.out.png.decor-tmp-*`, say; not checked after a timeout's kill);
- is `apply`, exits 0, and Pillow cannot open and load out.png (only when Pillow is installed; the summary says
  when this check was skipped).

The summary gives, per kind, the mutants, runs, exit 0 and exit 1 counts, findings, largest peak RSS and longest
wall time, then totals, the time per mutant and run, and every finding. Each finding's mutant is written to the
`--keep` folder (default `mutant-findings/`) as KIND-INDEX.EXT, to replay by hand. The exit status is 1 when there
is any finding, else 0.

Python 3.11 standard library; Pillow is optional (`pip install pillow`). Not run by CI. From the repository root,
after `swift build -c release --product decor`:

    python3 Fuzz/mutants.py                           # 450 mutants per kind, 2 workers
    python3 Fuzz/mutants.py --count 20 --kinds png,jpeg /path/to/decor
    python3 Fuzz/mutants.py --seed 7 --jobs 1 --keep /tmp/finds
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import os
import random
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

try:
    import PIL.Image

    PIL.Image.MAX_IMAGE_PIXELS = None  # decor's own limit (2^28 pixels) is the one that matters here
    HAVE_PILLOW = True
except ImportError:
    HAVE_PILLOW = False

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "Fixtures"

# Small valid seeds per kind (all under 15 KB; every one reads and applies with exit 0), and the extension
# the mutant is written with.
PNG_SEEDS = [
    "PngSuite/basn0g02.png",  # grey, 2-bit
    "PngSuite/basn3p01.png",  # palette, 1-bit
    "PngSuite/basn4a08.png",  # grey + alpha
    "PngSuite/basn2c08.png",  # RGB
    "PngSuite/basn6a08.png",  # RGBA
    "PngSuite/ibasn2c08.png",  # interlaced RGB
    "PngSuite/basn0g16.png",  # grey, 16-bit
    "PngSuite/ftbbn0g04.png",  # grey with tRNS and bKGD
]
SEEDS: dict[str, tuple[str, list[str]]] = {
    "png": (".png", PNG_SEEDS),
    "png-crc": (".png", PNG_SEEDS),
    "jpeg": (".jpg", [
        "JPEG/orientation-6.jpg",
        "JPEG/photo-420.jpg",
        "JPEG/photo-444.jpg",
        "JPEG/photo-grey.jpg",
        "JPEG/photo-progressive.jpg",
        "JPEG/cmyk.jpg",
        "JPEG/icc.jpg",
    ]),
    "webp": (".webp", [
        "WebP/photo-lossy.webp",
        "WebP/cutout-lossy.webp",
        "WebP/cutout-lossless.webp",
        "WebP/animated.webp",
    ]),
    "gif": (".gif", [
        "GIF/offset-local.gif",
        "GIF/cutout.gif",
        "GIF/animated.gif",
        "GIF/photo.gif",
        "GIF/photo-interlaced.gif",
    ]),
    "tiff": (".tif", [
        "TIFF/grey8.tif",
        "TIFF/rgb8-lzw.tif",
        "TIFF/rgba8-associated-deflate.tif",
        "TIFF/grey16-tiles.tif",
        "TIFF/palette8.tif",
        "TIFF/rgb8-planar.tif",
        "TIFF/multipage.tif",
    ]),
    "heic": (".heic", [
        "HEIF/photo.heic",
        "HEIF/rotated.heic",
        "HEIF/meta.heic",
        "HEIF/alpha.heic",
    ]),
    "avif": (".avif", [
        "HEIF/photo420.avif",
        "HEIF/photo.avif",
        "HEIF/alpha.avif",
        "HEIF/photo10.avif",
    ]),
}
KINDS = list(SEEDS)
SEED_SIZE_LIMIT = 200 * 1024

EXTREME_VALUES = [0, 1, 0x7FFFFFFF, 0xFFFFFFFF, 0x10000]
STDERR_BYTE_LIMIT = 1000
TIME_BINARY = "/usr/bin/time"


# Mutations. Each takes the generator and the bytes, and changes the bytes in place.

def flip_bits(rng: random.Random, data: bytearray) -> None:
    """Flips 1 to 8 random bits."""
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)


def overwrite_bytes(rng: random.Random, data: bytearray) -> None:
    """Overwrites 1 to 8 random bytes with random values."""
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)


def fill_run(rng: random.Random, data: bytearray) -> None:
    """Overwrites a run of 1 to 64 bytes with 0x00 or 0xFF."""
    if data:
        start = rng.randrange(len(data))
        length = min(rng.randint(1, 64), len(data) - start)
        data[start:start + length] = bytes([rng.choice((0x00, 0xFF))]) * length


def truncate(rng: random.Random, data: bytearray) -> None:
    """Cuts the bytes off at a random point (possibly leaving nothing)."""
    if data:
        del data[rng.randrange(len(data)):]


def duplicate_span(rng: random.Random, data: bytearray) -> None:
    """Copies a random span of 1 to 256 bytes to a random position."""
    if data:
        start = rng.randrange(len(data))
        span = data[start:start + rng.randint(1, 256)]
        position = rng.randrange(len(data) + 1)
        data[position:position] = span


def delete_span(rng: random.Random, data: bytearray) -> None:
    """Deletes a random span of 1 to 256 bytes."""
    if data:
        start = rng.randrange(len(data))
        del data[start:start + rng.randint(1, 256)]


def insert_random(rng: random.Random, data: bytearray) -> None:
    """Inserts 1 to 64 random bytes at a random position."""
    position = rng.randrange(len(data) + 1)
    data[position:position] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))


def extreme_field(rng: random.Random, data: bytearray) -> None:
    """Sets a random 4-byte field, big- or little-endian, to 0, 1, 0x7FFFFFFF, 0xFFFFFFFF or 0x10000."""
    if len(data) >= 4:
        offset = rng.randrange(len(data) - 3)
        order = rng.choice((">", "<"))
        data[offset:offset + 4] = struct.pack(order + "I", rng.choice(EXTREME_VALUES))


MUTATIONS = [flip_bits, overwrite_bytes, fill_run, truncate, duplicate_span, delete_span, insert_random,
             extreme_field]


def fix_png_crcs(data: bytearray) -> None:
    """Recomputes the CRC of every whole chunk after the 8-byte signature, stopping at the first chunk whose length
    runs past the end (a damaged length leaves the rest as it is)."""
    position = 8
    while position + 12 <= len(data):
        (length,) = struct.unpack_from(">I", data, position)
        end = position + 8 + length
        if end + 4 > len(data):
            break
        struct.pack_into(">I", data, end, zlib.crc32(data[position + 4:end]))
        position = end + 4


def make_mutant(kind: str, index: int, seed: int, seeds: list[bytes]) -> tuple[bytes, str]:
    """Makes mutant number INDEX of KIND from its own generator; returns its bytes and a description of the
    seed file and mutations (for the findings list)."""
    rng = random.Random(f"{seed}:{kind}:{index}")
    seed_index = rng.randrange(len(seeds))
    data = bytearray(seeds[seed_index])
    names = []
    for _ in range(rng.randint(1, 4)):
        mutation = rng.choice(MUTATIONS)
        mutation(rng, data)
        names.append(mutation.__name__)
    if kind == "png-crc":
        fix_png_crcs(data)
    seed_name = Path(SEEDS[kind][1][seed_index]).name
    return bytes(data), f"{seed_name} + {', '.join(names)}"


@dataclasses.dataclass
class Run:
    """One command's run on one mutant, and what was wrong with it (empty when nothing was)."""
    kind: str
    index: int
    command: str  # "apply" or "info"
    returncode: int | None  # negative: the signal that ended it; None after a timeout
    timed_out: bool
    wall: float  # seconds
    peak_rss_kb: int | None
    stderr_lines: int
    stderr_bytes: int
    stderr_head: str  # the first 400 bytes
    problems: list[str]


def wait_with_timeout(process: subprocess.Popen, timeout: float) -> tuple[int, object, bool]:
    """Waits for PROCESS (the leader of its own session) for at most TIMEOUT seconds, killing its whole process
    group when the time is up; returns the wait status, the child's resource usage (from `os.wait4`) and whether
    it was killed at the timeout."""
    timed_out = False
    if hasattr(os, "pidfd_open"):
        descriptor = os.pidfd_open(process.pid)
        try:
            ready, _, _ = select.select([descriptor], [], [], timeout)
        finally:
            os.close(descriptor)
        if not ready:
            timed_out = True
    else:
        deadline = time.monotonic() + timeout
        while os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
            if time.monotonic() > deadline:
                timed_out = True
                break
            time.sleep(0.005)
    if timed_out:
        os.killpg(process.pid, signal.SIGKILL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)  # so that Popen never waits for it again
    return status, usage, timed_out


def run_command(argv: list[str], folder: Path, scratch: Path, timeout: float, use_time: bool) -> dict:
    """Runs ARGV in FOLDER (empty) with stdin and stdout closed off and stderr to a file in SCRATCH; returns its
    return code (negative for a signal), whether it timed out, wall time, peak RSS in KB and stderr."""
    stderr_path = scratch / "stderr"
    rusage_path = scratch / "rusage"
    full = argv
    if use_time:
        full = [TIME_BINARY, "-o", str(rusage_path), "-f", "peak-rss-kb %M"] + argv
    with open(stderr_path, "wb") as stderr:
        started = time.monotonic()
        process = subprocess.Popen(full, cwd=folder, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=stderr, start_new_session=True)
        status, usage, timed_out = wait_with_timeout(process, timeout)
        wall = time.monotonic() - started
    returncode = os.waitstatus_to_exitcode(status)
    peak_rss_kb = usage.ru_maxrss  # Linux: KB, but at least this script's worker's own peak
    if use_time:
        # GNU time exits with the command's status (128 + N for signal N) and writes
        # "Command terminated by signal N" before its format line.
        peak_rss_kb = None
        report = rusage_path.read_text(errors="replace") if rusage_path.exists() else ""
        for line in report.splitlines():
            if line.startswith("Command terminated by signal "):
                returncode = -int(line.rsplit(" ", 1)[1])
            elif line.startswith("peak-rss-kb "):
                peak_rss_kb = int(line.split()[1])
    stderr_bytes = stderr_path.read_bytes()
    return {
        "returncode": None if timed_out else returncode,
        "timed_out": timed_out,
        "wall": wall,
        "peak_rss_kb": peak_rss_kb,
        "stderr": stderr_bytes,
    }


def count_lines(text: bytes) -> int:
    """Counts lines: newline-separated pieces, a last one without a newline counting too."""
    return text.count(b"\n") + (1 if text and not text.endswith(b"\n") else 0)


def describe_signal(number: int) -> str:
    """Names signal NUMBER, as `SIGSEGV (11)`."""
    try:
        return f"{signal.Signals(number).name} ({number})"
    except ValueError:
        return f"signal {number}"


def pillow_problem(path: Path) -> str | None:
    """Opens and loads PATH with Pillow; returns what went wrong, or None."""
    try:
        with PIL.Image.open(path) as image:
            image.load()
    except Exception as error:  # any failure to read is the finding
        return f"out.png unreadable by Pillow: {type(error).__name__}: {error}"
    return None


def check_run(command: str, result: dict, folder: Path, check_pillow: bool) -> list[str]:
    """Lists what is wrong with one run (see the module docstring), given its result and its folder afterwards."""
    problems = []
    code = result["returncode"]
    stderr = result["stderr"]
    if result["timed_out"]:
        problems.append("timed out (killed)")
    elif code < 0:
        problems.append(f"killed by {describe_signal(-code)}")
    elif code not in (0, 1):
        problems.append(f"exit status {code}")
    elif code == 1:
        lines = count_lines(stderr)
        if lines != 1:
            others = [line for line in stderr.splitlines() if line and not line.startswith(b"decor: ")]
            note = f" ({len(others)} of them not decor's own)" if others else ""
            problems.append(f"exit 1 with {lines} stderr lines{note}")
        if len(stderr) >= STDERR_BYTE_LIMIT:
            problems.append(f"exit 1 with {len(stderr)} bytes of stderr")
    left = sorted(os.listdir(folder))
    has_output = "out.png" in left
    if command == "apply":
        if code == 0 and not has_output:
            problems.append("exit 0 without out.png")
        if code == 1 and has_output:
            problems.append("out.png left after exit 1")
        if code == 0 and has_output and check_pillow:
            problem = pillow_problem(folder / "out.png")
            if problem:
                problems.append(problem)
        if code in (0, 1):
            left = [name for name in left if name != "out.png"]  # out.png itself is judged above
    if left and not result["timed_out"]:
        problems.append("left in the folder: " + ", ".join(left))
    return problems


def run_mutant(job: tuple) -> list[Run]:
    """Runs `apply` and `info` on one mutant, each in a fresh empty folder; returns both runs, checked."""
    kind, index, extension, data, decor, timeout, use_time, check_pillow = job
    commands = {
        "apply": lambda mutant: [decor, "apply", mutant, "rotate 10", "-o", "out.png"],
        "info": lambda mutant: [decor, "info", mutant],
    }
    runs = []
    with tempfile.TemporaryDirectory(prefix="decor-mutant-") as root:
        root = Path(root)
        mutant = root / f"mutant{extension}"
        mutant.write_bytes(data)
        for command, argv in commands.items():
            folder = root / f"run-{command}"
            folder.mkdir()
            scratch = root / f"scratch-{command}"
            scratch.mkdir()
            result = run_command(argv(str(mutant)), folder, scratch, timeout, use_time)
            problems = check_run(command, result, folder, check_pillow)
            stderr = result["stderr"]
            runs.append(Run(kind, index, command, result["returncode"], result["timed_out"], result["wall"],
                            result["peak_rss_kb"], count_lines(stderr), len(stderr),
                            stderr[:400].decode(errors="replace"), problems))
    return runs


def load_seeds(kinds: list[str]) -> dict[str, list[bytes]]:
    """Reads the seed files of KINDS, refusing any that is missing or not under 200 KB."""
    seeds = {}
    for kind in kinds:
        files = []
        for name in SEEDS[kind][1]:
            path = FIXTURES / name
            if not path.is_file():
                sys.exit(f"mutants: seed {path} is missing")
            if path.stat().st_size >= SEED_SIZE_LIMIT:
                sys.exit(f"mutants: seed {path} is not under 200 KB")
            files.append(path.read_bytes())
        seeds[kind] = files
    return seeds


def parse_arguments() -> argparse.Namespace:
    """Reads the command line."""
    parser = argparse.ArgumentParser(description="Run decor apply and decor info on seeded mutants of small "
                                     "valid images of every input format, and report findings.")
    parser.add_argument("decor", nargs="?", default=".build/release/decor",
                        help="the decor binary (default: .build/release/decor)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutants (default 1)")
    parser.add_argument("--count", type=int, default=450, help="mutants per kind (default 450)")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help=f"comma-separated kinds (default all: {','.join(KINDS)})")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--timeout", type=float, default=20, help="seconds per run (default 20)")
    parser.add_argument("--keep", default="mutant-findings",
                        help="folder for the findings' mutants (default mutant-findings/)")
    arguments = parser.parse_args()
    arguments.kinds = [kind.strip() for kind in arguments.kinds.split(",") if kind.strip()]
    unknown = [kind for kind in arguments.kinds if kind not in SEEDS]
    if unknown:
        parser.error(f"unknown kind {', '.join(unknown)} (kinds: {', '.join(KINDS)})")
    if arguments.count < 1 or arguments.jobs < 1:
        parser.error("--count and --jobs must be at least 1")
    arguments.decor = str(Path(arguments.decor).absolute())
    if not os.access(arguments.decor, os.X_OK):
        parser.error(f"{arguments.decor} is not an executable (build it, or give its path)")
    return arguments


def print_summary(kinds: list[str], count: int, runs: list[Run], elapsed: float, arguments, use_time: bool) -> None:
    """Prints the per-kind table, the totals and the timing."""
    header = f"{'kind':<8} {'mutants':>7} {'runs':>5} {'exit 0':>6} {'exit 1':>6} {'other':>5} {'findings':>8} " \
             f"{'max RSS MB':>10} {'max wall s':>10}"
    print(header)
    print("-" * len(header))

    def row(name: str, mutants: int, selected: list[Run]) -> None:
        exit0 = sum(run.returncode == 0 for run in selected)
        exit1 = sum(run.returncode == 1 for run in selected)
        findings = sum(bool(run.problems) for run in selected)
        rss = [run.peak_rss_kb for run in selected if run.peak_rss_kb is not None]
        max_rss = f"{max(rss) / 1024:.1f}" if rss else "?"
        max_wall = max((run.wall for run in selected), default=0.0)
        print(f"{name:<8} {mutants:>7} {len(selected):>5} {exit0:>6} {exit1:>6} "
              f"{len(selected) - exit0 - exit1:>5} {findings:>8} {max_rss:>10} {max_wall:>10.2f}")

    for kind in kinds:
        row(kind, count, [run for run in runs if run.kind == kind])
    print("-" * len(header))
    row("total", count * len(kinds), runs)
    mutants = count * len(kinds)
    print()
    print(f"seed {arguments.seed}, {arguments.jobs} worker(s), timeout {arguments.timeout:g} s, {arguments.decor}")
    print(f"{elapsed:.1f} s in all: {elapsed / mutants * 1000:.0f} ms per mutant (two runs), "
          f"{elapsed / len(runs) * 1000:.0f} ms per run wall-clock with the workers in parallel; "
          f"mean run {sum(run.wall for run in runs) / len(runs) * 1000:.0f} ms; "
          f"{len(KINDS) * 450} mutants (the default) would take about {elapsed / mutants * len(KINDS) * 450 / 60:.1f} min")
    if use_time:
        print("peak RSS: GNU time's %M")
    else:
        print(f"peak RSS: os.wait4 ({TIME_BINARY} missing), which also counts this script's worker: an upper bound")
    if not HAVE_PILLOW:
        print("Pillow is not installed: the 'out.png readable by Pillow' check was skipped (pip install pillow)")


def main() -> int:
    """Makes the mutants, runs them on the workers, prints the summary and keeps the findings' mutants."""
    arguments = parse_arguments()
    seeds = load_seeds(arguments.kinds)
    use_time = os.access(TIME_BINARY, os.X_OK)
    mutants: dict[tuple[str, int], tuple[bytes, str]] = {}
    jobs = []
    for kind in arguments.kinds:
        extension = SEEDS[kind][0]
        for index in range(arguments.count):
            data, description = make_mutant(kind, index, arguments.seed, seeds[kind])
            mutants[kind, index] = (data, description)
            jobs.append((kind, index, extension, data, arguments.decor, arguments.timeout, use_time, HAVE_PILLOW))

    started = time.monotonic()
    runs: list[Run] = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=arguments.jobs) as pool:
        for done, mutant_runs in enumerate(pool.map(run_mutant, jobs, chunksize=2), start=1):
            runs.extend(mutant_runs)
            if done % 50 == 0 or done == len(jobs):
                print(f"  {done}/{len(jobs)} mutants, {time.monotonic() - started:.0f} s, "
                      f"{sum(bool(run.problems) for run in runs)} findings", file=sys.stderr, flush=True)
    elapsed = time.monotonic() - started

    print_summary(arguments.kinds, arguments.count, runs, elapsed, arguments, use_time)
    findings = [run for run in runs if run.problems]
    if not findings:
        print("\nno findings")
        return 0
    keep = Path(arguments.keep)
    keep.mkdir(parents=True, exist_ok=True)
    print(f"\n{len(findings)} findings (mutants kept in {keep}/):")
    for run in findings:
        data, description = mutants[run.kind, run.index]
        path = keep / f"{run.kind}-{run.index:04d}{SEEDS[run.kind][0]}"
        path.write_bytes(data)
        print(f"- {run.kind} #{run.index} {run.command}: {'; '.join(run.problems)}")
        print(f"    {path} ({description}; {run.wall:.2f} s, stderr {run.stderr_lines} lines, "
              f"{run.stderr_bytes} bytes)")
        if run.stderr_head:
            print(f"    stderr: {run.stderr_head!r}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
