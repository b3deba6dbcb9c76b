#!/usr/bin/env bash
# Builds the DocC documentation of Decor and DecorTesting and fails on any warning, or on a public top-level symbol
# that the catalogue's landing page does not place in a Topics group (DocC would file it under a generated section).
#
# `Decor` is an umbrella module that re-exports DecorCore, DecorCodecs, DecorChain, DecorFiles and DecorText. The
# symbol graph the compiler writes during a build holds the re-exported symbols; the one swift-symbolgraph-extract
# makes (what `swift package generate-documentation` uses) does not. So the graphs come from a build (in a scratch
# folder of their own, so that the flags do not rebuild .build/debug) and `docc convert` turns them into the archive:
# .build/documentation/Decor.doccarchive and DecorTesting.doccarchive.
#
# DECOR_SYMBOL_GRAPHS names a folder of graphs a build has already written (CI's test build does, with the flags
# below), and then nothing is built here.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/documentation
if [ -n "${DECOR_SYMBOL_GRAPHS:-}" ]; then
  graphs=$DECOR_SYMBOL_GRAPHS
  [ -s "$graphs/Decor.symbols.json" ] || { echo "documentation: no Decor.symbols.json in $graphs" >&2; exit 1; }
else
  scratch=.build/symbol-graphs
  graphs="$scratch/graphs"
  rm -rf "$graphs"
  mkdir -p "$graphs"
  swift build --scratch-path "$scratch" --target DecorTesting \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
fi
status=0
for target in Decor DecorTesting; do
  # The module's own graph and the extensions it declares on other modules' types (Module@Other.symbols.json).
  input=$(mktemp -d)
  cp "$graphs/$target.symbols.json" "$input/"
  find "$graphs" -name "$target@*.symbols.json" -exec cp {} "$input/" \;
  log=$(mktemp)
  docc convert "Sources/$target/$target.docc" --additional-symbol-graph-dir "$input" \
    --fallback-display-name "$target" --fallback-bundle-identifier "$target" \
    --output-path ".build/documentation/$target.doccarchive" >"$log" 2>&1 || { cat "$log"; exit 1; }
  if grep -q "^warning" "$log"; then
    grep -A8 "^warning" "$log"
    echo "documentation: $target has DocC warnings"
    status=1
  fi
  rm -f "$log"
  python3 - "$input/$target.symbols.json" "Sources/$target/$target.docc/$target.md" "$target" <<'PY' || status=1
import json, re, sys
graph, landing, target = sys.argv[1:]
symbols = json.load(open(graph))["symbols"]
top = {s["names"]["title"] for s in symbols if len(s["pathComponents"]) == 1}
curated = set(re.findall(r"``([^`]+)``", open(landing).read()))
missing = sorted(top - curated)
for name in missing:
    print(f"documentation: {target}.{name} is in no Topics group of {landing}")
print(f"documentation: {target}: {len(top)} public top-level symbols, {len(top) - len(missing)} in a Topics group")
sys.exit(1 if missing else 0)
PY
  rm -rf "$input"
done
exit $status
