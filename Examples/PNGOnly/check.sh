#!/usr/bin/env bash
# Builds the package that depends on Decor with no traits, runs its program on a sample PNG, runs its tests, and
# checks that neither the program nor the tests link a native library a trait brings, nor resolve
# swift-argument-parser. Exit 0 when all of that holds.
set -euo pipefail
cd "$(dirname "$0")"
export -n DECOR_RECORD 2>/dev/null || true
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

swift build --build-tests >/dev/null
bin=$(swift build --show-bin-path)
"$bin/shadowed" ../../SampleImages/horse-cutout.png "$out/shadowed.png"
[ -s "$out/shadowed.png" ] || { echo "check: shadowed wrote no PNG"; exit 1; }
swift test --skip-build 2>&1 | tail -3
# Every library a trait brings, and what those libraries pull in.
traits='lib(heif|tiff|freetype|harfbuzz|fontconfig|fribidi|unibreak|jpeg|turbojpeg|webp|sharpyuv|gif|lcms2|x265|aom|dav1d|de265|glib|graphite2)\b'
for binary in "$bin/shadowed" "$bin/PNGOnlyPackageTests.xctest"; do
  if ldd "$binary" | grep -E "$traits"; then
    echo "check: $(basename "$binary") links a library of a trait left off (above)"
    exit 1
  fi
done
# The CLI trait is off too, so swift-argument-parser, which only the decor command uses, is not even resolved.
if swift package show-dependencies | grep -q swift-argument-parser; then
  echo "check: a package with traits [] resolves swift-argument-parser"
  exit 1
fi
echo "check: with traits [] the program and its tests build, run and link $(ldd "$bin/shadowed" | wc -l) shared" \
  "objects, none of a trait's"
