#!/usr/bin/env bash
# Builds the DecorSnapshotTesting package (which depends on the root package by path and on swift-snapshot-testing)
# and runs its tests, as CI does (`.ci/run`). Exit 0 when they pass.
set -euo pipefail
cd "$(dirname "$0")"
# A recorded reference must never be rewritten here: a missing or different one fails.
export -n SNAPSHOT_TESTING_RECORD 2>/dev/null || true

rm -rf .golden-failures
swift build --build-tests
swift test --skip-build
# The deliberately differing comparison of the tests left its three images where the golden assertions put theirs.
[ "$(find .golden-failures/snapshots -name '*.png' | wc -l)" -eq 3 ] \
  || { echo "check: the failing snapshot did not leave actual, reference and diff images"; exit 1; }
rm -rf .golden-failures
echo "check: DecorSnapshotTesting built and passed its tests, and a failing comparison left its three images"
