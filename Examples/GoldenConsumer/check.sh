#!/usr/bin/env bash
# Runs the example package's golden tests as another package would, and checks their outcomes: the passing test
# passes, the failing one fails and leaves the three images. Exit 0 when all of that holds.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf .golden-failures
export -n DECOR_RECORD 2>/dev/null || true

swift build --build-tests >/dev/null
if ! swift test --skip-build --filter PassingGoldenTests >passing.log 2>&1; then
  cat passing.log; echo "check: the passing golden test failed"; exit 1
fi
if swift test --skip-build --filter failingBadgeDiffersFromItsReference >failing.log 2>&1; then
  cat failing.log; echo "check: the failing golden test passed"; exit 1
fi
grep -q "does not match its reference" failing.log || { cat failing.log; echo "check: unexpected failure"; exit 1; }
for image in actual reference diff; do
  [ -s ".golden-failures/badges/blue/$image.png" ] || { echo "check: missing $image.png"; exit 1; }
done
rm -f passing.log failing.log
echo "check: the example package passed its golden test and failed the deliberately failing one, leaving actual, reference and diff images"
