#!/usr/bin/env bash
# Rewrites the generated reference of the chain language in Documentation/Filters.md (between the BEGIN and END
# marker comments) with the output of `decor filters --markdown`, and the chain fuzzer's dictionary Fuzz/chain.dict
# with `decor filters --fuzz-dictionary`, both generated from the filters' declarations; the tests fail when either
# differs.
set -euo pipefail
cd "$(dirname "$0")/.."
file=Documentation/Filters.md
begin='<!-- BEGIN decor filters --markdown'
end='<!-- END decor filters --markdown -->'
reference=$(mktemp)
rewritten=$(mktemp)
trap 'rm -f "$reference" "$rewritten"' EXIT
swift build --product decor >&2
"$(swift build --show-bin-path)/decor" filters --markdown >"$reference"
# Keeps the marker lines and everything outside them; replaces what is between them. Fails unless there is exactly
# one BEGIN followed by one END.
awk -v begin="$begin" -v end="$end" -v reference="$reference" '
  index($0, begin) == 1 {
    if (state != 0) { exit 2 }
    print
    while ((getline line < reference) > 0) print line
    state = 1
    next
  }
  $0 == end { if (state != 1) { exit 2 } print; state = 2; next }
  state != 1 { print }
  END { if (state != 2) exit 2 }
' "$file" >"$rewritten" || {
  echo "filter-reference: $file needs one line starting \"$begin\" and, after it, one \"$end\"" >&2
  exit 1
}
if cmp -s "$file" "$rewritten"; then
  echo "filter-reference: $file is up to date" >&2
else
  cat "$rewritten" >"$file"
  echo "filter-reference: $file rewritten" >&2
fi
dictionary=Fuzz/chain.dict
"$(swift build --show-bin-path)/decor" filters --fuzz-dictionary >"$rewritten"
if cmp -s "$dictionary" "$rewritten"; then
  echo "filter-reference: $dictionary is up to date" >&2
else
  cat "$rewritten" >"$dictionary"
  echo "filter-reference: $dictionary rewritten" >&2
fi
