#!/usr/bin/env bash
# Runs the example package's golden tests as another package would, and checks their outcomes: the passing tests
# pass; the failing ones fail, leave the three images, and are reported at the assertion's line (Swift Testing's
# `Golden.expect`, XCTest's `assertGolden`, and the file and line in the thrown `Golden.assert` error), never at
# `<EXPR>:0`. Exit 0 when all of that holds.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf .golden-failures
export -n DECOR_RECORD 2>/dev/null || true
trap 'rm -f passing.log failing.log' EXIT

swift build --build-tests >/dev/null
if ! swift test --skip-build --filter Passing >passing.log 2>&1; then
  cat passing.log; echo "check: a passing golden test failed"; exit 1
fi
grep -q "Executed 1 test, with 0 failures" passing.log || { cat passing.log; echo "check: the XCTest test did not run"; exit 1; }
grep -q "✔ Test run with 3 tests" passing.log || { cat passing.log; echo "check: the Swift Testing tests did not run"; exit 1; }
if swift test --skip-build --filter Failing >failing.log 2>&1; then
  cat failing.log; echo "check: the failing golden tests passed"; exit 1
fi
line() { grep -n "$1" "Tests/BadgeTests/$2" | head -1 | cut -d: -f1; }
expect=$(line "Golden.expect(image" FailingGoldenTests.swift)
assert=$(line "try Golden.assert(image" FailingGoldenTests.swift)
xctest=$(line "assertGolden(image" FailingGoldenXCTests.swift)
grep -q "recorded an issue at FailingGoldenTests.swift:$expect:" failing.log \
  || { cat failing.log; echo "check: Golden.expect's failure is not at line $expect"; exit 1; }
grep -q "FailingGoldenTests.swift:$assert: badges/blue does not match its reference" failing.log \
  || { cat failing.log; echo "check: the thrown error does not name line $assert"; exit 1; }
grep -q "FailingGoldenXCTests.swift:$xctest: error: FailingGoldenXCTests.testRedBadge" failing.log \
  || { cat failing.log; echo "check: assertGolden's failure is not at line $xctest"; exit 1; }
if grep -q "<EXPR>:0" failing.log; then cat failing.log; echo "check: a failure is located at <EXPR>:0"; exit 1; fi
for image in actual reference diff; do
  [ -s ".golden-failures/badges/blue/$image.png" ] || { echo "check: missing $image.png"; exit 1; }
done
echo "check: the passing golden tests passed; the failing ones failed at the assertions' lines" \
  "($expect, $assert, $xctest) and left actual, reference and diff images"
