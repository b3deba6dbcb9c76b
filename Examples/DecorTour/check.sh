#!/usr/bin/env bash
# Builds the tour as another package would (depending on Decor by path), runs it on two sample images, checks that
# it wrote every image and that each decodes, then runs its tests (golden images included). Then the badge's golden
# tests: the passing ones pass; the failing ones fail, leave the three images, and are reported at the assertion's
# line (Swift Testing's `Golden.expect`, XCTest's `assertGolden`, and the file and line in the thrown
# `Golden.assert` error), never at `<EXPR>:0`. Exit 0 when all of that holds.
set -euo pipefail
cd "$(dirname "$0")"
export -n DECOR_RECORD 2>/dev/null || true
rm -rf .golden-failures
output=$(mktemp -d)
trap 'rm -rf "$output"; rm -f tour.log passing.log failing.log' EXIT

# One build of everything, the tests included.
swift build --build-tests >/dev/null
"$(swift build --show-bin-path)/decor-tour" ../../SampleImages/chelsea.png ../../SampleImages/horse-cutout.png \
  "$output" | tee tour.log
grep -q 'step 2: unknown filter "blurr"; did you mean "blur"?' tour.log \
  || { echo "check: the tour's error example did not say what went wrong"; exit 1; }
for image in framed framed-from-steps card drawing poster posterized card-1 card-2 card-3; do
  [ -s "$output/$image.png" ] || { echo "check: the tour did not write $image.png"; exit 1; }
done
[ -s "$output/card.json" ] || { echo "check: the tour did not write card.json"; exit 1; }
swift test --skip-build --filter TourTests 2>&1 | tail -5
echo "check: the tour ran every example and its tests passed"

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
rm -rf .golden-failures
echo "check: the passing golden tests passed; the failing ones failed at the assertions' lines" \
  "($expect, $assert, $xctest) and left actual, reference and diff images"
