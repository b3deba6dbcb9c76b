#!/usr/bin/env bash
# Builds the DocC documentation of Decor and DecorTesting and fails on any warning, or on a public top-level symbol
# that the catalogue's landing page does not place in a Topics group (DocC would file it under a generated section).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for target in Decor DecorTesting; do
  log=$(mktemp)
  swift package --disable-sandbox generate-documentation --target "$target" >"$log" 2>&1 || { cat "$log"; exit 1; }
  if grep -q "^warning" "$log"; then
    grep -A8 "^warning" "$log"
    echo "documentation: $target has DocC warnings"
    status=1
  fi
  rm -f "$log"
  graph=$(find .build -path "*/extracted-symbols/*/$target/$target.symbols.json" -newer Package.swift | head -1)
  [ -n "$graph" ] || { echo "documentation: no symbol graph for $target"; exit 1; }
  python3 - "$graph" "Sources/$target/$target.docc/$target.md" "$target" <<'PY' || status=1
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
done
exit $status
