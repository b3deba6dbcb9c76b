#!/usr/bin/env bash
# Builds the fuzz targets (as Fuzz/README.md says) and runs each over its committed corpus once, without mutating:
# every input a fuzzing run ever kept must still parse, round-trip and render without a finding. CI runs this
# (`.ci/run`); the long fuzzing runs are by hand.
set -euo pipefail
cd "$(dirname "$0")"
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
# One build of every fuzz target (the package has nothing else): one plan, the links side by side.
swift build "${flags[@]}"
# A text step or a scene's text layer resolves its font through fontconfig, which leaves 288 bytes at exit (named in
# Scripts/lsan-suppressions.txt): the chain and scene corpora hold such inputs.
LSAN_OPTIONS=suppressions=../Scripts/lsan-suppressions.txt .build/release/FuzzChain -runs=0 -timeout=10 \
  -rss_limit_mb=4096 Corpus/chain
LSAN_OPTIONS=suppressions=../Scripts/lsan-suppressions.txt .build/release/FuzzScene -runs=0 -timeout=10 \
  -rss_limit_mb=4096 Corpus/scene
.build/release/FuzzJPEG -runs=0 -timeout=10 -rss_limit_mb=4096 Corpus/jpeg
.build/release/FuzzPNG -runs=0 -timeout=10 -rss_limit_mb=4096 Corpus/png
.build/release/FuzzWebP -runs=0 -timeout=10 -rss_limit_mb=4096 Corpus/webp
.build/release/FuzzGIF -runs=0 -timeout=10 -rss_limit_mb=4096 Corpus/gif
.build/release/FuzzTIFF -runs=0 -timeout=10 -rss_limit_mb=4096 Corpus/tiff
# dav1d (through libheif 1.15) leaks 40 bytes on some damaged AV1 streams: named in Scripts/lsan-suppressions.txt.
LSAN_OPTIONS=suppressions=../Scripts/lsan-suppressions.txt .build/release/FuzzHEIF -runs=0 -timeout=10 \
  -rss_limit_mb=4096 Corpus/heif
echo "check: the fuzz targets build and replay their corpora with no finding"
